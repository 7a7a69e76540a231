import Foundation
import JSON
import Primitives
import RenderPipeline
import SessionFormat

/// Prints diagnostics to stderr as `FILE:step N: warning|error: message`, or as JSON lines.
struct DiagnosticPrinter {
    let file: String
    let format: DiagnosticsFormat
    let quiet: Bool

    func print(_ ds: [Diagnostic]) {
        for d in ds {
            if quiet && d.severity != .error { continue }
            StdErr.write(format == .json ? json(d) : text(d))
        }
    }

    func text(_ d: Diagnostic) -> String {
        let step = d.step.map { ":step \($0)" } ?? ""
        return "\(file)\(step): \(d.severity.rawValue): \(d.message)"
    }

    func json(_ d: Diagnostic) -> String {
        var parts = ["\"file\":\(JSONWriter.quote(file))"]
        if let s = d.step { parts.append("\"step\":\(s)") }
        if let p = d.path { parts.append("\"path\":\(JSONWriter.quote(p))") }
        parts.append("\"severity\":\"\(d.severity.rawValue)\"")
        parts.append("\"code\":\(JSONWriter.quote(d.code))")
        parts.append("\"message\":\(JSONWriter.quote(d.message))")
        return "{" + parts.joined(separator: ",") + "}"
    }
}

/// Every line the CLI prints to stderr goes through here: control characters, line separators and
/// bidi controls from input are escaped (`OutputText`), so what a session or a file name holds can
/// never start a line of its own (a fake CI annotation) or drive the terminal (text and JSON
/// diagnostics alike: the escapes are JSON's).
enum StdErr {
    /// `line` as one line.
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((OutputText.line(line) + "\n").utf8))
    }

    /// A message of several lines made with `OutputText.lines` (its own line breaks kept; each line
    /// escaped again, which changes nothing in a line already made safe).
    static func write(lines text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { OutputText.line(String($0)) }
        FileHandle.standardError.write(Data((safe.joined(separator: "\n") + "\n").utf8))
    }
}

/// Every line the CLI prints to stdout goes through here, escaped as `StdErr` does. Buffered as
/// `print` is (a batch worker flushes it after each session).
enum StdOut {
    /// `line` as one line.
    static func write(_ line: String) { print(OutputText.line(line)) }

    /// A text of several lines made with `OutputText.lines`; `terminator` as `print`'s.
    static func write(lines text: String, terminator: String = "\n") {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { OutputText.line(String($0)) }
        print(safe.joined(separator: "\n"), terminator: terminator)
    }
}

import Foundation
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

enum StdErr {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

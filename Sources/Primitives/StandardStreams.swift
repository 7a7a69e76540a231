import Foundation

/// Every line the CLI prints to stderr goes through here: control characters, line separators and
/// bidi controls from input are escaped (`OutputText`), so what a session or a file name holds can
/// never start a line of its own (a fake CI annotation) or drive the terminal (text and JSON
/// diagnostics alike: the escapes are JSON's).
package enum StdErr {
    /// `line` as one line.
    package static func write(_ line: String) {
        FileHandle.standardError.write(Data((OutputText.line(line) + "\n").utf8))
    }

    /// A message of several lines made with `OutputText.lines` (its own line breaks kept; each line
    /// escaped again, which changes nothing in a line already made safe).
    package static func write(lines text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { OutputText.line(String($0)) }
        FileHandle.standardError.write(Data((safe.joined(separator: "\n") + "\n").utf8))
    }
}

/// Every line the CLI prints to stdout goes through here, escaped as `StdErr` does. Buffered as
/// `print` is (a batch worker flushes it after each session).
package enum StdOut {
    /// `line` as one line.
    package static func write(_ line: String) { print(OutputText.line(line)) }

    /// A text of several lines made with `OutputText.lines`; `terminator` as `print`'s.
    package static func write(lines text: String, terminator: String = "\n") {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { OutputText.line(String($0)) }
        print(safe.joined(separator: "\n"), terminator: terminator)
    }
}

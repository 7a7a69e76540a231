import Foundation
import JSON
import Primitives

/// How diagnostics are printed: `FILE:step N: severity: message` lines, or one JSON object per line.
package enum DiagnosticsFormat: String, Sendable { case text, json }

/// Prints diagnostics to stderr as `FILE:step N: warning|error: message`, or as JSON lines.
package struct DiagnosticPrinter {
    package let file: String
    package let format: DiagnosticsFormat
    package let quiet: Bool

    package init(file: String, format: DiagnosticsFormat, quiet: Bool) {
        self.file = file
        self.format = format
        self.quiet = quiet
    }

    package func print(_ ds: [Diagnostic]) {
        for d in ds {
            if quiet && d.severity != .error { continue }
            StdErr.write(format == .json ? json(d) : text(d))
        }
    }

    package func text(_ d: Diagnostic) -> String {
        let step = d.step.map { ":step \($0)" } ?? ""
        return "\(file)\(step): \(d.severity.rawValue): \(d.message)"
    }

    package func json(_ d: Diagnostic) -> String {
        var parts = ["\"file\":\(JSONWriter.quote(file))"]
        if let s = d.step { parts.append("\"step\":\(s)") }
        if let p = d.path { parts.append("\"path\":\(JSONWriter.quote(p))") }
        parts.append("\"severity\":\"\(d.severity.rawValue)\"")
        parts.append("\"code\":\(JSONWriter.quote(d.code))")
        parts.append("\"message\":\(JSONWriter.quote(d.message))")
        return "{" + parts.joined(separator: ",") + "}"
    }
}

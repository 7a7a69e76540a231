import Foundation
import ServeProtocol

/// The compiler's messages in a build's output: gcc's and clang's `file:line:col: error: message` (the column
/// optional, as in a linker script's or an older gcc's), `fatal error` and `warning` too. Errors first, then
/// warnings, each in the order printed, at most `limit`; the same message twice (a header included by two
/// files) once.
public enum BuildDiagnostics {
    static let limit = 50

    public static func parse(_ output: String) -> [BuildDiagnostic] {
        var errors: [BuildDiagnostic] = []
        var warnings: [BuildDiagnostic] = []
        var seen = Set<String>()
        for raw in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let d = line(String(raw)) else { continue }
            let key = "\(d.file):\(d.line):\(d.column ?? 0):\(d.severity):\(d.message)"
            guard seen.insert(key).inserted else { continue }
            if d.severity == "warning" { warnings.append(d) } else { errors.append(d) }
        }
        return Array((errors + warnings).prefix(limit))
    }

    /// One line as a diagnostic, or nil. The file is what comes before `:LINE:`; a Windows drive letter or a
    /// colon inside the name is not expected in a Linux build's paths.
    static func line(_ text: String) -> BuildDiagnostic? {
        var s = Substring(text.replacingOccurrences(of: "\r", with: ""))
        // Colour codes (a build run with -fdiagnostics-color=always).
        if s.contains("\u{1b}[") {
            s = Substring(s.replacingOccurrences(of: "\u{1b}\\[[0-9;]*[mK]", with: "", options: .regularExpression))
        }
        let parts = s.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count >= 4, !parts[0].isEmpty, let line = Int(parts[1]), line > 0 else { return nil }
        var column: Int?
        var rest: [Substring]
        if let c = Int(parts[2]) {
            column = c
            rest = Array(parts[3...])
        } else {
            rest = Array(parts[2...])
        }
        guard rest.count >= 2 else { return nil }
        let severity = rest[0].trimmingCharacters(in: .whitespaces)
        guard ["error", "fatal error", "warning"].contains(severity) else { return nil }
        let message = rest[1...].joined(separator: ":").trimmingCharacters(in: .whitespaces)
        return BuildDiagnostic(
            file: String(parts[0]).trimmingCharacters(in: .whitespaces), line: line, column: column,
            severity: severity, message: message)
    }

    /// The last `lines` lines of a build's output (for the page when no diagnostic could be read).
    static func tail(_ output: String, lines: Int = 30) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }
}

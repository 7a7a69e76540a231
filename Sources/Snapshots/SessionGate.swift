import Primitives

/// One diagnostic of a session as the judging commands report it: in their summaries, JSON reports,
/// JUnit (as a failure) and review pages (`FILE:step N: error: message`).
package struct SessionDiagnostic: Codable, Hashable, Sendable {
    package var file: String
    /// The step of the session's `steps` it belongs to (nil: the file as a whole).
    package var step: Int?
    /// `error` or `warning`.
    package var severity: String
    package var code: String
    package var message: String

    package init(file: String, step: Int?, severity: String, code: String, message: String) {
        self.file = file
        self.step = step
        self.severity = severity
        self.code = code
        self.message = message
    }

    package init(file: String, _ d: Diagnostic) {
        self.init(file: file, step: d.step, severity: d.severity.rawValue, code: d.code, message: d.message)
    }

    package var isError: Bool { severity == Diagnostic.Severity.error.rawValue }

    /// `FILE:step N: error: message`, the draw command's form.
    package var line: String {
        "\(file)\(step.map { ":step \($0)" } ?? ""): \(severity): \(message)"
    }
}

/// The gate every command that judges sessions applies (`validate`, `check`, `a11y`, `gallery`, the
/// draw command's `--out-dir`, `report merge`): a session with an error diagnostic fails the run with
/// exit code 5 (the draw command's `--strict` code), `--strict` fails it on warnings too, and
/// `--allow-errors` lets errors through as before (docs/decisions/2026-12-07-errors-fail-the-gate.md).
package struct SessionGate: Sendable {
    /// Exit code of a run the gate fails.
    package static let exitCode: Int32 = 5
    /// Warnings fail the run too.
    package var strict = false
    /// Errors do not fail the run (the behaviour before the gate).
    package var allowErrors = false

    package init(strict: Bool = false, allowErrors: Bool = false) {
        self.strict = strict
        self.allowErrors = allowErrors
    }

    /// The diagnostics a report keeps of a session: its errors, and with `--strict` its warnings (info never).
    package func kept(file: String, _ ds: [Diagnostic]) -> [SessionDiagnostic] {
        ds.filter { $0.severity == .error || (strict && $0.severity == .warning) }.map {
            SessionDiagnostic(file: file, $0)
        }
    }

    /// The diagnostics that fail the run: errors unless `--allow-errors`, warnings with `--strict`.
    package func failing(_ ds: [SessionDiagnostic]) -> [SessionDiagnostic] {
        ds.filter { $0.isError ? !allowErrors : strict && $0.severity == "warning" }
    }

    /// 5 when any diagnostic fails the run, else nil.
    package func exitCode(_ ds: [SessionDiagnostic]) -> Int32? { failing(ds).isEmpty ? nil : Self.exitCode }

    /// The summary's lines: `2 errors in 1 session (exit 5; --allow-errors lets them through):` and
    /// one `FILE:step N: error: message` line each; none when nothing fails.
    package func summary(_ ds: [SessionDiagnostic]) -> [String] {
        let failing = failing(ds)
        guard !failing.isEmpty else { return [] }
        let errors = failing.filter(\.isError).count
        let warnings = failing.count - errors
        let files = Set(failing.map(\.file)).count
        var what: [String] = []
        if errors > 0 { what.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { what.append(warnings == 1 ? "1 warning (--strict)" : "\(warnings) warnings (--strict)") }
        let how = errors > 0 ? "; --allow-errors lets errors through" : ""
        return ["\(what.joined(separator: " and ")) in \(files) session\(files == 1 ? "" : "s") (exit 5\(how)):"]
            + failing.map { "  " + $0.line }
    }
}

import Foundation

/// A problem found while decoding or replaying a session: the step is skipped or a default used,
/// and the replay goes on. Printed by the CLI as `FILE:step N: warning|error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// `info`: nothing went wrong, but the output is not what a phone shows (web content of an
    /// in-app browser); `warning`: a step applied differently or skipped; `error`: a stream no app sends.
    public enum Severity: String, Hashable, Sendable { case info, warning, error }
    /// Which kind of problem, for tests and JSON output (e.g. "unknown-element", "bad-style-value", "portability").
    public var code: String
    public var severity: Severity
    /// Index of the step in the session's top-level `steps` (nil when not tied to a step).
    public var step: Int?
    /// JSON path of the offending value, e.g. `steps[12].textValue2` (optional).
    public var path: String?
    public var message: String
    package init(_ severity: Severity, code: String, step: Int?, path: String? = nil, _ message: String) {
        self.severity = severity
        self.code = code
        self.step = step
        self.path = path
        self.message = message
    }
    package static func warning(_ code: String, step: Int?, path: String? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, code: code, step: step, path: path, message)
    }
    package static func info(_ code: String, step: Int?, path: String? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.info, code: code, step: step, path: path, message)
    }
    package static func error(_ code: String, step: Int?, path: String? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, code: code, step: step, path: path, message)
    }
    /// `step N: warning: message` (or `info`, `error`; the CLI prefixes the file name).
    public var description: String {
        let place = step.map { "step \($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)"
    }
}

/// Collects diagnostics from a stage; passed explicitly (no global state).
package struct DiagnosticLog: Sendable {
    package private(set) var items: [Diagnostic] = []
    package init() {}
    package mutating func add(_ d: Diagnostic) { items.append(d) }
    package mutating func append(contentsOf ds: [Diagnostic]) { items.append(contentsOf: ds) }
}

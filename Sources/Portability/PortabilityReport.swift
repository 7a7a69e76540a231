import JSON
import Primitives
import RenderPipeline
import SessionFormat

/// The portability report of one session: its findings in order, as text (one line each plus a
/// summary) or JSON (fixed key order). Same session, same bytes.
package struct PortabilityReport: Sendable, Codable {
    package var session: String
    package var findings: [PortabilityFinding]
    /// Whether frames were measured (a `PortabilityMeasurer` was given).
    package var measured: Bool

    package init(session: String, findings: [PortabilityFinding], measured: Bool) {
        self.session = session
        self.findings = findings
        self.measured = measured
    }

    /// Analyzes a session; with a measurer, also lays it out under both profiles.
    package static func make(
        _ session: Session, analyzer: PortabilityAnalyzer = PortabilityAnalyzer(),
        measurer: PortabilityMeasurer? = nil
    ) -> PortabilityReport {
        var findings = analyzer.findings(session)
        if let m = measurer { findings = m.measure(findings, in: session) }
        return PortabilityReport(session: session.name, findings: findings, measured: measurer != nil)
    }

    /// Findings per kind, in kind order, kinds with none left out.
    package var counts: [(kind: PortabilityKind, count: Int)] {
        PortabilityKind.allCases.compactMap { k in
            let n = findings.lazy.filter { $0.kind == k }.count
            return n > 0 ? (k, n) : nil
        }
    }

    /// `summary: 3 findings: shorthand-list 2, lone-border 1` (or `summary: no differences`).
    package var summary: String {
        guard !findings.isEmpty else { return "summary: no differences between iOS and Android" }
        let n = findings.count
        return "summary: \(n) finding\(n == 1 ? "" : "s"): "
            + counts.map { "\($0.kind.code) \($0.count)" }.joined(separator: ", ")
    }

    /// `step 12 (SET_STYLE 7 padding "10 20"): shorthand-list: iOS reads ...`, with the measured frames
    /// when they differ.
    package static func line(_ f: PortabilityFinding) -> String {
        var s = "step \(f.step) (\(f.command)): \(f.kind.code): \(f.message)"
        if let e = f.effect, e.differs { s += "; measured: \(e.text)" }
        return s
    }

    /// The report as text: a header line, one line per finding, the summary. Each line is made
    /// safe to print (`OutputText`): a session's ids and values never start a line of their own.
    package var text: String {
        let lines = ["\(session): portability report (iOS vs Android)"] + findings.map(Self.line) + [summary]
        return OutputText.lines(lines) + "\n"
    }

    // MARK: - JSON

    /// One session as a JSON object (keys in a fixed order).
    package var json: String { jsonObject(indent: "") + "\n" }

    /// Several sessions: `{"sessions": [...], "total": N}`.
    package static func json(_ reports: [PortabilityReport]) -> String {
        var s = "{\n  \"sessions\": ["
        s += reports.map { "\n    " + $0.jsonObject(indent: "    ") }.joined(separator: ",")
        s += reports.isEmpty ? "],\n" : "\n  ],\n"
        return s + "  \"total\": \(reports.reduce(0) { $0 + $1.findings.count })\n}\n"
    }

    /// `render portability --json FILE --markdown FILE`: each written whole or not at all, when asked for.
    package static func write(_ reports: [PortabilityReport], json: String?, markdown: String?) throws {
        if let f = json { try AtomicFile.write(reports.count == 1 ? reports[0].json : Self.json(reports), to: f) }
        if let f = markdown { try AtomicFile.write(PortabilityMarkdown.document(reports), to: f) }
    }

    func jsonObject(indent: String) -> String {
        let i1 = indent + "  "
        let i2 = indent + "    "
        var s = "{\n\(i1)\"session\": \(JSONWriter.quote(session)),\n\(i1)\"measured\": \(measured),\n"
        s += "\(i1)\"total\": \(findings.count),\n\(i1)\"counts\": {"
        s += counts.map { "\(JSONWriter.quote($0.kind.code)): \($0.count)" }.joined(separator: ", ") + "},\n"
        s += "\(i1)\"findings\": ["
        s += findings.map { "\n\(i2)" + Self.findingJSON($0) }.joined(separator: ",")
        s += findings.isEmpty ? "]\n" : "\n\(i1)]\n"
        return s + "\(indent)}"
    }

    static func findingJSON(_ f: PortabilityFinding) -> String {
        func opt(_ s: String?) -> String { s.map(JSONWriter.quote) ?? "null" }
        func rect(_ r: Rect?) -> String {
            guard let r else { return "null" }
            let n = PlatformReading.number
            return "{\"x\": \(n(r.x)), \"y\": \(n(r.y)), \"width\": \(n(r.width)), \"height\": \(n(r.height))}"
        }
        var s =
            "{\"step\": \(f.step), \"path\": \(JSONWriter.quote(f.path)), \"kind\": \(JSONWriter.quote(f.kind.code)), "
        s += "\"command\": \(JSONWriter.quote(f.command)), \"elementId\": \(f.elementId.map(String.init) ?? "null"), "
        s += "\"elementKind\": \(opt(f.elementKind?.rawValue)), \"key\": \(opt(f.key)), \"value\": \(opt(f.value)), "
        s += "\"message\": \(JSONWriter.quote(f.message))"
        if let e = f.effect {
            s += ", \"frames\": {\"ios\": \(rect(e.ios)), \"android\": \(rect(e.android)), \"differ\": \(e.differs)}"
        }
        return s + "}"
    }
}

import Foundation

/// The machine-readable result of a `render check` run: JSON for tools, JUnit XML for CI.
package struct CheckReport: Codable, Sendable {
    package var rendererVersion: String
    package var recordMode: RecordMode
    package var tolerance: Tolerance
    package var outcomes: [SnapshotOutcome]
    /// The goldens folder, as given to `render check`, in a report file: each outcome's `golden` is
    /// its name there, and its diff and actual images are relative to the report's own folder
    /// (`relative(goldens:files:)`, `keepingImages(from:in:)`). Nil in a run's in-memory report.
    package var snapshots: String?
    /// `render check --a11y[=warn]`: each outcome carries its screen's accessibility result. Absent
    /// without it (the report's bytes are what they were).
    package var a11y: A11yMode?
    /// The changed goldens grouped by cause (`grouped(marks:)`), most snapshots first; absent when
    /// none changed.
    package var groups: [ChangeGroup]?

    package init(
        rendererVersion: String, recordMode: RecordMode, tolerance: Tolerance, outcomes: [SnapshotOutcome],
        snapshots: String? = nil
    ) {
        self.rendererVersion = rendererVersion
        self.recordMode = recordMode
        self.tolerance = tolerance
        self.outcomes = outcomes
        self.snapshots = snapshots
    }

    /// Count per status, in the summary's order (what needs a look first).
    package var counts: [(SnapshotOutcome.Status, Int)] {
        SnapshotOutcome.Status.summaryOrder.map { s in (s, outcomes.filter { $0.status == s }.count) }
    }

    /// Every golden passed, and with `--a11y` no screen has a new finding (`--a11y=warn`: reported
    /// only), a recorded or an unreadable baseline.
    package var allPassed: Bool { outcomes.allSatisfy { $0.passed && $0.a11y?.fails != true } }

    /// `14 checked: 1 changed, 1 recorded, 2 passed with a new environment, 10 passed`: each kind in
    /// words, never a status's code name; with `--a11y`, `; 1 new, 2 still present, 0 resolved
    /// accessibility findings`.
    package var summary: String {
        "\(outcomes.count) checked: " + outcomes.countedInWords + (a11y == nil ? "" : "; " + outcomes.a11yInWords)
    }

    /// Every session's kept diagnostics (errors; with `--strict` warnings too), in outcome order.
    package var diagnostics: [SessionDiagnostic] { outcomes.flatMap { $0.diagnostics ?? [] } }

    /// Deterministic JSON (sorted keys).
    package func json() throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(self)) + [0x0a]
    }

    /// JUnit XML: one test suite per session, one test case per golden, each with its `time`; a golden
    /// that passes is a pass (with its notes, e.g. a changed environment, in `<system-out>`), any other a `<failure>`
    /// (recorded included: recording never passes), `error` an `<error>`. A session with diagnostics
    /// the gate fails (`SessionGate`) has a test case `diagnostics` that is a `<failure>` listing them.
    package func junit(gate: SessionGate = SessionGate()) -> String {
        var bySession: [(String, [SnapshotOutcome])] = []
        for o in outcomes {
            if let i = bySession.firstIndex(where: { $0.0 == o.session }) {
                bySession[i].1.append(o)
            } else {
                bySession.append((o.session, [o]))
            }
        }
        let a11yCases = outcomes.filter { $0.a11y != nil }
        let a11yFailures = a11yCases.filter { $0.a11y?.fails == true }.count
        let diagnosed = outcomes.filter { !($0.diagnostics ?? []).isEmpty }
        let gateFailures = diagnosed.filter { !gate.failing($0.diagnostics ?? []).isEmpty }.count
        let failures = outcomes.filter { !$0.passed && $0.status != .error }.count + a11yFailures + gateFailures
        let errors = outcomes.filter { $0.status == .error }.count
        // Each changed golden's groups, worked out once.
        let lines = groupLines
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x +=
            """
            <testsuites name=\"render check\" tests=\"\(outcomes.count + a11yCases.count + diagnosed.count)\" \
            failures=\"\(failures)\" \
            errors=\"\(errors)\">\n
            """
        for (session, list) in bySession {
            let a = list.filter { $0.a11y != nil }
            let ds = list.flatMap { $0.diagnostics ?? [] }
            let gated = gate.failing(ds).isEmpty ? 0 : 1
            let f =
                list.filter { !$0.passed && $0.status != .error }.count + a.filter { $0.a11y?.fails == true }.count
                + gated
            let e = list.filter { $0.status == .error }.count
            let time = Self.time(list.reduce(0) { $0 + ($1.seconds ?? 0) })
            x +=
                """
                  <testsuite name=\"\(Self.escape(session))\" tests=\"\(list.count + a.count + (ds.isEmpty ? 0 : 1))\" \
                failures=\"\(f)\" errors=\"\(e)\" time=\"\(time)\">\n
                """
            for o in list {
                x += "    <testcase classname=\"snapshots\" name=\"\(Self.escape(o.name))\" "
                x += "time=\"\(Self.time(o.seconds ?? 0))\""
                switch o.status {
                case _ where o.passed && o.notes.isEmpty: x += "/>\n"
                case _ where o.passed:
                    x +=
                        """
                        >\n      <system-out>\(Self.escape(o.notes.joined(separator: "\n")))</system-out>\n\
                            </testcase>\n
                        """
                case .error:
                    x += ">\n      <error message=\"\(Self.escape(o.message))\"/>\n    </testcase>\n"
                default:
                    let first = o.message.split(separator: "\n").first.map(String.init) ?? o.status.words
                    let body = o.message + (lines[o.name].map { "\n" + $0.joined(separator: "\n") } ?? "")
                    x +=
                        """
                        >\n      <failure type=\"\(o.status.rawValue)\" \
                        message=\"\(Self.escape(first))\">\(Self.escape(body))</failure>\n    </testcase>\n
                        """
                }
                if let r = o.a11y { x += a11yCase(o.name, r) }
            }
            if !ds.isEmpty { x += diagnosticsCase(ds, gate: gate) }
            x += "  </testsuite>\n"
        }
        return x + groupsSuite() + "</testsuites>\n"
    }

    /// Each changed golden's groups as failure lines: `  change group 3f2a9c01de: text color ...`.
    var groupLines: [String: [String]] {
        var out: [String: [String]] = [:]
        for g in groups ?? [] {
            for n in g.snapshots {
                out[n, default: []].append(
                    "  change group \(g.id): \(g.words)\(g.rejected == true ? " (rejected)" : "")")
            }
        }
        return out
    }

    /// The change groups as a suite without test cases (its counts stay the run's): one property per
    /// group, `ID` = its words, and the snapshots of each in `<system-out>`. Empty without groups.
    func groupsSuite() -> String {
        guard let groups, !groups.isEmpty else { return "" }
        var x = "  <testsuite name=\"change groups\" tests=\"0\" failures=\"0\" errors=\"0\" time=\"0.000\">\n"
        x += "    <properties>\n"
        for g in groups {
            let mark = g.rejected == true ? " (rejected)" : ""
            x += "      <property name=\"\(g.id)\" value=\"\(Self.escape(g.words + mark))\"/>\n"
        }
        x += "    </properties>\n    <system-out>"
        x += Self.escape(
            groups.map { "\($0.id) \($0.words): \($0.snapshots.joined(separator: " "))" }.joined(separator: "\n"))
        return x + "</system-out>\n  </testsuite>\n"
    }

    /// The test case of a session's diagnostics: a failure listing them (`FILE:step N: error: message`)
    /// when the gate fails them, else the list in `<system-out>` (`--allow-errors`).
    func diagnosticsCase(_ ds: [SessionDiagnostic], gate: SessionGate) -> String {
        let head = "    <testcase classname=\"diagnostics\" name=\"\(Self.escape(ds[0].file))\" time=\"0.000\""
        let text = Self.escape(ds.map(\.line).joined(separator: "\n"))
        let failing = gate.failing(ds)
        guard let first = failing.first else {
            return head + ">\n      <system-out>\(text)</system-out>\n    </testcase>\n"
        }
        let errors = failing.filter(\.isError).count
        let type = errors > 0 ? "error-diagnostic" : "warning-diagnostic"
        return head
            + """
            >\n      <failure type=\"\(type)\" message=\"\(Self.escape(first.line))\">\(text)</failure>\n    \
            </testcase>\n
            """
    }

    /// The test case of one screen's accessibility (`--a11y`): a failure when it fails the run (new
    /// findings, a recorded or unreadable baseline), its message in `<system-out>` when it has
    /// something to say (warned, resolved), else empty.
    func a11yCase(_ name: String, _ r: A11yResult) -> String {
        let head = "    <testcase classname=\"a11y\" name=\"\(Self.escape(name))\" time=\"0.000\""
        if r.fails {
            let first = r.message.split(separator: "\n").first.map(String.init) ?? r.status.rawValue
            return head
                + """
                >\n      <failure type=\"a11y-\(r.status.rawValue)\" \
                message=\"\(Self.escape(first))\">\(Self.escape(r.message))</failure>\n    </testcase>\n
                """
        }
        guard r.status == .warned || r.count(.resolved) > 0 else { return head + "/>\n" }
        return head + ">\n      <system-out>\(Self.escape(r.message))</system-out>\n    </testcase>\n"
    }

    /// JUnit's `time`: seconds with three decimals.
    static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// XML attribute/text escaping, valid XML 1.0 for any text: the five markup characters as
    /// entities; tab, newline and carriage return as character references (kept in attributes, which
    /// a parser would otherwise normalise to spaces); characters XML 1.0 forbids even as references
    /// (the other C0 controls, U+FFFE, U+FFFF) as U+FFFD. A Swift string holds no lone surrogate.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                let forbidden = c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF
                out.unicodeScalars.append(forbidden ? "\u{FFFD}" : c)
            }
        }
        return out
    }
}

import Foundation

/// The machine-readable result of a `render check` run: JSON for tools, JUnit XML for CI.
public struct CheckReport: Codable, Sendable {
    public var rendererVersion: String
    public var recordMode: RecordMode
    public var tolerance: Tolerance
    public var outcomes: [SnapshotOutcome]

    public init(rendererVersion: String, recordMode: RecordMode, tolerance: Tolerance, outcomes: [SnapshotOutcome]) {
        self.rendererVersion = rendererVersion
        self.recordMode = recordMode
        self.tolerance = tolerance
        self.outcomes = outcomes
    }

    /// Count per status, in the summary's order (what needs a look first).
    public var counts: [(SnapshotOutcome.Status, Int)] {
        SnapshotOutcome.Status.summaryOrder.map { s in (s, outcomes.filter { $0.status == s }.count) }
    }

    public var allPassed: Bool { outcomes.allSatisfy(\.passed) }

    /// `14 checked: 1 changed, 1 recorded, 2 passed with a new environment, 10 passed`: each kind in
    /// words, never a status's code name.
    public var summary: String { "\(outcomes.count) checked: " + outcomes.countedInWords }

    /// Deterministic JSON (sorted keys).
    public func json() throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(self)) + [0x0a]
    }

    /// JUnit XML: one test suite per session, one test case per golden; a golden that passes is a pass
    /// (with its notes, e.g. a changed environment, in `<system-out>`), any other a `<failure>`
    /// (recorded included: recording never passes), `error` an `<error>`.
    public func junit() -> String {
        var bySession: [(String, [SnapshotOutcome])] = []
        for o in outcomes {
            if let i = bySession.firstIndex(where: { $0.0 == o.session }) {
                bySession[i].1.append(o)
            } else {
                bySession.append((o.session, [o]))
            }
        }
        let failures = outcomes.filter { !$0.passed && $0.status != .error }.count
        let errors = outcomes.filter { $0.status == .error }.count
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x +=
            """
            <testsuites name=\"render check\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" \
            errors=\"\(errors)\">\n
            """
        for (session, list) in bySession {
            let f = list.filter { !$0.passed && $0.status != .error }.count
            let e = list.filter { $0.status == .error }.count
            x +=
                """
                  <testsuite name=\"\(Self.escape(session))\" tests=\"\(list.count)\" failures=\"\(f)\" \
                errors=\"\(e)\">\n
                """
            for o in list {
                x += "    <testcase classname=\"snapshots\" name=\"\(Self.escape(o.name))\""
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
                    x +=
                        """
                        >\n      <failure type=\"\(o.status.rawValue)\" \
                        message=\"\(Self.escape(first))\">\(Self.escape(o.message))</failure>\n    </testcase>\n
                        """
                }
            }
            x += "  </testsuite>\n"
        }
        return x + "</testsuites>\n"
    }

    /// XML attribute/text escaping.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: if c.value < 0x20 && c != "\t" { out += " " } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}

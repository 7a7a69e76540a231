import Foundation
import Primitives
import SessionFormat

/// What a review decided, as `render check --accept-group ID`, `--reject-group ID` and
/// `--accept-file FILE` give it: groups and snapshots to accept, groups to mark rejected.
///
/// An accept file has one entry a line (the review page writes it): `group ID` accepts a change
/// group, `reject group ID` marks one rejected, any other word is a golden name (`NAME`,
/// `NAME@SNAP`) to accept; `#` starts a comment, blank lines are skipped.
package struct AcceptSelection: Hashable, Sendable {
    package var groups: [String] = []
    package var names: [String] = []
    package var rejects: [String] = []

    package init(groups: [String] = [], names: [String] = [], rejects: [String] = []) {
        self.groups = groups
        self.names = names
        self.rejects = rejects
    }

    package var isEmpty: Bool { groups.isEmpty && names.isEmpty && rejects.isEmpty }

    /// These and the accepts and rejects of an accept file (`render check --accept-file FILE`, at most 16 MiB).
    package func adding(file: String) throws -> AcceptSelection {
        let text = String(decoding: try LimitedFile.bytes(at: file, maxBytes: 16 << 20), as: UTF8.self)
        let read = try Self.parse(text, file: file)
        return AcceptSelection(groups: groups + read.groups, names: names + read.names, rejects: rejects + read.rejects)
    }

    /// Reads an accept file's text; `file` names it in errors (`FILE:3: ...`).
    package static func parse(_ text: String, file: String) throws -> AcceptSelection {
        var out = AcceptSelection()
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            switch words.count {
            case 0: continue
            case 1 where words[0] != "group" && words[0] != "reject": out.names.append(words[0])
            case 2 where words[0] == "group": out.groups.append(words[1])
            case 3 where words[0] == "reject" && words[1] == "group": out.rejects.append(words[2])
            default:
                throw AcceptFileError(
                    OutputText.line(
                        """
                        \(file):\(i + 1): '\(line.trimmingCharacters(in: .whitespaces))' is not an entry: write \
                        `group ID`, `reject group ID` or a golden name (NAME or NAME@SNAP)
                        """))
            }
        }
        return out
    }

    /// What to do with a run's report (`CheckReport.grouped`): the goldens to accept by session
    /// (snapshot names, `""` for the final frame, as `SnapshotChecker.check(only:)` takes them),
    /// the groups to mark rejected and notes for the person. A group id or golden name the run does
    /// not have is an error naming what it has.
    package struct Plan: Hashable, Sendable {
        /// Session path -> snapshot names to accept, sessions in report order.
        package var accept: [(session: String, snapshots: Set<String>)] = []
        /// Golden names accepted, in report order.
        package var names: [String] = []
        package var rejects: [ChangeGroup] = []
        /// Groups accepted (their rejected marks are removed).
        package var accepted: [ChangeGroup] = []
        /// `card@top is also in group ID (cause): accepting its picture accepts that change too`.
        package var notes: [String] = []

        package static func == (a: Plan, b: Plan) -> Bool {
            a.names == b.names && a.rejects == b.rejects && a.accepted == b.accepted && a.notes == b.notes
        }
        package func hash(into h: inout Hasher) { h.combine(names) }
    }

    package func plan(_ report: CheckReport) throws -> Plan {
        let groups = report.groups ?? []
        var byId: [String: ChangeGroup] = [:]
        for g in groups { byId[g.id] = g }
        func group(_ id: String) throws -> ChangeGroup {
            guard let g = byId[id] else {
                var known = groups.prefix(10).map { "\($0.id) (\($0.cause))" }.joined(separator: ", ")
                if known.isEmpty { known = "none" } else if groups.count > 10 { known += ", ..." }
                throw AcceptFileError(OutputText.line("no change group \(id) in this run (groups: \(known))"))
            }
            return g
        }
        var p = Plan()
        p.accepted = try self.groups.map(group)
        p.rejects = try rejects.map(group)
        var wanted = Set(p.accepted.flatMap(\.snapshots))
        let byName = Dictionary(report.outcomes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for n in names {
            guard let o = byName[n] else {
                let hint = NearestName.hint(for: n, in: report.outcomes.map(\.name))
                throw AcceptFileError(OutputText.line("no golden named \(n) in this run\(hint)"))
            }
            if !o.passed { wanted.insert(n) }
        }
        // Accepting a rejected group's snapshot by name is a contradiction: say so rather than guess.
        let rejected = Set(p.rejects.flatMap(\.snapshots))
        if let both = wanted.sorted().first(where: rejected.contains) {
            throw AcceptFileError(OutputText.line("\(both) is both accepted and in a group marked rejected"))
        }
        for o in report.outcomes where wanted.contains(o.name) {
            p.names.append(o.name)
            let snap = o.snapshot ?? ""
            if let i = p.accept.firstIndex(where: { $0.session == o.session }) {
                p.accept[i].snapshots.insert(snap)
            } else {
                p.accept.append((o.session, [snap]))
            }
        }
        let chosen = Set(p.accepted.map(\.id))
        for g in groups where !chosen.contains(g.id) {
            for n in g.snapshots where wanted.contains(n) {
                p.notes.append(
                    "\(n) is also in group \(g.id) (\(g.cause)): accepting its picture accepts that change too")
            }
        }
        return p
    }
}

/// An accept file, group id or golden name that cannot be used.
package struct AcceptFileError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

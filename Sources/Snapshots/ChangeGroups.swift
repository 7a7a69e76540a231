import Primitives

/// One reason a snapshot changed, said without element ids or screens: `text color #212121 ->
/// #303030`, `button 'OK' moved 4 dp down`. Snapshots whose changes say the same thing share a
/// cause, and a cause is what a reviewer accepts or rejects once (issue 50).
package struct ChangeCause: Codable, Hashable, Sendable, Comparable {
    /// `restyled`, `moved`, `resized`, `added`, `removed`, `textChanged`, `linesChanged`, `textCut`
    /// (`ElementChange.Kind`), or `pixels` for a change no element shows.
    package var kind: String
    /// The cause in words: all a group is keyed by, so equal words are one group.
    package var words: String

    package init(kind: String, words: String) {
        self.kind = kind
        self.words = words
    }

    /// Stable across runs, shards and machines: the first 10 hex digits of the SHA-256 of the words.
    package var id: String { String(SHA256.hex(Array((kind + "\u{0}" + words).utf8)).prefix(10)) }

    package static func < (a: Self, b: Self) -> Bool { (a.words, a.kind) < (b.words, b.kind) }

    /// The causes of one outcome, each once, in the order its changes name them. Only a changed
    /// golden (`failed`) has causes. Moves by the same amount in one snapshot are one cause named
    /// by the first element that moved (paint order: the outermost, whose contents moved with it).
    /// A change no element shows is grouped by the environment change it came with, else by the
    /// element its changed pixels lie in (`paintedIn`), else stands alone (named by the snapshot).
    package static func causes(of o: SnapshotOutcome) -> [ChangeCause] {
        pictureCauses(of: o) + a11yCauses(o.a11y)
    }

    /// With `render check --a11y`: each new accessibility finding of the screen said without its
    /// element's id or text (`new accessibility finding: text contrast 2.90:1 on #ffffff, needs
    /// 4.5:1`), so a finding repeated over screens and sessions (a theme's colour) is one group, as
    /// a change is.
    package static func a11yCauses(_ a11y: A11yResult?) -> [ChangeCause] {
        var out: [ChangeCause] = []
        for f in a11y?.findings ?? [] where f.state == .new {
            let head = "\(f.type) \(f.element)"
            var tail = f.message
            if !f.text.isEmpty, let r = f.message.range(of: "\": ", options: .backwards) {
                tail = String(f.message[r.upperBound...])
            } else if f.message.hasPrefix(head + ": ") {
                tail = String(f.message.dropFirst(head.count + 2))
            }
            let c = ChangeCause(kind: "a11y", words: "new accessibility finding: \(f.type) \(tail)")
            if !out.contains(c) { out.append(c) }
        }
        return out
    }

    static func pictureCauses(of o: SnapshotOutcome) -> [ChangeCause] {
        guard o.status == .failed, o.golden.hasSuffix(".png") else { return [] }
        var out: [ChangeCause] = []
        func add(_ c: ChangeCause) { if !out.contains(c) { out.append(c) } }
        var motions = Set<String>()
        for c in o.changes {
            let subject = c.elementKind + (c.label.map { " " + $0 } ?? "")
            let from = c.from ?? "?"
            let to = c.to ?? "?"
            switch c.kind {
            case .moved:
                guard motions.insert(to).inserted else { continue }
                add(ChangeCause(kind: "moved", words: "\(subject) moved \(to)"))
            case .resized: add(ChangeCause(kind: "resized", words: "\(subject) resized \(from) -> \(to) dp"))
            case .restyled:
                add(ChangeCause(kind: "restyled", words: "\(c.elementKind) \(c.property) \(from) -> \(to)"))
            case .textChanged: add(ChangeCause(kind: "textChanged", words: "\(c.elementKind) text \(from) -> \(to)"))
            case .linesChanged:
                let n = Int(to) ?? 0
                add(
                    ChangeCause(
                        kind: "linesChanged",
                        words: "\(subject) now wraps to \(to) line\(n == 1 ? "" : "s") (was \(from))"))
            case .textCut:
                add(
                    ChangeCause(
                        kind: "textCut", words: "\(subject) text \(to == "cut" ? "now" : "no longer") cut short"))
            case .added: add(ChangeCause(kind: "added", words: "\(subject) added"))
            case .removed: add(ChangeCause(kind: "removed", words: "\(subject) removed"))
            }
        }
        guard out.isEmpty else { return out }
        if !o.environmentChanges.isEmpty {
            return [
                ChangeCause(
                    kind: "pixels",
                    words: "pixels changed with the environment: " + o.environmentChanges.joined(separator: "; "))
            ]
        }
        if let e = o.paintedIn {
            return [ChangeCause(kind: "pixels", words: "pixels changed inside \(e), no element changed")]
        }
        let what = o.mismatch == nil ? "picture size changed" : "pixels changed"
        return [ChangeCause(kind: "pixels", words: "\(what) in \(o.name) alone, no element changed")]
    }
}

/// Changed snapshots that share a cause: reviewed, accepted or rejected as one.
package struct ChangeGroup: Codable, Hashable, Sendable {
    /// `ChangeCause.id`: what `render check --accept-group ID` and an accept file name.
    package var id: String
    package var kind: String
    /// The cause in words.
    package var cause: String
    /// `text color #212121 -> #303030: 21 snapshots in 5 sessions`.
    package var words: String
    /// The golden names (`NAME@SNAP`) of its snapshots, in report order.
    package var snapshots: [String]
    /// Its sessions, each once, in report order.
    package var sessions: [String]
    /// True when the review folder holds a mark rejecting it (`ReviewMarks`); absent otherwise.
    package var rejected: Bool?

    /// The groups of a run's outcomes: most snapshots first, then by cause. A snapshot with several
    /// causes is in each of their groups.
    package static func groups(of outcomes: [SnapshotOutcome]) -> [ChangeGroup] {
        groups(of: outcomes.map { Member(name: $0.name, session: $0.session, causes: ChangeCause.causes(of: $0)) })
    }

    /// A changed picture as grouping sees it: its name, session and causes. `render check`'s outcomes,
    /// `render gallery`'s cards and `render serve`'s check answer are each made into these, so the
    /// three group by the one rule (`Grouping`).
    package struct Member: Sendable {
        package var name: String
        package var session: String
        package var causes: [ChangeCause]
        package init(name: String, session: String, causes: [ChangeCause]) {
            self.name = name
            self.session = session
            self.causes = causes
        }
    }

    /// The groups of `members` (`groups(of:)` for any source of changed pictures).
    package static func groups(of members: [Member]) -> [ChangeGroup] {
        let groups = Grouping.group(members, by: \.causes).map { c, list -> ChangeGroup in
            var sessions: [String] = []
            var seen = Set<String>()
            for o in list where seen.insert(o.session).inserted { sessions.append(o.session) }
            return ChangeGroup(
                id: c.id, kind: c.kind, cause: c.words,
                words: "\(c.words): " + countWords(snapshots: list.count, sessions: sessions.count),
                snapshots: list.map(\.name), sessions: sessions)
        }
        return groups.sorted { a, b in
            a.snapshots.count != b.snapshots.count ? a.snapshots.count > b.snapshots.count : a.cause < b.cause
        }
    }

    /// `21 snapshots in 5 sessions`, `1 snapshot in 1 session`.
    package static func countWords(snapshots: Int, sessions: Int) -> String {
        "\(snapshots) snapshot\(snapshots == 1 ? "" : "s") in \(sessions) session\(sessions == 1 ? "" : "s")"
    }
}

extension CheckReport {
    /// The report with its change groups (`ChangeGroup.groups`) and the rejected marks of `marks`:
    /// nil when no golden changed, so a clean run's report is what it was.
    package func grouped(marks: ReviewMarks = ReviewMarks()) -> CheckReport {
        var out = self
        let groups = ChangeGroup.groups(of: outcomes).map { g -> ChangeGroup in
            var g = g
            if marks.rejected[g.id] != nil { g.rejected = true }
            return g
        }
        out.groups = groups.isEmpty ? nil : groups
        return out
    }
}

/// Where a change no element shows happened: the innermost element of the new sidecar whose frame
/// holds every changed pixel (`button 'OK'`); nil when none does or nothing changed.
package enum PaintedElement {
    package static func name(regions: [PixelBox], sidecar: SnapshotSidecar) -> String? {
        guard let first = regions.first else { return nil }
        let box = regions.dropFirst().reduce(first) { $0.union($1) }
        // The device's scale (`WxH@S`): regions are device pixels, frames dp.
        let scale = sidecar.environment.device.split(separator: "@").last.flatMap { Double($0) } ?? 1
        let (x0, y0) = (Double(box.x) / scale, Double(box.y) / scale)
        let (x1, y1) = (Double(box.maxX) / scale, Double(box.maxY) / scale)
        // A pixel of slack: antialiasing reaches past a frame's edge.
        let slack = 1.0
        var best: (area: Double, name: String)?
        for e in sidecar.elements {
            let f = e.frame + [0, 0, 0, 0]
            guard f[0] - slack <= x0, f[1] - slack <= y0, f[0] + f[2] + slack >= x1, f[1] + f[3] + slack >= y1 else {
                continue
            }
            let area = f[2] * f[3]
            // Paint order: of two of the same area the later (inner) one.
            if best == nil || area <= best!.area {
                best = (area, e.kind + (SemanticDiff.label(e).map { " " + $0 } ?? ""))
            }
        }
        return best?.name
    }
}

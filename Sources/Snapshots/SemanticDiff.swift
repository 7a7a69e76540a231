import Primitives

/// One thing that changed about one element between a golden's sidecar and the current render.
package struct ElementChange: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of change it is.
    package enum Kind: String, Codable, Sendable {
        case added, removed, moved, resized, restyled, textChanged, linesChanged
        /// The element's text is now cut short (an ellipsis, or no room for its lines), or no longer is.
        case textCut
    }
    package var kind: Kind
    package var elementId: Int
    package var elementKind: String
    /// The changed property for `restyled` (`color`, `background`, `border`, `tint`); empty otherwise.
    package var property: String
    /// `button 7 moved 4 dp down`, `label 9 color #333333 -> #555555` ...
    package var message: String
    /// The element's text as the golden had it (the new one for an added element), when it shows
    /// text: how a cause names the element without its id (`button 'OK' moved 4 dp down`).
    package var label: String?
    /// Before and after in words, without the element: `#212121` and `#303030` (restyled), `100x40`
    /// and `120x40` (resized), `"Sign in"` and `"Log in"` (text), `1` and `2` (lines), `cut`;
    /// `to` alone for a move (`4 dp down`). What change groups are made of (`ChangeCause`).
    package var from: String?
    package var to: String?
    package var description: String { message }

    package init(
        kind: Kind, elementId: Int, elementKind: String, property: String, message: String, label: String? = nil,
        from: String? = nil, to: String? = nil
    ) {
        self.kind = kind
        self.elementId = elementId
        self.elementKind = elementKind
        self.property = property
        self.message = message
        self.label = label
        self.from = from
        self.to = to
    }
}

/// Compares two sidecars element by element (matched by id): the semantic diff a reviewer reads.
package enum SemanticDiff {
    /// Positions closer than this (dp) count as the same: layout arithmetic is rounded to 2 decimals.
    static let epsilon = 0.01

    /// Changes in paint order of the expected sidecar, then added elements in actual order.
    package static func changes(expected: SnapshotSidecar, actual: SnapshotSidecar) -> [ElementChange] {
        changes(expected: expected.elements, actual: actual.elements)
    }

    package static func changes(expected: [SnapshotSidecar.ElementRecord], actual: [SnapshotSidecar.ElementRecord])
        -> [ElementChange]
    {
        var actualById: [Int: SnapshotSidecar.ElementRecord] = [:]
        for e in actual { actualById[e.id] = e }
        var expectedKinds: [Int: String] = [:]
        for e in expected { expectedKinds[e.id] = e.kind }
        var out: [ElementChange] = []
        for old in expected {
            let name = "\(old.kind) \(old.id)"
            guard let new = actualById[old.id], new.kind == old.kind else {
                out.append(
                    ElementChange(
                        kind: .removed, elementId: old.id, elementKind: old.kind, property: "",
                        message: "\(name) removed (was at \(frameText(old.frame)))", label: label(old)))
                continue
            }
            out += compare(old, new, name: name)
        }
        for new in actual where expectedKinds[new.id] != new.kind {
            out.append(
                ElementChange(
                    kind: .added, elementId: new.id, elementKind: new.kind, property: "",
                    message: "\(new.kind) \(new.id) added at \(frameText(new.frame))", label: label(new)))
        }
        return out
    }

    static func compare(_ old: SnapshotSidecar.ElementRecord, _ new: SnapshotSidecar.ElementRecord, name: String)
        -> [ElementChange]
    {
        var out: [ElementChange] = []
        func add(_ k: ElementChange.Kind, _ property: String, _ text: String, from: String? = nil, to: String? = nil) {
            out.append(
                ElementChange(
                    kind: k, elementId: old.id, elementKind: old.kind, property: property, message: "\(name) \(text)",
                    label: label(old), from: from, to: to))
        }
        let o = old.frame + [0, 0, 0, 0]
        let n = new.frame + [0, 0, 0, 0]
        let dx = n[0] - o[0]
        let dy = n[1] - o[1]
        if abs(dx) > epsilon || abs(dy) > epsilon {
            var parts: [String] = []
            if abs(dx) > epsilon { parts.append("\(fmt(abs(dx))) dp \(dx > 0 ? "right" : "left")") }
            if abs(dy) > epsilon { parts.append("\(fmt(abs(dy))) dp \(dy > 0 ? "down" : "up")") }
            let motion = parts.joined(separator: ", ")
            add(.moved, "", "moved \(motion)", to: motion)
        }
        if abs(n[2] - o[2]) > epsilon || abs(n[3] - o[3]) > epsilon {
            let (a, b) = ("\(fmt(o[2]))x\(fmt(o[3]))", "\(fmt(n[2]))x\(fmt(n[3]))")
            add(.resized, "", "resized \(a) -> \(b) dp", from: a, to: b)
        }
        for key in Set(old.colors.keys).union(new.colors.keys).sorted() where old.colors[key] != new.colors[key] {
            let (a, b) = (old.colors[key] ?? "none", new.colors[key] ?? "none")
            add(.restyled, key, "\(key) \(a) -> \(b)", from: a, to: b)
        }
        if old.text != new.text {
            add(
                .textChanged, "", "text \(quote(old.text)) -> \(quote(new.text))", from: quote(old.text),
                to: quote(new.text))
        }
        if let a = old.lines, let b = new.lines, a != b {
            add(
                .linesChanged, "", "text now wraps to \(b) line\(b == 1 ? "" : "s") (was \(a))", from: "\(a)",
                to: "\(b)")
        }
        // A golden's sidecar written before cut text was recorded has none: nothing to compare.
        if let was = old.cut, was != (new.cut ?? false) {
            let now = new.cut ?? false
            add(.textCut, "", now ? "text now cut short" : "text no longer cut short", to: now ? "cut" : "whole")
        }
        return out
    }

    /// The changes as lines for people: when three or more elements moved by the same amount (a parent
    /// and its subtree, everything below an inserted element) they become one line naming the first few.
    package static func summarize(_ changes: [ElementChange]) -> [String] {
        func motion(_ c: ElementChange) -> String? {
            guard c.kind == .moved, let r = c.message.range(of: " moved ") else { return nil }
            return String(c.message[r.lowerBound...])
        }
        var groups: [String: [ElementChange]] = [:]
        for c in changes { if let m = motion(c) { groups[m, default: []].append(c) } }
        var emitted = Set<String>()
        var out: [String] = []
        for c in changes {
            guard let m = motion(c), let g = groups[m], g.count >= 3 else {
                out.append(c.message)
                continue
            }
            guard emitted.insert(m).inserted else { continue }
            let names = g.prefix(3).map { "\($0.elementKind) \($0.elementId)" }.joined(separator: ", ")
            out.append("\(g.count) elements\(m): \(names)\(g.count > 3 ? " and \(g.count - 3) more" : "")")
        }
        return out
    }

    /// The element's text, short, when it shows any: `'OK'`.
    static func label(_ e: SnapshotSidecar.ElementRecord) -> String? {
        guard !e.text.isEmpty else { return nil }
        let line = e.text.replacingOccurrences(of: "\n", with: " ")
        return "'" + (line.count > 24 ? String(line.prefix(23)) + "…" : line) + "'"
    }

    static func frameText(_ f: [Double]) -> String {
        let v = f + [0, 0, 0, 0]
        return "\(fmt(v[0])),\(fmt(v[1])) \(fmt(v[2]))x\(fmt(v[3]))"
    }

    static func quote(_ s: String) -> String {
        let short = s.count > 40 ? String(s.prefix(39)) + "…" : s
        return "\"" + short.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

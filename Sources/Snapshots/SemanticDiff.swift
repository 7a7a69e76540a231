import Primitives

/// One thing that changed about one element between a golden's sidecar and the current render.
package struct ElementChange: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of change it is.
    package enum Kind: String, Codable, Sendable {
        case added, removed, moved, resized, restyled, textChanged, linesChanged
    }
    package var kind: Kind
    package var elementId: Int
    package var elementKind: String
    /// The changed property for `restyled` (`color`, `background`, `border`, `tint`); empty otherwise.
    package var property: String
    /// `button 7 moved 4 dp down`, `label 9 color #333333 -> #555555` ...
    package var message: String
    package var description: String { message }
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
                        message: "\(name) removed (was at \(frameText(old.frame)))"))
                continue
            }
            out += compare(old, new, name: name)
        }
        for new in actual where expectedKinds[new.id] != new.kind {
            out.append(
                ElementChange(
                    kind: .added, elementId: new.id, elementKind: new.kind, property: "",
                    message: "\(new.kind) \(new.id) added at \(frameText(new.frame))"))
        }
        return out
    }

    static func compare(_ old: SnapshotSidecar.ElementRecord, _ new: SnapshotSidecar.ElementRecord, name: String)
        -> [ElementChange]
    {
        var out: [ElementChange] = []
        func add(_ k: ElementChange.Kind, _ property: String, _ text: String) {
            out.append(
                ElementChange(
                    kind: k, elementId: old.id, elementKind: old.kind, property: property, message: "\(name) \(text)"))
        }
        let o = old.frame + [0, 0, 0, 0]
        let n = new.frame + [0, 0, 0, 0]
        let dx = n[0] - o[0]
        let dy = n[1] - o[1]
        if abs(dx) > epsilon || abs(dy) > epsilon {
            var parts: [String] = []
            if abs(dx) > epsilon { parts.append("\(fmt(abs(dx))) dp \(dx > 0 ? "right" : "left")") }
            if abs(dy) > epsilon { parts.append("\(fmt(abs(dy))) dp \(dy > 0 ? "down" : "up")") }
            add(.moved, "", "moved \(parts.joined(separator: ", "))")
        }
        if abs(n[2] - o[2]) > epsilon || abs(n[3] - o[3]) > epsilon {
            add(.resized, "", "resized \(fmt(o[2]))x\(fmt(o[3])) -> \(fmt(n[2]))x\(fmt(n[3])) dp")
        }
        for key in Set(old.colors.keys).union(new.colors.keys).sorted() where old.colors[key] != new.colors[key] {
            add(.restyled, key, "\(key) \(old.colors[key] ?? "none") -> \(new.colors[key] ?? "none")")
        }
        if old.text != new.text { add(.textChanged, "", "text \(quote(old.text)) -> \(quote(new.text))") }
        if let a = old.lines, let b = new.lines, a != b {
            add(.linesChanged, "", "text now wraps to \(b) line\(b == 1 ? "" : "s") (was \(a))")
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

    static func frameText(_ f: [Double]) -> String {
        let v = f + [0, 0, 0, 0]
        return "\(fmt(v[0])),\(fmt(v[1])) \(fmt(v[2]))x\(fmt(v[3]))"
    }

    static func quote(_ s: String) -> String {
        let short = s.count > 40 ? String(s.prefix(39)) + "…" : s
        return "\"" + short.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

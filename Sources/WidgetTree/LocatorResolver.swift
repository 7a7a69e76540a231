import JSON
import Primitives
import SessionFormat

/// Finds the element a locator names (semantics.md item 43) among the elements a touch could
/// reach now (`HitMap.reach`): by visible text (after SET_TEXT_VALUE; a field's value, not its
/// hint), kind and index in reading order (frame top edge, then left edge), id, inside another.
public struct LocatorResolver {
    package let tree: WidgetTree
    package let map: HitMap
    /// Most candidates a message lists.
    package static let maxListed = 5

    package init(tree: WidgetTree, map: HitMap) {
        self.tree = tree
        self.map = map
    }

    /// What a locator resolved to: one element, or why not.
    public enum Outcome: Hashable, Sendable {
        case found(Int)
        /// None or several matched: what to tell the user (with up to five candidates).
        case failed(String)
    }

    package func resolve(_ l: Locator) -> Outcome {
        var scope: Int? = nil
        if let inner = l.within {
            switch resolve(inner) {
            case .found(let id): scope = id
            case .failed(let why): return .failed("within \(inner.quoted): \(why)")
            }
        }
        // Every painted element that meets the criteria, reachable or not (for the messages).
        let meets = map.entries.filter { e in
            if let s = scope, e.id == s || !map.isInside(e.id, s) { return false }
            return matches(l, e)
        }.map(\.id)
        let reachable = readingOrder(meets.filter { if case .reachable = map.reach($0) { true } else { false } })
        if let i = l.index {
            if i < reachable.count { return .found(reachable[i]) }
            let listed = reachable.isEmpty ? "" : ": " + describe(reachable)
            return .failed(
                "no match for \(l.quoted): index \(i), but \(reachable.count) reachable element(s) match\(listed)"
                    + unreachableNote(meets, reachable))
        }
        if reachable.count == 1 { return .found(reachable[0]) }
        if reachable.count > 1 {
            return .failed(
                """
                \(l.quoted) matches \(reachable.count) reachable elements; add "index" or "within" to pick one: \
                \(describe(reachable))
                """)
        }
        return .failed("no reachable element matches \(l.quoted)" + unreachableNote(meets, reachable) + nearby(l))
    }

    /// Whether a painted element meets every criterion except `index` and `within`.
    func matches(_ l: Locator, _ e: HitMap.Entry) -> Bool {
        if let id = l.id, e.id != id { return false }
        if let k = l.kind, e.kind != k { return false }
        if l.text != nil || l.textContains != nil {
            let shown = text(e.id)
            if let t = l.text, shown != t { return false }
            if let part = l.textContains, !shown.contains(part) { return false }
        }
        return true
    }

    /// The text an element shows (its value; a field's hint is not its text; an image view's
    /// text is its file name, which it does not show).
    package func text(_ id: Int) -> String {
        guard let e = tree.elements[id], e.kind != .imageView else { return "" }
        return e.text
    }

    /// Top edge first, then left edge; then paint order.
    func readingOrder(_ ids: [Int]) -> [Int] {
        let pos = Dictionary(uniqueKeysWithValues: map.entries.enumerated().map { ($1.id, $0) })
        return ids.sorted { a, b in
            let fa = map.entry(a)!.frame
            let fb = map.entry(b)!.frame
            if fa.minY != fb.minY { return fa.minY < fb.minY }
            if fa.minX != fb.minX { return fa.minX < fb.minX }
            return pos[a]! < pos[b]!
        }
    }

    /// `button 12 "Save" at 16,80 328x48`, up to five, then how many more.
    package func describe(_ ids: [Int]) -> String {
        var parts = ids.prefix(Self.maxListed).map { id -> String in
            let kind = map.entry(id)?.kind.rawValue ?? tree.elements[id]?.kind.rawValue ?? "element"
            let t = text(id)
            let shown = t.isEmpty ? "" : " \(JSONWriter.quote(t.count > 40 ? String(t.prefix(40)) + "…" : t))"
            let frame = map.entry(id).map { " at \($0.frame)" } ?? ""
            return "\(kind) \(id)\(shown)\(frame)"
        }
        if ids.count > Self.maxListed { parts.append("\(ids.count - Self.maxListed) more") }
        return parts.joined(separator: "; ")
    }

    /// Elements that match but a touch cannot reach, and why.
    func unreachableNote(_ meets: [Int], _ reachable: [Int]) -> String {
        let blocked = meets.filter { !reachable.contains($0) }
        guard !blocked.isEmpty else { return "" }
        let why = blocked.prefix(Self.maxListed).map { id in
            "\(describe([id])) (\(ReachText.reason(map.reach(id), id, tree: tree, map: map)))"
        }
        return "; matching but out of reach: " + why.joined(separator: "; ")
    }

    /// Up to five reachable elements that come nearest: by text when the locator names a text,
    /// else of the kind it names, else any.
    func nearby(_ l: Locator) -> String {
        let reachable = map.entries.filter { e in
            guard case .reachable = map.reach(e.id) else { return false }
            if let k = l.kind, l.text == nil && l.textContains == nil { return e.kind == k }
            return l.text == nil && l.textContains == nil ? true : !text(e.id).isEmpty
        }.map(\.id)
        var ordered = readingOrder(reachable)
        if let wanted = l.text ?? l.textContains {
            // Only the listed ones need ranking; the edit distance is bounded (NearestName).
            var cells = 0
            let rank = NearestName.ranked(wanted, ordered.map(text), keep: Self.maxListed, cells: &cells)
            ordered = rank.map { ordered[$0] }
        }
        return ordered.isEmpty ? "" : "; candidates: " + describe(ordered)
    }
}

/// Why a touch cannot reach an element, in words: "is under dialog 31", "is in hidden frameView 7".
package enum ReachText {
    package static func reason(_ r: HitMap.Reach, _ id: Int, tree: WidgetTree, map: HitMap) -> String {
        switch r {
        case .reachable: return "is reachable"
        case .zeroSize: return "has zero size"
        case .covered(let by): return "is under \(label(by, tree))"
        case .clippedOut(let by?):
            let k = tree.elements[by]?.kind
            let scrolls = k == .scrollLayout || k == .listView || k == .gridView
            return scrolls ? "is scrolled out of \(label(by, tree))" : "is clipped out by \(label(by, tree))"
        case .clippedOut(nil): return "is off screen"
        case .underBrowser: return "is under the in-app browser (close it first: a tap on its close control or `back`)"
        case .notShown: return notShown(id, tree: tree, map: map)
        }
    }

    /// Why an element is not painted: a hidden ancestor, a view or page not shown, a closed drawer.
    static func notShown(_ id: Int, tree: WidgetTree, map: HitMap) -> String {
        var cur = id
        for _ in 0..<100_000 {
            guard let e = tree.elements[cur] else { return "is not on screen" }
            if !e.isVisible {
                if e.kind == .navigationView { return cur == id ? "is a closed drawer" : "is in closed drawer \(cur)" }
                return cur == id ? "is hidden" : "is in hidden \(label(cur, tree))"
            }
            if tree.overlayIds.contains(cur) { break }
            if e.kind == .frameView && cur != tree.activeViewId {
                return "is in \(label(cur, tree)), which is not the view shown"
            }
            guard let p = e.parent else {
                return cur == tree.rootId ? "is not on screen" : "is not attached to the screen"
            }
            if let pk = tree.elements[p]?.kind, pk == .flipperLayout || pk == .pager, map.entry(cur) == nil,
                map.entry(p) != nil
            {
                return "is on a page of \(label(p, tree)) that is not shown"
            }
            cur = p
        }
        return "is not on screen"
    }

    package static func label(_ id: Int, _ tree: WidgetTree) -> String {
        tree.elements[id].map { "\($0.kind.rawValue) \(id)" } ?? "element \(id)"
    }
}

extension LocatorResolver {
    /// The plainest locator that finds `e` on its screen: its text, else its text and kind, else its
    /// kind and index, else its id. One rule for `render inspect --tree`, the live page and `render a11y`.
    package func plainestLocator(_ e: HitMap.Entry) -> Locator {
        let shown = text(e.id)
        if !shown.isEmpty {
            if resolve(Locator(text: shown)) == .found(e.id) { return Locator(text: shown) }
            let typed = Locator(text: shown, kind: e.kind)
            if resolve(typed) == .found(e.id) { return typed }
        }
        for i in 0..<64 {
            switch resolve(Locator(kind: e.kind, index: i)) {
            case .found(e.id): return Locator(kind: e.kind, index: i)
            case .found: continue
            case .failed: return Locator(id: e.id)
            }
        }
        return Locator(id: e.id)
    }
}

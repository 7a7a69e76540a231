import SessionFormat
import Styles

/// What the report remembers of each element while it walks a session: kind, parent, a linear
/// layout's direction value, and on which platforms it does not exist (its own kind or an
/// ancestor's is not supported there). A light replay: no styles, no layout.
struct ElementTracker {
    struct Element {
        var kind: WidgetKind
        var parent: Int?
        /// CREATE_* value (a linear layout's direction, a label's autolink/markdown bits).
        var value: Int
        /// Platforms that do not create it (or one of its ancestors).
        var missingOn: Set<PlatformProfile.Platform>
    }
    private(set) var elements: [Int: Element] = [:]
    /// Ids in creation order (a navigation bar item's index among its bar's items).
    private var creationOrder: [Int: Int] = [:]
    /// The first FlipperLayout or Pager created: the page view iOS turns on a navigation bar tap.
    private(set) var pageView: Int?

    subscript(id: Int) -> Element? { elements[id] }

    mutating func create(
        _ id: Int, kind: WidgetKind, parent: Int, value: Int, missingOn own: Set<PlatformProfile.Platform>
    ) {
        let inherited = elements[parent]?.missingOn ?? []
        elements[id] = Element(
            kind: kind, parent: elements[parent] != nil ? parent : nil, value: value,
            missingOn: inherited.union(own))
        creationOrder[id] = creationOrder.count
        if (kind == .flipperLayout || kind == .pager) && pageView == nil { pageView = id }
    }

    /// The index of a navigation bar item among its parent's items (in creation order), nil when detached.
    func itemIndex(_ id: Int) -> Int? {
        guard let parent = elements[id]?.parent else { return nil }
        let items = elements.filter { $0.value.parent == parent && $0.value.kind == .navigationBarItem }.keys
            .sorted { (creationOrder[$0] ?? 0) < (creationOrder[$1] ?? 0) }
        return items.firstIndex(of: id)
    }

    mutating func delete(_ id: Int) { elements[id] = nil }

    mutating func detach(_ child: Int, from parent: Int) {
        if elements[child]?.parent == parent { elements[child]?.parent = nil }
    }

    /// The nearest button or event layout at or above `id` (a click's receiver, like the replay's `click`).
    func clickReceiver(_ id: Int) -> Int? {
        guard let e = elements[id] else { return nil }
        switch e.kind {
        case .button, .eventLayout: return id
        case .switchControl, .checkbox, .navigationBarItem, .textField, .textView, .searchBar, .picker: return nil
        default:
            var cur = e.parent
            var hops = 0
            while let p = cur, let pe = elements[p], hops < 10_000 {
                if pe.kind == .button || pe.kind == .eventLayout { return p }
                cur = pe.parent
                hops += 1
            }
            return nil
        }
    }

    /// Bars whose parent is the application (iOS drops them at the first view switch), by id.
    func applicationBars() -> [Int] {
        elements.keys.sorted().filter { id in
            guard let e = elements[id], [.actionBar, .navigationBar, .searchBar].contains(e.kind),
                let p = e.parent
            else { return false }
            return elements[p]?.kind == .application
        }
    }
}

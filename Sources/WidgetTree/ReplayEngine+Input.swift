import Primitives
import SessionFormat

/// User input steps (session-format.md section 4): states, clicks and the events they send.
extension ReplayEngine {
    /// The framework's ids of the action bar buttons (`include/FWDefs.h`).
    static let barButtonIds: [String: Int] = ["menu": -1, "back": -2, "compose": -3, "save": -4]

    /// An input step on the element it reaches (`resolveInput`: semantics.md items 39 and 43).
    mutating func input(_ kind: InputKind, id named: Int, value: Int, text: String, address: InputAddress? = nil) {
        guard let id = resolveInput(kind, id: named, address: address) else { return }
        notePress(kind, id)
        switch kind {
        case .press:
            tree.elements[id]!.isPressed = true
        case .release:
            tree.elements[id]!.isPressed = false
            click(id)
        case .tap:
            if tree.elements[id]!.kind == .actionSheet {
                tapSheet(id, row: Self.stepRow(kind, value) ?? touch.sheetRow)
                return
            }
            if let row = Self.stepRow(kind, value) {
                warn("no-click", "tap row \(row): \(label(id)) is not an action sheet; tapped as a plain element")
            }
            if !text.isEmpty {
                if tree.elements[id]!.kind == .actionBar {
                    barButton(id, text)
                    return
                }
                warn(
                    "not-an-action-bar", "tap \"\(text)\": \(label(id)) is not an action bar; tapped as a plain element"
                )
            }
            tree.elements[id]!.isPressed = false
            click(id)
        case .select:
            tree.elements[id]!.isSelected = value != 0
        case .scroll:
            scroll(id, to: value)
        case .input:
            typeText(id, text)
        }
    }

    /// The ValueEvent a real backend sends for a click (semantics.md 7 item 22). A tap on a leaf
    /// inside a clickable wrapper counts for the nearest button or event layout around it.
    mutating func click(_ id: Int) {
        let e = tree.elements[id]!
        switch e.kind {
        case .switchControl, .checkbox:
            let new = e.value != 0 ? 0 : 1
            tree.elements[id]!.value = new
            emit("ValueEvent", to: id, [("value", .int(new))])
        case .navigationBarItem:
            navigationTap(id)
        case .button, .eventLayout:
            emit("ValueEvent", to: id, [("value", .int(options.clickValue))])
        case .textField, .textView, .searchBar:
            tree.elements[id]!.isFocused = true  // a tap focuses a field; typing is an `input` step
        case .picker:
            break  // the platform opens its option sheet; the app hears only the chosen row
        case .actionSheet:
            tapSheet(id, row: touch.sheetRow)  // a release on a row (semantics.md item 40)
        default:
            var cur = e.parent
            var hops = 0
            while let p = cur, let pe = tree.elements[p], hops < 10_000 {
                if pe.kind == .button || pe.kind == .eventLayout {
                    emit("ValueEvent", to: p, [("value", .int(options.clickValue))])
                    return
                }
                cur = pe.parent
                hops += 1
            }
            warn("no-click", "tap on \(label(id)): nothing clickable there, so no ValueEvent is sent")
        }
    }

    /// A tap on a NavigationBarItem (semantics.md 7 item 37). The tab bar selects the tapped item
    /// itself. Where the platform's tab bar turns pages (iOS, the preview), page i of the page view
    /// is shown and the app hears, in order, ValueEvent(i) and a VisibilityEvent for the page view,
    /// then ValueEvent(1) for the item; the app creates the page's content in reply. On Android the
    /// item is a button: only its click ValueEvent.
    mutating func navigationTap(_ id: Int) {
        // The bar's items in order (the index iOS finds with `indexForTabBar:item:`).
        let siblings = (tree.elements[id]!.parent.flatMap { tree.elements[$0]?.children } ?? [])
            .filter { tree.elements[$0]?.kind == .navigationBarItem }
        for sibling in siblings { tree.elements[sibling]!.isSelected = sibling == id }
        tree.elements[id]!.isSelected = true
        // Without a page view (never made, or deleted) no page turns.
        let turn = siblings.firstIndex(of: id).flatMap { i in
            pageViewId.flatMap { tree.elements[$0] != nil ? (i, $0) : nil }
        }
        guard options.platform.navigationTapShowsPage else {
            if let (index, pages) = turn {
                warn(
                    "portability",
                    """
                    tap on \(label(id)): on \(options.platform.displayName) the item is a button, so \
                    \(label(pages)) stays on its page (iOS would show page \(index))
                    """
                )
            }
            emit("ValueEvent", to: id, [("value", .int(options.clickValue))])
            return
        }
        if let (index, pages) = turn {
            tree.elements[pages]!.value = index
            emit("ValueEvent", to: pages, [("value", .int(index))])
            emit("VisibilityEvent", to: pages, [("visible", .bool(true))])
        }
        emit("ValueEvent", to: id, [("value", .int(1))])
    }

    /// An action bar button (semantics.md 7 item 14): a CommandEvent with the framework id; `menu`
    /// also opens the app's navigation drawer when it has one.
    mutating func barButton(_ bar: Int, _ name: String) {
        guard let fwId = Self.barButtonIds[name] else { return }
        emit("CommandEvent", to: bar, [("elementId", .int(fwId))])
        guard name == "menu" else { return }
        let drawer = tree.overlayIds.first { tree.elements[$0]?.kind == .navigationView }
        if let d = drawer, tree.elements[d]?.isVisible == false {
            tree.elements[d]!.isVisible = true
            emit("VisibilityEvent", to: d, [("visible", .bool(true))])
        }
    }

    /// A `scroll` step: the offset (dp) and the app's ScrollChangedEvent. Clamping to the content
    /// needs layout, so `scrollPos` is the requested offset (not below 0) until the pipeline
    /// completes the event from the layout of the tree kept in `scrollStates`.
    mutating func scroll(_ id: Int, to offset: Int) {
        let kind = tree.elements[id]!.kind
        guard [.scrollLayout, .listView, .gridView].contains(kind) else {
            warn("not-scrollable", "scroll: \(label(id)) does not scroll; skipped")
            return
        }
        let pos = max(0, offset)
        tree.elements[id]!.value = pos
        if emit("ScrollChangedEvent", to: id, [("scrollPos", .int(pos))]) {
            scrollStates.append(ScrollState(event: events.count - 1, id: id, tree: tree))
        }
    }

    /// An `input` step: the field's text and one ValueEvent with it.
    mutating func typeText(_ id: Int, _ text: String) {
        let kind = tree.elements[id]!.kind
        guard [.textField, .textView, .searchBar].contains(kind) else {
            warn("not-editable", "input: \(label(id)) is not a text field; skipped")
            return
        }
        tree.elements[id]!.text = text
        emit("ValueEvent", to: id, [("text", .string(text))])
    }
}

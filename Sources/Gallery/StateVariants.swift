import Layout
import Primitives
import SessionFormat
import Styles
import WidgetTree

/// The state matrix: for each interactive element on screen (buttons, event layouts, navigation bar
/// items), copies of the final tree with that element pressed (ACTIVE) or selected (SELECTED), and
/// HOVER / DISABLED where the session styles them differently from NORMAL.
package enum StateVariants {
    /// One element in one state, as a whole tree to render.
    package struct Variant {
        package var elementId: Int
        package var kind: WidgetKind
        package var state: Selector
        package var tree: WidgetTree
    }

    static let interactive: Set<WidgetKind> = [.button, .eventLayout, .navigationBarItem]

    /// Interactive elements laid out in `layout`, in paint order.
    package static func interactiveElements(_ tree: WidgetTree, _ layout: LayoutResult) -> [Element] {
        layout.paintOrder.compactMap { id in tree.elements[id] }.filter { interactive.contains($0.kind) }
    }

    /// The states worth showing for an element besides NORMAL: ACTIVE and SELECTED always; HOVER and
    /// DISABLED when the element declares them and they resolve to a different look.
    package static func states(of e: Element, resolver: StyleResolver) -> [Selector] {
        var out: [Selector] = [.active, .selected]
        let normal = resolver.resolve(kind: e.kind, styles: e.styles, state: .normal)
        for s in [Selector.hover, .disabled] where e.styles[s] != nil {
            if resolver.resolve(kind: e.kind, styles: e.styles, state: s) != normal { out.append(s) }
        }
        return out
    }

    /// The final tree with one element in `state` (every other element as in NORMAL).
    /// HOVER and DISABLED have no flag in the tree, so the copy puts that state's declarations in the
    /// ACTIVE slot and presses the element: the layout then resolves defaults, NORMAL, then the state,
    /// which is what `StyleResolver.resolve(kind:styles:state:)` gives.
    package static func tree(_ base: WidgetTree, element id: Int, state: Selector) -> WidgetTree {
        var tree = base
        guard var e = tree.elements[id] else { return tree }
        e.isPressed = false
        e.isSelected = false
        switch state {
        case .active: e.isPressed = true
        case .selected: e.isSelected = true
        case .hover, .disabled:
            e.styles[.active] = e.styles[state]
            e.isPressed = true
        case .normal, .link: break
        }
        tree.elements[id] = e
        return tree
    }
}

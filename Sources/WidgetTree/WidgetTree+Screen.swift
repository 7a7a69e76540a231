import SessionFormat

/// Which elements a user could see (and so touch) in the current state.
extension WidgetTree {
    /// True when `id` and its ancestors are visible and it hangs from the root through the active
    /// FrameView, an app-level bar, or a shown overlay (dialog, sheet, open drawer). Overlays count
    /// wherever their parent is, because the backend places them itself.
    package func isOnScreen(_ id: Int) -> Bool {
        var cur = id
        for _ in 0..<100_000 {
            guard let e = elements[cur], e.isVisible else { return false }
            if overlayIds.contains(cur) { return true }
            if e.kind == .frameView && cur != activeViewId { return false }
            guard let p = e.parent else { return cur == rootId }
            cur = p
        }
        return false
    }
}

import Primitives
import Styles
import WidgetTree

/// iOS scroll views inset their content by the part of the view that lies under bars overlaying
/// the content (`adjustedContentInset`, protocol 3.3): at scroll position 0 the content starts
/// just below the navigation bar, and the last of it can scroll up above the tab bar. Plain
/// layouts are not inset (they stay under the bar, as on a phone). Runs after the view's layout,
/// before frames are made absolute, so it adjusts what `ScrollLayout` recorded.
struct ScrollSafeArea {
    let cx: LayoutContext

    /// `barBottom`/`barTop` are the overlaying bars' inner edges.
    func insetScrollViewsUnderBars(barBottom: Double?, barTop: Double?) {
        guard cx.profile.scrollContentInsetUnderBars, barBottom != nil || barTop != nil else { return }
        // Sorted ids: the order of the dictionary must not matter.
        for id in cx.out.framedIds {
            guard let el = cx.tree.elements[id], el.kind == .scrollLayout, el.isVisible,
                let frame = cx.out.frame(id), let child = cx.flowChildren(el).first,
                let childRect = cx.out.frame(child.id),
                let y = absoluteY(id)
            else { continue }
            let top = barBottom.map { max(0, min(frame.height, $0 - y)) } ?? 0
            let bottom = barTop.map { max(0, min(frame.height, y + frame.height - $0)) } ?? 0
            guard top > 0 || bottom > 0, let scroll = cx.out.scroll(id) else { continue }
            let viewport = frame.height - Box.insets(cx.style(el)).vertical
            let maxOffset = max(0, scroll.content.height + top + bottom - viewport)
            let offset = min(max(0, Double(el.value)), maxOffset)
            cx.out.setScrollOffset(id, offset)
            cx.out.setFrame(child.id, childRect.offsetBy(dx: 0, dy: top - offset + scroll.offset))
        }
    }

    /// An element's y on the screen from the local boxes of its ancestors (nil when one is missing).
    private func absoluteY(_ id: Int) -> Double? {
        var y = 0.0
        var current: Int? = id
        var steps = 0
        while let c = current, steps <= LayoutContext.maxDepth + 2 {
            guard let r = cx.out.frame(c) else { return nil }
            y += r.minY
            if cx.out.isRoot(c) { return y }
            current = cx.tree.elements[c]?.parent
            steps += 1
        }
        return nil
    }
}

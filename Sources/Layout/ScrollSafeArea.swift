import Primitives
import Styles
import WidgetTree

extension LayoutPass {
    /// iOS scroll views inset their content by the part of the view that lies under bars overlaying
    /// the content (`adjustedContentInset`, protocol 3.3): at scroll position 0 the content starts
    /// just below the navigation bar, and the last of it can scroll up above the tab bar. Plain
    /// layouts are not inset (they stay under the bar, as on a phone). Runs after the view's layout,
    /// before frames are made absolute; `barBottom`/`barTop` are the overlaying bars' inner edges.
    func insetScrollViewsUnderBars(barBottom: Double?, barTop: Double?) {
        guard profile.scrollContentInsetUnderBars, barBottom != nil || barTop != nil else { return }
        // Sorted ids: the order of the dictionary must not matter.
        for id in local.keys.sorted() {
            guard let el = tree.elements[id], el.kind == .scrollLayout, el.isVisible,
                  let frame = local[id], let child = flowChildren(el).first, let childRect = local[child.id],
                  let y = absoluteY(id) else { continue }
            let top = barBottom.map { max(0, min(frame.height, $0 - y)) } ?? 0
            let bottom = barTop.map { max(0, min(frame.height, y + frame.height - $0)) } ?? 0
            guard top > 0 || bottom > 0, let content = result.scrollContent[id],
                  let oldOffset = result.scrollOffsets[id] else { continue }
            let viewport = frame.height - Box.insets(style(el)).vertical
            let maxOffset = max(0, content.height + top + bottom - viewport)
            let offset = min(max(0, Double(el.value)), maxOffset)
            result.scrollOffsets[id] = offset
            local[child.id] = childRect.offsetBy(dx: 0, dy: top - offset + oldOffset)
        }
    }

    /// An element's y on the screen from the local boxes of its ancestors (nil when one is missing).
    private func absoluteY(_ id: Int) -> Double? {
        var y = 0.0, current: Int? = id, steps = 0
        while let c = current, steps <= Self.maxDepth + 2 {
            guard let r = local[c] else { return nil }
            y += r.minY
            if placedSet.contains(c) { return y }
            current = tree.elements[c]?.parent
            steps += 1
        }
        return nil
    }
}

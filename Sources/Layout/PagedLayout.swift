import Primitives
import Styles
import WidgetTree

/// FlipperLayout and Pager: page `value` (default 0, clamped to the pages there are) at full
/// size; the other pages are not laid out.
struct PagedLayout {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        let ins = Box.insets(s)
        let pages = cx.flowChildren(el)
        guard !pages.isEmpty else {
            return Size(
                width: Box.resolve(w, natural: ins.horizontal, min: s.minWidth, max: s.maxWidth),
                height: Box.resolve(h, natural: ins.vertical, min: s.minHeight, max: s.maxHeight))
        }
        let page = pages[min(max(0, el.value), pages.count - 1)]
        let ps = cx.style(page)
        let innerW = Box.innerLimit(w, max: s.maxWidth, insets: ins.horizontal)
        let innerH = Box.innerLimit(h, max: s.maxHeight, insets: ins.vertical)
        // A page fills the pager when the pager's size is known, whatever its own style says.
        func pageSpec(
            _ inner: Double?, _ definite: Bool, _ dim: Dimension, _ lo: Double, _ hi: Double, _ margins: Double
        ) -> AxisSpec {
            if definite, let inner { return .exactly(Box.clamp(inner - margins, min: lo, max: hi)) }
            return Box.childSpec(dim, min: lo, max: hi, avail: inner, definite: false, margins: margins)
        }
        let pw = pageSpec(innerW, w.definite != nil, ps.width, ps.minWidth, ps.maxWidth, ps.margin.horizontal)
        let ph = pageSpec(innerH, h.definite != nil, ps.height, ps.minHeight, ps.maxHeight, ps.margin.vertical)
        var size = cx.layoutNode(page.id, w: pw, h: ph, depth: depth + 1)
        let ownW = Box.resolve(
            w, natural: size.width + ps.margin.horizontal + ins.horizontal, min: s.minWidth, max: s.maxWidth)
        let ownH = Box.resolve(
            h, natural: size.height + ps.margin.vertical + ins.vertical, min: s.minHeight, max: s.maxHeight)
        let fullW = AxisSpec.exactly(max(0, ownW - ins.horizontal - ps.margin.horizontal))
        let fullH = AxisSpec.exactly(max(0, ownH - ins.vertical - ps.margin.vertical))
        if pw != fullW || ph != fullH { size = cx.layoutNode(page.id, w: fullW, h: fullH, depth: depth + 1) }
        cx.out.setFrame(
            page.id,
            Rect(
                x: ins.left + ps.margin.left, y: ins.top + ps.margin.top,
                width: size.width, height: size.height))
        return Size(width: ownW, height: ownH)
    }
}

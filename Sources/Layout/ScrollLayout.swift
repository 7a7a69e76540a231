import Primitives
import Styles
import WidgetTree

/// ScrollLayout: vertical; only the first child is laid out, with unbounded height, and shown
/// shifted by the scroll offset (`value`, clamped to 0...content - viewport).
struct ScrollLayout {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        let ins = Box.insets(s)
        let innerW = Box.innerLimit(w, max: s.maxWidth, insets: ins.horizontal)
        guard let child = cx.flowChildren(el).first else {
            let ownW = Box.resolve(w, natural: ins.horizontal, min: s.minWidth, max: s.maxWidth)
            let ownH = Box.resolve(h, natural: ins.vertical, min: s.minHeight, max: s.maxHeight)
            cx.out.setScroll(el.id, content: Size(width: max(0, ownW - ins.horizontal), height: 0), offset: 0)
            return Size(width: ownW, height: ownH)
        }
        let cs = cx.style(child)
        // The content spans the view's width unless it has a width of its own (iOS pins it to the
        // scroll view's width; Android forces match-parent on it).
        let fillDim: Dimension = cs.width == .wrapContent ? .matchParent : cs.width
        let cw = Box.childSpec(
            fillDim, min: cs.minWidth, max: cs.maxWidth, avail: innerW, definite: w.definite != nil,
            margins: cs.margin.horizontal)
        // Unbounded height: a fixed height stays, anything else takes its content's height.
        let chSpec: AxisSpec
        if case .fixed(let v) = cs.height {
            chSpec = .exactly(Box.clamp(v, min: cs.minHeight, max: cs.maxHeight))
        } else {
            chSpec = .wrap(nil)
        }
        var size = cx.layoutNode(child.id, w: cw, h: chSpec, depth: depth + 1)

        let ownW = Box.resolve(
            w, natural: size.width + cs.margin.horizontal + ins.horizontal, min: s.minWidth, max: s.maxWidth)
        let ownH = Box.resolve(
            h, natural: size.height + cs.margin.vertical + ins.vertical, min: s.minHeight, max: s.maxHeight)
        let viewportW = max(0, ownW - ins.horizontal)
        let viewportH = max(0, ownH - ins.vertical)
        // Once the width is known, a match-parent child stretches to it; a match-parent height fills
        // at least the viewport (content shorter than the view cannot scroll anyway).
        var finalW = cw
        var finalH = chSpec
        if fillDim == .matchParent, w.definite == nil {
            finalW = .exactly(Box.clamp(viewportW - cs.margin.horizontal, min: cs.minWidth, max: cs.maxWidth))
        }
        if cs.height == .matchParent, size.height + cs.margin.vertical < viewportH {
            finalH = .exactly(Box.clamp(viewportH - cs.margin.vertical, min: cs.minHeight, max: cs.maxHeight))
        }
        if finalW != cw || finalH != chSpec { size = cx.layoutNode(child.id, w: finalW, h: finalH, depth: depth + 1) }

        let contentH = size.height + cs.margin.vertical
        let maxOffset = max(0, contentH - viewportH)
        let offset = min(max(0, Double(el.value)), maxOffset)
        cx.out.setScroll(el.id, content: Size(width: viewportW, height: contentH), offset: offset)
        let x = Box.align(
            cs.gravity.horizontalAlign, size: size.width, before: cs.margin.left, after: cs.margin.right,
            inner: viewportW)
        cx.out.setFrame(
            child.id,
            Rect(
                x: ins.left + x, y: ins.top + cs.margin.top - offset,
                width: size.width, height: size.height))
        return Size(width: ownW, height: ownH)
    }
}

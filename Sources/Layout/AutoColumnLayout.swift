import Primitives
import Styles
import WidgetTree

/// AutoColumnLayout: as many equal columns as fit, the column width taken from the widest
/// child; children are dealt into the columns in order (child i goes to column i mod n).
struct AutoColumnLayout {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        let ins = Box.insets(s)
        let innerW = Box.innerLimit(w, max: s.maxWidth, insets: ins.horizontal)
        let kids = cx.flowChildren(el)
        let styles = kids.map(cx.style)
        // Natural widths decide the column count.
        var widest = 0.0
        for (kid, cs) in zip(kids, styles) {
            let size = cx.layoutChild(
                kid, availW: innerW, definiteW: false, availH: nil, definiteH: false, depth: depth)
            widest = max(widest, size.width + cs.margin.horizontal)
        }
        let columns: Int
        if let innerW, widest > 0 {
            columns = max(1, min(kids.count, CheckedInt.int(innerW / widest, .down, in: 1...max(1, kids.count))))
        } else {
            columns = max(1, min(kids.count, 1))
        }
        let columnW = innerW.map { $0 / Double(columns) } ?? widest
        var heights = [Double](repeating: 0, count: columns)
        var placed: [(Int, Rect)] = []
        for (i, (kid, cs)) in zip(kids, styles).enumerated() {
            let col = i % columns
            let size = cx.layoutChild(
                kid, availW: columnW, definiteW: true, availH: nil, definiteH: false, depth: depth)
            let x =
                Double(col) * columnW
                + Box.align(
                    cs.gravity.horizontalAlign, size: size.width, before: cs.margin.left, after: cs.margin.right,
                    inner: columnW)
            placed.append(
                (
                    kid.id,
                    Rect(
                        x: ins.left + x, y: ins.top + heights[col] + cs.margin.top,
                        width: size.width, height: size.height)
                ))
            heights[col] += size.height + cs.margin.vertical
        }
        let ownW = Box.resolve(w, natural: columnW * Double(columns) + ins.horizontal, min: s.minWidth, max: s.maxWidth)
        let ownH = Box.resolve(h, natural: (heights.max() ?? 0) + ins.vertical, min: s.minHeight, max: s.maxHeight)
        for (id, r) in placed { cx.out.setFrame(id, r) }
        return Size(width: ownW, height: ownH)
    }
}

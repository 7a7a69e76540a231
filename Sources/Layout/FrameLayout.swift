import Primitives
import Styles
import WidgetTree

/// FrameLayout, EventLayout, FrameView, Application, drawer and dialog bodies: children overlay
/// (later on top), each placed by gravity on both axes (default top-left) or by offsets from
/// the inside of the padding (section 7 items 6 and 33). The screen and the drawer place their
/// content with `placeChildren` too.
struct FrameLayout {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        let ins = Box.insets(s)
        let innerW = Box.innerLimit(w, max: s.maxWidth, insets: ins.horizontal)
        let innerH = Box.innerLimit(h, max: s.maxHeight, insets: ins.vertical)
        let kids = cx.flowChildren(el)
        var contentW = 0.0
        var contentH = 0.0
        var measuredSpecs: [Int: (AxisSpec, AxisSpec)] = [:]
        for kid in kids {
            let cs = cx.style(kid)
            let (cw, ch) = childSpecs(
                cs, innerW: innerW, definiteW: w.definite != nil,
                innerH: innerH, definiteH: h.definite != nil)
            measuredSpecs[kid.id] = (cw, ch)
            let size = cx.layoutNode(kid.id, w: cw, h: ch, depth: depth + 1)
            contentW = max(
                contentW, size.width + cs.margin.horizontal + (cs.offsets.left ?? 0) + (cs.offsets.right ?? 0))
            contentH = max(
                contentH, size.height + cs.margin.vertical + (cs.offsets.top ?? 0) + (cs.offsets.bottom ?? 0))
        }
        let ownW = Box.resolve(w, natural: contentW + ins.horizontal, min: s.minWidth, max: s.maxWidth)
        let ownH = Box.resolve(h, natural: contentH + ins.vertical, min: s.minHeight, max: s.maxHeight)
        let inner = Rect(
            x: ins.left, y: ins.top, width: max(0, ownW - ins.horizontal), height: max(0, ownH - ins.vertical))
        placeChildren(kids, in: inner, depth: depth, measured: measuredSpecs)
        return Size(width: ownW, height: ownH)
    }

    /// Lays out and places `kids` inside `inner` (relative to their parent's border box), which is
    /// now known exactly: match-parent children stretch to it. A child measured already (`measured`)
    /// keeps that spec on an axis where it does not stretch, so it is not laid out twice.
    func placeChildren(_ kids: [Element], in inner: Rect, depth: Int, measured: [Int: (AxisSpec, AxisSpec)] = [:]) {
        for kid in kids {
            let cs = cx.style(kid)
            var (cw, ch) = childSpecs(cs, innerW: inner.width, definiteW: true, innerH: inner.height, definiteH: true)
            if let (mw, mh) = measured[kid.id] {
                if cs.width != .matchParent && (cs.offsets.left == nil || cs.offsets.right == nil) { cw = mw }
                if cs.height != .matchParent && (cs.offsets.top == nil || cs.offsets.bottom == nil) { ch = mh }
            }
            let size = cx.layoutNode(kid.id, w: cw, h: ch, depth: depth + 1)
            let o = cs.offsets
            let m = cs.margin
            let x: Double
            if let l = o.left {
                x = l + m.left
            } else if let r = o.right {
                x = inner.width - r - m.right - size.width
            } else {
                x = Box.align(
                    cs.gravity.horizontalAlign, size: size.width, before: m.left, after: m.right, inner: inner.width)
            }
            let y: Double
            if let t = o.top {
                y = t + m.top
            } else if let b = o.bottom {
                y = inner.height - b - m.bottom - size.height
            } else {
                y = Box.align(
                    cs.gravity.verticalAlign, size: size.height, before: m.top, after: m.bottom, inner: inner.height)
            }
            cx.out.setFrame(kid.id, Rect(x: inner.x + x, y: inner.y + y, width: size.width, height: size.height))
        }
    }

    /// The specs of a frame-layout child: left and right together set the width (top and bottom the
    /// height); a single offset only takes room from the space available.
    func childSpecs(_ cs: ResolvedStyle, innerW: Double?, definiteW: Bool, innerH: Double?, definiteH: Bool)
        -> (AxisSpec, AxisSpec)
    {
        let o = cs.offsets
        func spec(
            _ dim: Dimension, _ lo: Double, _ hi: Double, _ inner: Double?, _ definite: Bool,
            _ a: Double?, _ b: Double?, _ margins: Double
        ) -> AxisSpec {
            if let a, let b, definite, let inner {
                if case .fixed = dim {} else { return .exactly(Box.clamp(inner - a - b - margins, min: lo, max: hi)) }
            }
            return Box.childSpec(
                dim, min: lo, max: hi, avail: inner.map { $0 - (a ?? 0) - (b ?? 0) },
                definite: definite, margins: margins)
        }
        return (
            spec(cs.width, cs.minWidth, cs.maxWidth, innerW, definiteW, o.left, o.right, cs.margin.horizontal),
            spec(cs.height, cs.minHeight, cs.maxHeight, innerH, definiteH, o.top, o.bottom, cs.margin.vertical)
        )
    }
}

import CCairo
import Compositing
import Primitives

/// The Cairo side of the compositors (`Compositing`, which holds no Cairo): targets made from a
/// context's own pixels and clip, masks handed over as their alpha rows, and Cairo told which
/// pixels changed.
extension DirectMaskTarget {
    /// Composites through `mask` with its top-left pixel at (x, y) (|x|, |y| <= `maxOffset`).
    package func composite(_ mask: CairoMask, x: Int, y: Int) { composite(mask.rows, x: x, y: y) }

    /// Tells Cairo its pixels changed (call once after the composites).
    package func finish() {
        guard let owner else { return }
        let e = extent
        cairo_surface_mark_dirty_rectangle(owner, Int32(e.x0), Int32(e.y0), Int32(e.x1 - e.x0), Int32(e.y1 - e.y0))
    }
}

extension CairoMask {
    /// The mask's alpha rows, for the compositors (valid while the mask lives).
    package var rows: AlphaRows {
        AlphaRows(data: data, width: width, height: height, stride: stride, rowSpans: rowSpans, rowGaps: rowGaps)
    }
}

extension BlurMask {
    /// Blurs `mask` in place with `boxes(sigma:)` (see `gaussian(_:width:height:stride:sigma:)`).
    package static func gaussian(_ mask: CairoMask, sigma: Double) {
        guard !boxes(sigma: sigma).isEmpty else { return }
        let (w, h) = (mask.width, mask.height)
        mask.withPixels { data, stride in gaussian(data, width: w, height: h, stride: stride, sigma: sigma) }
    }
}

extension CairoContext {
    /// The target to composite a solid `color` (alpha times `alpha`) through masks on directly, with
    /// the same bytes as `setColor` then `mask` at whole pixels: when `drawsMasksDirectly`, the
    /// operator is OVER, drawing goes straight to an ARGB32 image surface at identity (no group, no
    /// device offset) and the clip is one rectangle of whole pixels. Nil otherwise (use Cairo).
    package func directMaskTarget(color: Color, alpha: Double = 1) -> DirectMaskTarget? {
        guard drawsMasksDirectly, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
            let (data, stride, w, h) = directTarget(), let c = wholePixelClip()
        else { return nil }
        // An empty part (the clip misses the surface) draws nothing.
        let x0 = max(c.x0, 0)
        let y0 = max(c.y0, 0)
        let x1 = max(x0, min(c.x1, w))
        let y1 = max(y0, min(c.y1, h))
        cairo_surface_flush(cairo_get_target(cr))
        let source = DirectMaskTarget.premultiplied(color, alpha: alpha)
        let table: [UInt32]
        if let t = maskTables[source] {
            table = t
        } else {
            table = DirectMaskTarget.table(for: source)
            if maskTables.count >= 64 { maskTables.removeAll() }
            maskTables[source] = table
        }
        return DirectMaskTarget(
            pixels: data, stride: stride, x0: x0, y0: y0, x1: x1, y1: y1, source: source,
            owner: cairo_get_target(cr), table: table)
    }

    /// The current clip when it is one rectangle of whole device pixels (x0 <= x < x1, y0 <= y < y1).
    func wholePixelClip() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        // No rectangle: everything is clipped away.
        if list.pointee.num_rectangles == 0 { return (0, 0, 0, 0) }
        guard list.pointee.num_rectangles == 1 else { return nil }
        let c = list.pointee.rectangles[0]
        guard c.x == c.x.rounded(), c.y == c.y.rounded(), c.width == c.width.rounded(), c.height == c.height.rounded(),
            abs(c.x) < 1e9, abs(c.y) < 1e9, c.width < 1e9, c.height < 1e9
        else { return nil }
        return (
            CheckedInt.int(c.x), CheckedInt.int(c.y), CheckedInt.int(c.x + c.width), CheckedInt.int(c.y + c.height)
        )
    }
}

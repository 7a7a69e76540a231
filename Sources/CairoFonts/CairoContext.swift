import CCairo
import Foundation
import Primitives

/// A Cairo drawing context in device pixels. Thin: one method per Cairo call the renderer uses.
package final class CairoContext {
    let cr: OpaquePointer
    /// Whether glyph and shadow masks are composited by `DirectMaskTarget` where it gives Cairo's
    /// bytes (off: always through Cairo; tests compare the two).
    package var drawsMasksDirectly = true
    /// `DirectMaskTarget.table`s by source pixel, made once per colour per context.
    var maskTables: [UInt32: [UInt32]] = [:]

    /// A context drawing into `surface`.
    package convenience init(surface: CairoSurface) { self.init(target: surface.raw) }
    init(target: OpaquePointer) {
        cr = cairo_create(target)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
    }
    deinit { cairo_destroy(cr) }

    package enum FillRule { case winding, evenOdd }
    package enum Operator { case over, source, clear, destOut }

    // State
    package func save() { cairo_save(cr) }
    package func restore() { cairo_restore(cr) }
    package func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    package func scale(_ x: Double, _ y: Double) { cairo_scale(cr, x, y) }
    package func rotate(_ a: Double) { cairo_rotate(cr, a) }
    /// Multiplies the current matrix by (a b c d e f) as in canvas `transform`.
    package func transform(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        var m = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: e, y0: f)
        cairo_transform(cr, &m)
    }
    package func setMatrix(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        var m = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: e, y0: f)
        cairo_set_matrix(cr, &m)
    }
    package func identityMatrix() { cairo_identity_matrix(cr) }
    /// The current matrix (a, b, c, d, e, f).
    package func matrix() -> (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
    }
    package func setOperator(_ op: Operator) {
        switch op {
        case .over: cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        case .source: cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        case .clear: cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        case .destOut: cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        }
    }
    package func setFillRule(_ r: FillRule) {
        cairo_set_fill_rule(cr, r == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
    }
    package func setAntialias(_ on: Bool) { cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE) }

    // Paths
    package func newPath() { cairo_new_path(cr) }
    package func newSubPath() { cairo_new_sub_path(cr) }
    package func closePath() { cairo_close_path(cr) }
    package func move(to x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    package func line(to x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    package func curve(to x3: Double, _ y3: Double, c1 x1: Double, _ y1: Double, c2 x2: Double, _ y2: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
    }
    package func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(cr, x, y, w, h) }
    /// Arc clockwise (in y-down space) from a0 to a1 radians.
    package func arc(_ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ a1: Double) {
        cairo_arc(cr, cx, cy, r, a0, a1)
    }
    package func arcNegative(_ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ a1: Double) {
        cairo_arc_negative(cr, cx, cy, r, a0, a1)
    }
    /// Arc of an axis-aligned ellipse (radii rx, ry) clockwise in y-down space from a0 to a1 radians.
    package func ellipticalArc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ a0: Double, _ a1: Double) {
        if rx == ry {
            cairo_arc(cr, cx, cy, rx, a0, a1)
            return
        }
        guard rx > 0, ry > 0 else {
            cairo_line_to(cr, cx + rx * cos(a1), cy + ry * sin(a1))
            return
        }
        // Scaling the matrix only while the arc is added: the path stays in the outer user space.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, rx, ry)
        cairo_arc(cr, 0, 0, 1, a0, a1)
        cairo_set_matrix(cr, &m)
    }
    package var hasCurrentPoint: Bool { cairo_has_current_point(cr) != 0 }
    package func currentPoint() -> (Double, Double) {
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return (x, y)
    }
    /// Adds a rounded rectangle (radii clamped so adjacent corners never overlap, as CSS does).
    package func roundedRectangle(_ r: Rect, _ radii: Corners) {
        if radii.isZero {
            rectangle(r.x, r.y, r.width, r.height)
            return
        }
        var k = 1.0
        func fit(_ a: Double, _ b: Double, _ len: Double) { if a + b > len, a + b > 0 { k = min(k, len / (a + b)) } }
        fit(radii.topLeft, radii.topRight, r.width)
        fit(radii.bottomLeft, radii.bottomRight, r.width)
        fit(radii.topLeft, radii.bottomLeft, r.height)
        fit(radii.topRight, radii.bottomRight, r.height)
        let tl = radii.topLeft * k
        let tr = radii.topRight * k
        let br = radii.bottomRight * k
        let bl = radii.bottomLeft * k
        newSubPath()
        move(to: r.x + tl, r.y)
        line(to: r.maxX - tr, r.y)
        if tr > 0 { arc(r.maxX - tr, r.y + tr, tr, -Double.pi / 2, 0) }
        line(to: r.maxX, r.maxY - br)
        if br > 0 { arc(r.maxX - br, r.maxY - br, br, 0, Double.pi / 2) }
        line(to: r.x + bl, r.maxY)
        if bl > 0 { arc(r.x + bl, r.maxY - bl, bl, Double.pi / 2, Double.pi) }
        line(to: r.x, r.y + tl)
        if tl > 0 { arc(r.x + tl, r.y + tl, tl, Double.pi, 3 * Double.pi / 2) }
        closePath()
    }

    // Paint
    package func setColor(_ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, c.alpha * alpha)
    }
    /// A linear gradient source from (x0,y0) to (x1,y1); stops (offset 0...1, colour).
    package func setLinearGradient(
        x0: Double, y0: Double, x1: Double, y1: Double, stops: [(Double, Color)], alpha: Double = 1
    ) {
        let p = cairo_pattern_create_linear(x0, y0, x1, y1)!
        for (o, c) in stops {
            cairo_pattern_add_color_stop_rgba(
                p, o, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, c.alpha * alpha)
        }
        cairo_set_source(cr, p)
        cairo_pattern_destroy(p)
    }
    /// A radial gradient source: circle at (cx,cy) from radius 0 to `radius`.
    package func setRadialGradient(cx: Double, cy: Double, radius: Double, stops: [(Double, Color)], alpha: Double = 1)
    {
        let p = cairo_pattern_create_radial(cx, cy, 0, cx, cy, radius)!
        for (o, c) in stops {
            cairo_pattern_add_color_stop_rgba(
                p, o, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, c.alpha * alpha)
        }
        cairo_set_source(cr, p)
        cairo_pattern_destroy(p)
    }
    package enum Filter { case nearest, good, best, bilinear }
    /// Uses `surface` as the source, its origin at (x, y) in user space.
    package func setSource(_ surface: CairoSurface, x: Double, y: Double, filter: Filter = .good) {
        cairo_set_source_surface(cr, surface.raw, x, y)
        let p = cairo_get_source(cr)
        switch filter {
        case .nearest: cairo_pattern_set_filter(p, CAIRO_FILTER_NEAREST)
        case .good: cairo_pattern_set_filter(p, CAIRO_FILTER_GOOD)
        case .best: cairo_pattern_set_filter(p, CAIRO_FILTER_BEST)
        case .bilinear: cairo_pattern_set_filter(p, CAIRO_FILTER_BILINEAR)
        }
        cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
    }
    package func fill() { cairo_fill(cr) }
    package func fillPreserve() { cairo_fill_preserve(cr) }
    package func stroke() { cairo_stroke(cr) }
    package func strokePreserve() { cairo_stroke_preserve(cr) }
    package func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
    }
    /// Paints the current source through the alpha of `mask`, placed at (x, y).
    package func mask(_ mask: CairoMask, x: Double, y: Double) { cairo_mask_surface(cr, mask.raw, x, y) }
    /// Paints the current source through the alpha of `surface`, placed at (x, y).
    package func mask(_ surface: CairoSurface, x: Double, y: Double) { cairo_mask_surface(cr, surface.raw, x, y) }
    package func clip() { cairo_clip(cr) }
    package func clipPreserve() { cairo_clip_preserve(cr) }
    package func resetClip() { cairo_reset_clip(cr) }
    package func setLineWidth(_ w: Double) { cairo_set_line_width(cr, w) }
    package func setDash(_ dashes: [Double], offset: Double = 0) {
        dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32(dashes.count), offset) }
    }
    package enum LineCap { case butt, round, square }
    package func setLineCap(_ c: LineCap) {
        cairo_set_line_cap(
            cr, c == .butt ? CAIRO_LINE_CAP_BUTT : c == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
    }
    package enum LineJoin { case miter, round, bevel }
    package func setLineJoin(_ j: LineJoin) {
        cairo_set_line_join(
            cr, j == .miter ? CAIRO_LINE_JOIN_MITER : j == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
    }
    /// Starts drawing into an offscreen group (for group opacity).
    package func pushGroup() { cairo_push_group(cr) }
    /// Ends the group and paints it with `alpha`.
    package func popGroupAndPaint(alpha: Double) {
        cairo_pop_group_to_source(cr)
        paint(alpha: alpha)
    }
    /// The pixel extents of the current clip (x0, y0, x1, y1) in user space.
    package func clipExtents() -> (Double, Double, Double, Double) {
        var a = 0.0
        var b = 0.0
        var c = 0.0
        var d = 0.0
        cairo_clip_extents(cr, &a, &b, &c, &d)
        return (a, b, c, d)
    }
    /// Status check after a sequence of calls.
    package func check() throws {
        let st = cairo_status(cr)
        if st != CAIRO_STATUS_SUCCESS { throw NativeError.cairo(String(cString: cairo_status_to_string(st))) }
    }
}

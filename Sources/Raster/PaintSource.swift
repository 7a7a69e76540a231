import CairoFonts
import Compositing
import Painting
import Primitives

/// Turns a display-list `Paint` into the Cairo source, in device pixels.
///
/// A gradient's stops arrive with their positions resolved (Painting's `GradientMapper`, by
/// `GradientStopPositions`); here they are only fitted to Cairo's 0...1 offsets. A stop a
/// hand-made display list leaves without a position sits at 0; a non-finite one paints nothing.
enum PaintSource {
    /// Sets `paint` as the source of `ctx`; false when it paints nothing (no stops, transparent).
    static func apply(_ paint: Paint, to ctx: CairoContext, transform t: DeviceTransform) -> Bool {
        switch paint {
        case .color(let c):
            if c.isTransparent { return false }
            ctx.setColor(c)
            return true

        case .linearGradient(let start, let end, let stops):
            var s = stops.map { ($0.position ?? 0, $0.color) }
            guard s.allSatisfy({ $0.0.isFinite }) else { return false }
            guard let first = s.first, let last = s.last else { return false }
            if s.allSatisfy({ $0.1.isTransparent }) { return false }
            var p0 = t.point(start)
            var p1 = t.point(end)
            guard DeviceTransform.finite(p0.x, p0.y, p1.x, p1.y) else { return false }
            let dx = p1.x - p0.x
            let dy = p1.y - p0.y
            // A gradient line of length 0 (or a single stop) shows the last colour.
            if s.count == 1 || (dx * dx + dy * dy) < 1e-12 {
                ctx.setColor(last.1)
                return true
            }
            let lo = first.0
            let hi = last.0
            if hi <= lo {
                let p = max(0, min(1, lo))
                s = [(p, first.1), (p, last.1)]
            } else if lo < 0 || hi > 1 {
                // Cairo only takes offsets in 0...1: stretch the line to cover the stops instead.
                p0 = Point(x: p0.x + dx * lo, y: p0.y + dy * lo)
                p1 = Point(x: p0.x + dx * (hi - lo), y: p0.y + dy * (hi - lo))
                s = s.map { (($0.0 - lo) / (hi - lo), $0.1) }
            }
            ctx.setLinearGradient(x0: p0.x, y0: p0.y, x1: p1.x, y1: p1.y, stops: GradientStops.premultipliedForCairo(s))
            return true

        case .radialGradient(let center, let radius, let stops):
            guard stops.allSatisfy({ $0.position?.isFinite ?? true }) else { return false }
            var s = stops.map { (max(0, $0.position ?? 0), $0.color) }
            guard let last = s.last else { return false }
            if s.allSatisfy({ $0.1.isTransparent }) { return false }
            let c = t.point(center)
            var r = t.length(radius)
            guard DeviceTransform.finite(c.x, c.y, r) else { return false }
            if s.count == 1 || r <= 1e-9 {
                ctx.setColor(last.1)
                return true
            }
            let hi = last.0
            if hi > 1 {
                r *= hi
                s = s.map { ($0.0 / hi, $0.1) }
            } else if hi <= 0 {
                ctx.setColor(last.1)
                return true
            }
            ctx.setRadialGradient(cx: c.x, cy: c.y, radius: r, stops: GradientStops.premultipliedForCairo(s))
            return true
        }
    }
}

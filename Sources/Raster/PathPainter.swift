import CairoFonts
import Painting
import Primitives

/// Adds display-list paths (dp) to a Cairo context in device pixels.
enum PathPainter {
    /// Adds `segments` through `t`; false if a coordinate is not finite (nothing is added then).
    static func add(_ segments: [PathSegment], _ t: DeviceTransform, to ctx: CairoContext) -> Bool {
        for s in segments {
            switch s {
            case .move(let p), .line(let p): if !DeviceTransform.finite(p.x, p.y) { return false }
            case .curve(let p, let c1, let c2):
                if !DeviceTransform.finite(p.x, p.y, c1.x, c1.y, c2.x, c2.y) { return false }
            case .arc(let c, let r, let a0, let a1): if !DeviceTransform.finite(c.x, c.y, r, a0, a1) { return false }
            case .close: break
            }
        }
        ctx.newPath()
        for s in segments {
            switch s {
            case .move(let p): ctx.move(to: t.x(p.x), t.y(p.y))
            case .line(let p): ctx.line(to: t.x(p.x), t.y(p.y))
            case .curve(let p, let c1, let c2):
                ctx.curve(to: t.x(p.x), t.y(p.y), c1: t.x(c1.x), t.y(c1.y), c2: t.x(c2.x), t.y(c2.y))
            case .arc(let c, let r, let a0, let a1):
                // Clockwise on screen is Cairo's positive direction in y-down space.
                ctx.arc(t.x(c.x), t.y(c.y), max(0, t.length(r)), a0, a1)
            case .close: ctx.closePath()
            }
        }
        return true
    }
}

import CairoFonts
import Foundation
import Primitives

/// A canvas path in device pixels. Points are transformed by the matrix current when each call
/// is made (as in HTML canvas), so the path survives later transform changes and is copied by
/// value with the graphics state.
package struct CanvasPath: Hashable, Sendable {
    package enum Segment: Hashable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }
    package private(set) var segments: [Segment] = []
    /// Last point (device pixels), nil before the first moveTo.
    package private(set) var current: (x: Double, y: Double)?
    private var subpathStart: (x: Double, y: Double)?

    package init() {}
    package var isEmpty: Bool { segments.isEmpty }

    package static func == (l: CanvasPath, r: CanvasPath) -> Bool { l.segments == r.segments }
    package func hash(into h: inout Hasher) { h.combine(segments) }

    package mutating func move(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        segments.append(.move(x, y))
        current = (x, y)
        subpathStart = (x, y)
    }
    package mutating func line(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        if current == nil {
            move(x, y)
            return
        }
        segments.append(.line(x, y))
        current = (x, y)
    }
    package mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        guard [x1, y1, x2, y2, x, y].allSatisfy(\.isFinite) else { return }
        if current == nil { move(x1, y1) }
        segments.append(.curve(x1, y1, x2, y2, x, y))
        current = (x, y)
    }
    package mutating func close() {
        guard current != nil, let s = subpathStart else { return }
        segments.append(.close)
        current = s
    }

    /// Adds an arc of `sweep` radians from `start` around (cx, cy) in user space, as cubic
    /// Béziers (at most 90 degrees each), through `m`; joined to the current point by a line.
    mutating func appendArc(cx: Double, cy: Double, r: Double, start: Double, sweep: Double, through m: CanvasTransform)
    {
        let p0 = m.apply(cx + r * cos(start), cy + r * sin(start))
        if current == nil { move(p0.x, p0.y) } else { line(p0.x, p0.y) }
        guard sweep != 0, r > 0 else { return }
        let n = max(1, CheckedInt.int(abs(sweep) / (Double.pi / 2) - 1e-9, .up, in: 0...1_000_000))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for _ in 0..<n {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            let c1 = m.apply(cx + r * (ca - k * sa), cy + r * (sa + k * ca))
            let c2 = m.apply(cx + r * (cb + k * sb), cy + r * (sb - k * cb))
            let e = m.apply(cx + r * cb, cy + r * sb)
            curve(c1.x, c1.y, c2.x, c2.y, e.x, e.y)
            a = b
        }
    }

    /// Replays the path into Cairo's current path (under whatever matrix `ctx` has).
    package func replay(on ctx: CairoContext) {
        ctx.newPath()
        for s in segments {
            switch s {
            case .move(let x, let y): ctx.move(to: x, y)
            case .line(let x, let y): ctx.line(to: x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): ctx.curve(to: x, y, c1: x1, y1, c2: x2, y2)
            case .close: ctx.closePath()
            }
        }
    }
}

extension CanvasPath {
    /// The sweep of `arc(x, y, r, a0, a1, ccw)` per the HTML canvas rules: a full circle when the
    /// angles are 2 pi or more apart in the drawing direction, else the angle difference folded
    /// into one turn.
    static func arcSweep(_ a0: Double, _ a1: Double, counterclockwise ccw: Bool) -> Double {
        let tau = 2 * Double.pi
        if !ccw && a1 - a0 >= tau { return tau }
        if ccw && a0 - a1 >= tau { return -tau }
        if !ccw {
            let s = (a1 - a0).truncatingRemainder(dividingBy: tau)
            return s < 0 ? s + tau : s
        }
        let s = (a0 - a1).truncatingRemainder(dividingBy: tau)
        return -(s < 0 ? s + tau : s)
    }
}

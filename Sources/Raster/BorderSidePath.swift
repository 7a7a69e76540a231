import CairoFonts
import Foundation
import Primitives

/// The centre line of one border side, from the middle of one corner to the middle of the next
/// (half a corner arc, the straight part, half the next arc), for dashes and dots: a dash or dot
/// sits centred on each corner, as browsers draw them.
struct BorderSidePath {
    /// One quarter-ellipse half or a straight part, parametric.
    private enum Piece {
        case arc(cx: Double, cy: Double, rx: Double, ry: Double, a0: Double, a1: Double)
        case line(x0: Double, y0: Double, x1: Double, y1: Double)
    }
    private var pieces: [Piece] = []
    /// Straight extensions (pixels) before the start and after the end at square corners, so a
    /// dash there covers the whole corner square.
    private(set) var startExtension = 0.0
    private(set) var endExtension = 0.0

    /// Side 0 top, 1 right, 2 bottom, 3 left of the centre outline `c`; `ext` the half widths of
    /// the sides before and after it (used only at square corners).
    init(centre c: DeviceRoundedRect, side: Int, extensions ext: (Double, Double)) {
        let r = c.rect
        let q = Double.pi / 2
        // Corner i sits between side i - 1 and side i: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left.
        func corner(_ i: Int) -> (cx: Double, cy: Double, rx: Double, ry: Double, from: Double) {
            let k = c.radii[i]
            switch i {
            case 0: return (r.minX + k.rx, r.minY + k.ry, k.rx, k.ry, 2 * q)
            case 1: return (r.maxX - k.rx, r.minY + k.ry, k.rx, k.ry, 3 * q)
            case 2: return (r.maxX - k.rx, r.maxY - k.ry, k.rx, k.ry, 0)
            default: return (r.minX + k.rx, r.maxY - k.ry, k.rx, k.ry, q)
            }
        }
        let a = corner(side)
        let b = corner((side + 1) % 4)
        // Second half of corner `side`, then the line, then the first half of the next corner.
        let aEnd = (a.cx + a.rx * cos(a.from + q), a.cy + a.ry * sin(a.from + q))
        let bStart = (b.cx + b.rx * cos(b.from), b.cy + b.ry * sin(b.from))
        if a.rx > 0 {
            pieces.append(.arc(cx: a.cx, cy: a.cy, rx: a.rx, ry: a.ry, a0: a.from + q / 2, a1: a.from + q))
        } else {
            startExtension = ext.0
        }
        pieces.append(.line(x0: aEnd.0, y0: aEnd.1, x1: bStart.0, y1: bStart.1))
        if b.rx > 0 {
            pieces.append(.arc(cx: b.cx, cy: b.cy, rx: b.rx, ry: b.ry, a0: b.from, a1: b.from + q / 2))
        } else {
            endExtension = ext.1
        }
    }

    /// Points along the path, arcs sampled finely (for lengths and dot positions).
    var polyline: [(Double, Double)] {
        var pts: [(Double, Double)] = []
        for p in pieces {
            switch p {
            case .arc(let cx, let cy, let rx, let ry, let a0, let a1):
                let n = 24
                for i in 0...n {
                    let t = a0 + (a1 - a0) * Double(i) / Double(n)
                    pts.append((cx + rx * cos(t), cy + ry * sin(t)))
                }
            case .line(let x0, let y0, let x1, let y1):
                pts.append((x0, y0))
                pts.append((x1, y1))
            }
        }
        return pts
    }

    /// Length from corner middle to corner middle (without extensions).
    var length: Double {
        let p = polyline
        var l = 0.0
        for i in 1..<p.count { l += hypot(p[i].0 - p[i - 1].0, p[i].1 - p[i - 1].1) }
        return l
    }

    /// Adds the path (with extensions at square corners) to `ctx`.
    func add(to ctx: CairoContext) {
        let p = polyline
        guard p.count >= 2 else { return }
        func unit(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            let l = max(1e-9, hypot(b.0 - a.0, b.1 - a.1))
            return ((b.0 - a.0) / l, (b.1 - a.1) / l)
        }
        let u0 = unit(p[0], p[1])
        let u1 = unit(p[p.count - 2], p[p.count - 1])
        ctx.move(to: p[0].0 - u0.0 * startExtension, p[0].1 - u0.1 * startExtension)
        for piece in pieces {
            switch piece {
            case .arc(let cx, let cy, let rx, let ry, let a0, let a1): ctx.ellipticalArc(cx, cy, rx, ry, a0, a1)
            case .line(_, _, let x1, let y1): ctx.line(to: x1, y1)
            }
        }
        if endExtension > 0 {
            ctx.line(to: p[p.count - 1].0 + u1.0 * endExtension, p[p.count - 1].1 + u1.1 * endExtension)
        }
    }

    /// Centres of `count` dots evenly spaced from the start (the end belongs to the next side).
    func dotCentres(_ count: Int) -> [(Double, Double)] {
        let p = polyline
        let total = length
        guard count > 0, total > 0 else { return [p[0]] }
        var out: [(Double, Double)] = []
        var seg = 0
        var walked = 0.0
        for k in 0..<count {
            let target = total * Double(k) / Double(count)
            while seg < p.count - 2 {
                let l = hypot(p[seg + 1].0 - p[seg].0, p[seg + 1].1 - p[seg].1)
                if walked + l >= target { break }
                walked += l
                seg += 1
            }
            let l = max(1e-9, hypot(p[seg + 1].0 - p[seg].0, p[seg + 1].1 - p[seg].1))
            let t = min(1, max(0, (target - walked) / l))
            out.append((p[seg].0 + (p[seg + 1].0 - p[seg].0) * t, p[seg].1 + (p[seg + 1].1 - p[seg].1) * t))
        }
        return out
    }
}

import CairoFonts
import Foundation
import Primitives
import Styles

/// Draws borders inside an outline: solid rings, per-side colours as trapezoids, dashed and dotted
/// sides (semantics.md section 7 item 27: dashes and gaps of 3 x width, round dots of the width).
struct BorderPainter {
    let ctx: CairoContext
    /// Opaque one-colour rings through kept coverage (nil: always Cairo).
    var fills: CoverageFills? = nil

    /// Dash and gap lengths in border widths (semantics.md section 7 item 27). Chromium 156 itself
    /// uses 3 and 2 below 3 device pixels of width and 2 and 1 from 3 pixels up.
    static let dashRatio = 3.0
    static let gapRatio = 3.0
    /// Most dots on one side of a dotted border (docs/limits.md): more than any device shows (8192 px
    /// at 2 px per dot is 4,096); a longer side gets its dots spread further apart instead of hanging.
    static let maxDots = 20_000

    /// `outline` in device pixels; `widths` already in device pixels (0 = no side).
    func paint(outline: DeviceRoundedRect, widths w: Sides<Double>, colors: Sides<Color>, styles: Sides<BorderStyle>)
        throws
    {
        let sides = [
            Side(.top, w.top, colors.top, styles.top), Side(.right, w.right, colors.right, styles.right),
            Side(.bottom, w.bottom, colors.bottom, styles.bottom), Side(.left, w.left, colors.left, styles.left),
        ]
        let visible = sides.filter(\.isVisible)
        if visible.isEmpty || outline.isEmpty { return }
        // A side of style none has no width (CSS).
        let inner = outline.inset(
            top: sides[0].width, right: sides[1].width, bottom: sides[2].width, left: sides[3].width)

        // 1. One colour, all solid: the ring between the outer and inner outlines, in one fill.
        let drawn = sides.filter { $0.width > 0 }
        if drawn.allSatisfy({ $0.style == .solid && $0.color == visible[0].color }) {
            ctx.setColor(visible[0].color)
            // Opaque: with the ring's kept coverage (`CoverageFills`).
            if !inner.isEmpty, let fills, try fills.fill(outline, inner: inner, color: visible[0].color, on: ctx) {
                return
            }
            fillRing(outline, inner)
            return
        }
        ctx.save()
        defer { ctx.restore() }
        clipToRing(outline, inner)

        // 2. Solid sides grouped by colour: their areas of one colour filled together (no seams).
        var solidColors: [Color] = []
        for s in visible where s.style == .solid && !solidColors.contains(s.color) { solidColors.append(s.color) }
        for c in solidColors {
            ctx.newPath()
            for s in visible where s.style == .solid && s.color == c { addSideArea(s.edge, outline.rect, inner.rect) }
            ctx.setColor(c)
            ctx.fill()
        }
        // 3. Dashed and dotted sides along their centre lines.
        let pattern = visible.filter { $0.style != .solid }
        if pattern.isEmpty { return }
        let alike = drawn.count == 4 && drawn.allSatisfy { $0.style == drawn[0].style && $0.width == drawn[0].width }
        let half = sides.map { $0.width / 2 }
        let centre = outline.inset(top: half[0], right: half[1], bottom: half[2], left: half[3])
        if alike, drawn[0].style == .dashed, !outline.isRectangular, drawn.allSatisfy({ $0.color == drawn[0].color }) {
            // A rounded outline dashed alike all round: one closed path, as browsers stroke it.
            ctx.setColor(drawn[0].color)
            strokeDashes(closed: centre, width: drawn[0].width)
            return
        }
        for s in pattern {
            let i = s.edge.rawValue
            let path = BorderSidePath(centre: centre, side: i, extensions: (half[(i + 3) % 4], half[(i + 1) % 4]))
            // Dots of equal sides meet exactly at the corner middles; anything else is clipped to
            // the side's own area so that it never paints over a neighbour.
            let clipped = !(alike && s.style == .dotted)
            if clipped {
                ctx.save()
                ctx.newPath()
                addSideArea(s.edge, outline.rect, inner.rect)
                ctx.clip()
            }
            ctx.setColor(s.color)
            if s.style == .dotted { fillDots(path, width: s.width) } else { strokeDashes(path, width: s.width) }
            if clipped { ctx.restore() }
        }
    }

    private enum Edge: Int { case top, right, bottom, left }

    private struct Side {
        var edge: Edge
        var width: Double
        var color: Color
        var style: BorderStyle
        init(_ e: Edge, _ w: Double, _ c: Color, _ s: BorderStyle) {
            edge = e
            width = s == .none ? 0 : w
            color = c
            style = s
        }
        var isVisible: Bool { width > 0 && !color.isTransparent }
    }

    private func fillRing(_ outer: DeviceRoundedRect, _ inner: DeviceRoundedRect) {
        ctx.newPath()
        ctx.setFillRule(.evenOdd)
        outer.addPath(to: ctx)
        if !inner.isEmpty { inner.addPath(to: ctx) }
        ctx.fill()
        ctx.setFillRule(.winding)
    }

    private func clipToRing(_ outer: DeviceRoundedRect, _ inner: DeviceRoundedRect) {
        ctx.newPath()
        ctx.setFillRule(.evenOdd)
        outer.addPath(to: ctx)
        if !inner.isEmpty { inner.addPath(to: ctx) }
        ctx.clip()
        ctx.setFillRule(.winding)
    }

    /// The side's area: between the outer edge and the lines from each outer corner through the
    /// inner corner, continued to the middle of the box so that rounded inner corners are covered.
    private func addSideArea(_ e: Edge, _ o: Rect, _ i: Rect) {
        let corners = [
            (o.minX, o.minY, i.minX, i.minY), (o.maxX, o.minY, i.maxX, i.minY),
            (o.maxX, o.maxY, i.maxX, i.maxY), (o.minX, o.maxY, i.minX, i.maxY),
        ]
        // Each corner's ray from the outer corner through the inner one, stopped at a centre line.
        let reach: [(Double, Double)] = corners.map { c in
            let dx = c.2 - c.0
            let dy = c.3 - c.1
            var t = Double.infinity
            if dx != 0 { t = min(t, abs(o.midX - c.0) / abs(dx)) }
            if dy != 0 { t = min(t, abs(o.midY - c.1) / abs(dy)) }
            if !t.isFinite { return (c.0, c.1) }
            return (c.0 + dx * t, c.1 + dy * t)
        }
        let a = e.rawValue
        let b = (e.rawValue + 1) % 4
        ctx.move(to: corners[a].0, corners[a].1)
        ctx.line(to: corners[b].0, corners[b].1)
        ctx.line(to: reach[b].0, reach[b].1)
        ctx.line(to: reach[a].0, reach[a].1)
        ctx.closePath()
    }

    /// Chromium's choice of gap: the dash count whose gap is nearest to `gap`, with a dash at
    /// each end of an open path (StrokeData::SelectBestDashGap).
    static func bestGap(length: Double, dash: Double, gap: Double, closed: Bool) -> Double {
        let available = closed ? length : length + gap
        let minDashes = (available / (dash + gap)).rounded(.down)
        let maxDashes = minDashes + 1
        let minGaps = closed ? minDashes : minDashes - 1
        let maxGaps = closed ? maxDashes : maxDashes - 1
        let minGap = minGaps > 0 ? (length - minDashes * dash) / minGaps : Double.infinity
        let maxGap = maxGaps > 0 ? (length - maxDashes * dash) / maxGaps : Double.infinity
        return maxGap <= 0 || abs(minGap - gap) < abs(maxGap - gap) ? minGap : maxGap
    }

    /// Dashes of `dashRatio` x width along one side, a whole dash at each end (over the corners).
    private func strokeDashes(_ path: BorderSidePath, width w: Double) {
        let dash = BorderPainter.dashRatio * w
        let length = path.length + path.startExtension + path.endExtension
        ctx.newPath()
        path.add(to: ctx)
        ctx.setLineWidth(w)
        ctx.setLineCap(.butt)
        let gap = BorderPainter.bestGap(length: length, dash: dash, gap: BorderPainter.gapRatio * w, closed: false)
        if length > dash && gap.isFinite && gap > 0 { ctx.setDash([dash, gap]) }
        ctx.stroke()
        ctx.setDash([])
    }

    /// Dashes of `dashRatio` x width around a closed rounded centre line, starting on the left edge at the
    /// foot of the top-left corner (where Skia starts a rounded-rect path).
    private func strokeDashes(closed c: DeviceRoundedRect, width w: Double) {
        let dash = BorderPainter.dashRatio * w
        let r = c.rect
        let q = Double.pi / 2
        let k = c.radii
        // Corner centres and start angles: top-left, top-right, bottom-right, bottom-left.
        let arcs = [
            (r.minX + k[0].rx, r.minY + k[0].ry, k[0], 2 * q), (r.maxX - k[1].rx, r.minY + k[1].ry, k[1], 3 * q),
            (r.maxX - k[2].rx, r.maxY - k[2].ry, k[2], 0.0), (r.minX + k[3].rx, r.maxY - k[3].ry, k[3], q),
        ]
        var pts: [(Double, Double)] = []
        for (cx, cy, rad, a0) in arcs {
            let n = rad.isZero ? 0 : 32
            for j in 0...n {
                let a = a0 + q * Double(j) / Double(max(n, 1))
                pts.append((cx + rad.rx * cos(a), cy + rad.ry * sin(a)))
            }
        }
        var length = 0.0
        ctx.newPath()
        ctx.move(to: pts[0].0, pts[0].1)
        for j in 1..<pts.count {
            ctx.line(to: pts[j].0, pts[j].1)
            length += hypot(pts[j].0 - pts[j - 1].0, pts[j].1 - pts[j - 1].1)
        }
        length += hypot(pts[0].0 - pts[pts.count - 1].0, pts[0].1 - pts[pts.count - 1].1)
        ctx.closePath()
        ctx.setLineWidth(w)
        ctx.setLineCap(.butt)
        let gap = BorderPainter.bestGap(length: length, dash: dash, gap: BorderPainter.gapRatio * w, closed: true)
        if length > dash && gap.isFinite && gap > 0 { ctx.setDash([dash, gap]) }
        ctx.stroke()
        ctx.setDash([])
    }

    /// Round dots of the border's width, about two widths apart, one on each corner middle.
    private func fillDots(_ path: BorderSidePath, width w: Double) {
        let n = max(1, CheckedInt.int(path.length / (2 * w), .toNearestOrAwayFromZero, in: 0...BorderPainter.maxDots))
        ctx.newPath()
        for (x, y) in path.dotCentres(n) {
            ctx.newSubPath()
            ctx.arc(x, y, w / 2, 0, 2 * Double.pi)
        }
        ctx.fill()
    }
}

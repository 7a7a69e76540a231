import CairoFonts
import Primitives

/// A rectangle with elliptical corner radii in device pixels, radii already reduced as CSS does
/// when adjacent corners would overlap. Borders derive their inner outline from it.
struct DeviceRoundedRect: Hashable {
    /// Horizontal and vertical radius of one corner.
    struct Radius: Hashable {
        var rx: Double
        var ry: Double
        init(_ r: Double) {
            rx = r
            ry = r
        }
        init(rx: Double, ry: Double) {
            self.rx = rx
            self.ry = ry
        }
        var isZero: Bool { rx <= 0 || ry <= 0 }
    }

    var rect: Rect
    /// Top-left, top-right, bottom-right, bottom-left.
    var radii: [Radius]

    init(rect: Rect, radii: [Radius]) {
        self.rect = rect
        self.radii = DeviceRoundedRect.fitted(radii, in: rect)
    }

    var isRectangular: Bool { radii.allSatisfy(\.isZero) }
    var isEmpty: Bool { rect.width <= 0 || rect.height <= 0 }

    /// Whether the outline's path crosses the horizontal line at device y only on its straight,
    /// vertical sides (between its corners), or not at all. A clip rectangle's top or bottom edge
    /// on such a line changes no coverage Cairo computes for the path in the rows inside the clip:
    /// its scan converter starts and ends edges at the clip's rows, which moves no vertical edge
    /// (it computes their x without the rows), and the path's other edges lie wholly on one side.
    func onlySidesCross(y: Double) -> Bool {
        if y <= rect.minY || y >= rect.maxY { return true }
        return y >= rect.minY + max(radii[0].ry, radii[1].ry) && y <= rect.maxY - max(radii[2].ry, radii[3].ry)
    }

    /// CSS: if the radii on a side add up to more than its length, all radii shrink by one factor.
    static func fitted(_ r: [Radius], in rect: Rect) -> [Radius] {
        var f = 1.0
        func fit(_ a: Double, _ b: Double, _ len: Double) {
            if a + b > len, a + b > 0 { f = min(f, max(0, len) / (a + b)) }
        }
        fit(r[0].rx, r[1].rx, rect.width)
        fit(r[3].rx, r[2].rx, rect.width)
        fit(r[0].ry, r[3].ry, rect.height)
        fit(r[1].ry, r[2].ry, rect.height)
        // A corner with one radius 0 is square (CSS), so both become 0.
        return r.map { $0.isZero ? Radius(0) : Radius(rx: $0.rx * f, ry: $0.ry * f) }
    }

    /// The outline inside a border of these widths: radii max(0, r - width) per axis.
    func inset(top: Double, right: Double, bottom: Double, left: Double) -> DeviceRoundedRect {
        let inner = Rect(
            x: rect.x + left, y: rect.y + top,
            width: max(0, rect.width - left - right), height: max(0, rect.height - top - bottom))
        let r = [
            Radius(rx: max(0, radii[0].rx - left), ry: max(0, radii[0].ry - top)),
            Radius(rx: max(0, radii[1].rx - right), ry: max(0, radii[1].ry - top)),
            Radius(rx: max(0, radii[2].rx - right), ry: max(0, radii[2].ry - bottom)),
            Radius(rx: max(0, radii[3].rx - left), ry: max(0, radii[3].ry - bottom)),
        ]
        return DeviceRoundedRect(rect: inner, radii: r)
    }

    /// The outline grown by `spread` (shrunk when negative), radii adjusted as CSS box-shadow
    /// spreads them: a sharp corner stays sharp, a small radius grows less than the spread.
    func spread(_ s: Double) -> DeviceRoundedRect {
        if s == 0 { return self }
        let grown = Rect(
            x: rect.x - s, y: rect.y - s, width: max(0, rect.width + 2 * s), height: max(0, rect.height + 2 * s))
        func adjust(_ r: Double) -> Double {
            if r <= 0 { return 0 }
            if s < 0 { return max(0, r + s) }
            let ratio = r / s
            return ratio >= 1 ? r + s : r + s * (1 + (ratio - 1) * (ratio - 1) * (ratio - 1))
        }
        return DeviceRoundedRect(rect: grown, radii: radii.map { Radius(rx: adjust($0.rx), ry: adjust($0.ry)) })
    }

    /// The outline moved by (dx, dy).
    func offsetBy(dx: Double, dy: Double) -> DeviceRoundedRect {
        var c = self
        c.rect = rect.offsetBy(dx: dx, dy: dy)
        return c
    }

    /// Adds the outline to the current path as a closed sub-path (clockwise).
    func addPath(to ctx: CairoContext) {
        let r = rect
        if isRectangular {
            ctx.rectangle(r.x, r.y, r.width, r.height)
            return
        }
        let tl = radii[0]
        let tr = radii[1]
        let br = radii[2]
        let bl = radii[3]
        let h = Double.pi / 2
        ctx.newSubPath()
        ctx.move(to: r.x + tl.rx, r.y)
        ctx.line(to: r.maxX - tr.rx, r.y)
        if !tr.isZero { ctx.ellipticalArc(r.maxX - tr.rx, r.y + tr.ry, tr.rx, tr.ry, -h, 0) }
        ctx.line(to: r.maxX, r.maxY - br.ry)
        if !br.isZero { ctx.ellipticalArc(r.maxX - br.rx, r.maxY - br.ry, br.rx, br.ry, 0, h) }
        ctx.line(to: r.x + bl.rx, r.maxY)
        if !bl.isZero { ctx.ellipticalArc(r.x + bl.rx, r.maxY - bl.ry, bl.rx, bl.ry, h, 2 * h) }
        ctx.line(to: r.x, r.y + tl.ry)
        if !tl.isZero { ctx.ellipticalArc(r.x + tl.rx, r.y + tl.ry, tl.rx, tl.ry, 2 * h, 3 * h) }
        ctx.closePath()
    }
}

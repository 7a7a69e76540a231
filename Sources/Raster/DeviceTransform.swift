import Primitives

/// Maps dp to device pixels: a uniform scale and a translation (device scale times any zooms).
/// The rasterizer keeps Cairo's matrix at identity and maps coordinates itself, so that box edges
/// can snap to whole device pixels (semantics.md section 7 item 27) after the zoom is applied.
struct DeviceTransform: Hashable {
    /// Device pixels per dp, zooms included.
    var scale: Double
    var tx: Double = 0
    var ty: Double = 0

    func x(_ v: Double) -> Double { v * scale + tx }
    func y(_ v: Double) -> Double { v * scale + ty }
    func point(_ p: Point) -> Point { Point(x: x(p.x), y: y(p.y)) }

    /// The transform after `.scale(factor, about:)`: q -> about + factor * (q - about), then self.
    func zoomed(by f: Double, about p: Point) -> DeviceTransform {
        DeviceTransform(scale: scale * f, tx: tx + scale * p.x * (1 - f), ty: ty + scale * p.y * (1 - f))
    }

    /// Device coordinates are kept within this many pixels of the origin: Cairo's 24.8 fixed point
    /// overflows past 2^23, and nothing that far away is visible.
    static let limit = 4_000_000.0

    /// A box in device pixels with each edge rounded to a whole pixel (round(x * scale)).
    func snap(_ r: Rect) -> Rect {
        func c(_ v: Double) -> Double { max(-Self.limit, min(Self.limit, v.rounded())) }
        let x0 = c(x(r.minX))
        let y0 = c(y(r.minY))
        let x1 = c(x(r.maxX))
        let y1 = c(y(r.maxY))
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// A rounded outline in device pixels: edges snapped, radii scaled (not snapped).
    func snap(_ r: RoundedRect) -> DeviceRoundedRect {
        let k = scale
        let c = r.radii
        return DeviceRoundedRect(
            rect: snap(r.rect),
            radii: [c.topLeft, c.topRight, c.bottomRight, c.bottomLeft].map { DeviceRoundedRect.Radius(max(0, $0 * k)) }
        )
    }

    /// A length (line width, radius, blur) in device pixels.
    func length(_ v: Double) -> Double { v * scale }

    /// True when every number is finite (a non-finite value would put Cairo in an error state).
    static func finite(_ values: Double...) -> Bool { values.allSatisfy(\.isFinite) }
}

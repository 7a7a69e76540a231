import Primitives

/// Colour stops for Cairo gradients, for the styles' gradients (Raster) and the canvas' (Canvas)
/// alike: stops that make Cairo's straight-colour interpolation match interpolation in
/// premultiplied colour (CSS, Chromium; semantics.md section 7 item 32). The stops come with their
/// positions worked out (`GradientStopPositions`, in Painting).
package enum GradientStops {
    /// Straight-colour pieces a segment between two different partial alphas is cut into.
    package static let pieces = 8

    /// Stops for Cairo, which interpolates straight (unpremultiplied) colour, so that the result
    /// matches premultiplied interpolation: a transparent end takes its neighbour's RGB (then the
    /// straight fade is exact: transparent red to blue never passes through purple), and only a
    /// segment between two different partial alphas and colours, where straight and premultiplied
    /// interpolation part, is cut into `pieces` whose ends are the exact premultiplied mix.
    package static func premultipliedForCairo(_ stops: [(Double, Color)]) -> [(Double, Color)] {
        guard stops.count > 1 else { return stops }
        var out: [(Double, Color)] = []
        for k in 0..<(stops.count - 1) {
            let p0 = stops[k].0
            var c0 = stops[k].1
            let p1 = stops[k + 1].0
            var c1 = stops[k + 1].1
            if c0.a == 0 && c1.a != 0 { c0 = Color(r: c1.r, g: c1.g, b: c1.b, a: 0) }
            if c1.a == 0 && c0.a != 0 { c1 = Color(r: c0.r, g: c0.g, b: c0.b, a: 0) }
            out.append((p0, c0))
            if c0.a != c1.a && c0.a != 0 && c1.a != 0 && p1 > p0 && (c0.r != c1.r || c0.g != c1.g || c0.b != c1.b) {
                for s in 1..<pieces {
                    let t = Double(s) / Double(pieces)
                    out.append((p0 + (p1 - p0) * t, mixPremultiplied(c0, c1, t)))
                }
            }
            out.append((p1, c1))
        }
        return out
    }

    /// Interpolates premultiplied colour at t in 0...1, returned straight.
    package static func mixPremultiplied(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let aa = a.alpha
        let ba = b.alpha
        let alpha = aa + (ba - aa) * t
        guard alpha > 0 else { return .transparent }
        func ch(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let v = (Double(x) * aa * (1 - t) + Double(y) * ba * t) / alpha
            return CheckedInt.byte(v)
        }
        return Color(r: ch(a.r, b.r), g: ch(a.g, b.g), b: ch(a.b, b.b), a: CheckedInt.byte(alpha * 255))
    }
}

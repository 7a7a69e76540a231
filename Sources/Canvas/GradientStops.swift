import Primitives

/// Colour stops for Cairo that reproduce interpolation in premultiplied colour (semantics.md
/// section 7 item 32, as browsers do). Cairo interpolates straight colour, so a fade from
/// transparent red to blue would pass through purple; where two neighbouring stops differ in
/// alpha, the segment is cut into pieces whose straight-colour ends are the exact
/// premultiplied mix. A stop with alpha 0 takes its neighbour's colour on that side.
enum GradientStops {
    static let pieces = 16

    static func cairoStops(_ stops: [LinearGradient.Stop]) -> [(Double, Color)] {
        guard stops.count >= 2 else { return stops.map { ($0.offset, $0.color) } }
        var out: [(Double, Color)] = []
        for i in 0..<(stops.count - 1) {
            let s0 = stops[i], s1 = stops[i + 1]
            let n = s0.color.a == s1.color.a || s0.offset == s1.offset ? 1 : pieces
            for k in 0...n {
                let t = Double(k) / Double(n)
                out.append((s0.offset + (s1.offset - s0.offset) * t, mix(s0.color, s1.color, t)))
            }
        }
        return out
    }

    /// The premultiplied mix of `c0` and `c1` at `t`, as a straight colour. At an end with alpha
    /// 0 the colour is the limit from inside the segment (the other end's colour).
    static func mix(_ c0: Color, _ c1: Color, _ t: Double) -> Color {
        let a0 = Double(c0.a) * (1 - t), a1 = Double(c1.a) * t
        let a = a0 + a1
        guard a > 0 else {
            // Both weights vanish: take the colour of the side that is not transparent, if any.
            let c = c0.a == 0 && c1.a > 0 ? c1 : (c1.a == 0 && c0.a > 0 ? c0 : (t < 0.5 ? c0 : c1))
            return Color(r: c.r, g: c.g, b: c.b, a: 0)
        }
        func ch(_ x0: UInt8, _ x1: UInt8) -> UInt8 {
            CheckedInt.byte((Double(x0) * a0 + Double(x1) * a1) / a)
        }
        return Color(r: ch(c0.r, c1.r), g: ch(c0.g, c1.g), b: ch(c0.b, c1.b), a: CheckedInt.byte(a))
    }
}

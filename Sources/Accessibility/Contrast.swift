import Foundation
import Primitives

/// WCAG 2 contrast (Success Criterion 1.4.3): relative luminance of sRGB colours and the ratio
/// (L1 + 0.05) / (L2 + 0.05) of the lighter to the darker.
package enum Contrast {
    /// Relative luminance of an 8-bit sRGB colour (alpha ignored), 0 (black) ... 1 (white).
    package static func luminance(_ c: Color) -> Double {
        0.2126 * linear[Int(c.r)] + 0.7152 * linear[Int(c.g)] + 0.0722 * linear[Int(c.b)]
    }

    /// 1 ... 21.
    package static func ratio(_ a: Color, _ b: Color) -> Double {
        ratio(luminance(a), luminance(b))
    }

    package static func ratio(_ la: Double, _ lb: Double) -> Double {
        (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `c` with its alpha composited over the opaque `background` (a translucent text colour is seen
    /// as this blend).
    package static func over(_ c: Color, _ background: Color) -> Color {
        guard c.a < 255 else { return c }
        let a = Int(c.a)
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(f) * a + Int(b) * (255 - a) + 127) / 255) }
        return Color(r: mix(c.r, background.r), g: mix(c.g, background.g), b: mix(c.b, background.b))
    }

    /// The ratio as the findings print it: two decimals, rounded down (a ratio shown as passing
    /// never fails: 4.499 reads 4.49, not 4.5).
    package static func text(_ r: Double) -> String {
        let hundredths = CheckedInt.int(r * 100 + 1e-9, .down)
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    /// `#rrggbb`.
    package static func hex(_ c: Color) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [c.r, c.g, c.b].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    /// The sRGB transfer function inverted, per 8-bit channel value (WCAG 2's 0.03928 threshold).
    static let linear: [Double] = (0..<256).map { v in
        let s = Double(v) / 255
        return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
}

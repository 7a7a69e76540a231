import Primitives

/// The ranges numeric style values must lie in (docs/limits.md, "Style values"). A value outside
/// its range is refused where it is parsed: the SET_STYLE step gets a `bad-style-value` diagnostic
/// and the element keeps the value it had before that step. Bounded here, every later stage can
/// trust the numbers (no 1e20 dp font reaching a glyph cache, no 1.79e308 shadow offset).
package enum StyleLimits {
    /// Any number in any style value (lengths, offsets, radii, blur, weights, angles): at most this
    /// far from 0. 100,000 dp is over 12 times the largest device side (8,192 px at scale 1).
    package static let maxMagnitude = 100_000.0
    /// `font-size` in dp: (0, 1000].
    package static let maxFontSize = 1000.0
    /// `zoom`: [0, 10].
    package static let maxZoom = 10.0
    /// `max-lines`: [0, 100000].
    package static let maxLines = 100_000.0

    /// The reason a number token of `raw` is out of the general range, if one is.
    static func outOfRange(_ raw: String) -> String? {
        for t in raw.split(whereSeparator: { " ,\t()/".contains($0) }) {
            let s = t.hasSuffix("deg") || t.hasSuffix("%") ? t.dropLast(t.hasSuffix("%") ? 1 : 3) : t
            if let v = StyleNumber.parseUnbounded(String(s)), abs(v) > maxMagnitude {
                return
                    """
                    \(CheckedInt.text(v)) is out of range: numbers in style values must be within \
                    ±\(CheckedInt.text(maxMagnitude)) (docs/limits.md)
                    """
            }
        }
        return nil
    }
}

import Primitives

/// Compares two bitmaps the way `scripts/compare-png` does: both blurred with a 3x3 box (so a sub-pixel
/// edge shift is not a failure), then a pixel mismatches when its largest channel difference exceeds
/// `threshold`. Colours are composited over white first.
public struct ImageDiff {
    /// Share of mismatching pixels, 0...1.
    public var mismatch: Double
    /// Mean absolute channel difference (0...255) before blurring.
    public var meanDifference: Double
    /// Pixels that mismatch (x, y), at most `limit`-many bounding boxes worth; for diff images.
    public var mask: [Bool]
    public var width: Int
    public var height: Int

    public static func compare(_ a: Bitmap, _ b: Bitmap, threshold: Int = 40) -> ImageDiff? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let w = a.width, h = a.height
        // Identical pixels (the usual case for goldens): no need to blur and compare.
        if a.pixels == b.pixels {
            return ImageDiff(mismatch: 0, meanDifference: 0, mask: [], width: w, height: h)
        }
        let ca = overWhite(a), cb = overWhite(b)
        let ba = blur3(ca, w, h), bb = blur3(cb, w, h)
        var mask = [Bool](repeating: false, count: w * h)
        var bad = 0
        var sum = 0
        for i in 0..<(w * h) {
            var m = 0
            for c in 0..<3 {
                m = max(m, abs(Int(ba[i * 3 + c]) - Int(bb[i * 3 + c])))
                sum += abs(Int(ca[i * 3 + c]) - Int(cb[i * 3 + c]))
            }
            if m > threshold { mask[i] = true; bad += 1 }
        }
        return ImageDiff(mismatch: Double(bad) / Double(max(1, w * h)), meanDifference: Double(sum) / Double(max(1, w * h * 3)),
                         mask: mask, width: w, height: h)
    }

    /// `expected | diff | actual` side by side; the diff shows the expected image faded with mismatches in red.
    public static func composite(expected: Bitmap, actual: Bitmap, diff: ImageDiff?) -> Bitmap {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var out = Bitmap(width: w * 3 + 8, height: h)
        func put(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
            let i = (y * out.width + x) * 4
            out.pixels[i] = c.2; out.pixels[i + 1] = c.1; out.pixels[i + 2] = c.0; out.pixels[i + 3] = 255
        }
        for y in 0..<h { for x in 0..<out.width { put(x, y, (128, 128, 128)) } }
        let ce = overWhite(expected), caa = overWhite(actual)
        for y in 0..<expected.height { for x in 0..<expected.width {
            let i = (y * expected.width + x) * 3
            put(x, y, (ce[i], ce[i + 1], ce[i + 2]))
            if let d = diff, d.width == expected.width, y < d.height, x < d.width, !d.mask.isEmpty {
                let fade = { (v: UInt8) in UInt8(200 + Int(v) * 55 / 255) }
                put(w + 4 + x, y, d.mask[y * d.width + x] ? (255, 0, 0) : (fade(ce[i]), fade(ce[i + 1]), fade(ce[i + 2])))
            }
        } }
        for y in 0..<actual.height { for x in 0..<actual.width {
            let i = (y * actual.width + x) * 3
            put(2 * w + 8 + x, y, (caa[i], caa[i + 1], caa[i + 2]))
        } }
        return out
    }

    /// RGB bytes of the bitmap composited over white.
    static func overWhite(_ b: Bitmap) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: b.width * b.height * 3)
        for i in 0..<(b.width * b.height) {
            let a = Int(b.pixels[i * 4 + 3])
            // premultiplied: c + (255 - a)
            out[i * 3] = UInt8(min(255, Int(b.pixels[i * 4 + 2]) + 255 - a))
            out[i * 3 + 1] = UInt8(min(255, Int(b.pixels[i * 4 + 1]) + 255 - a))
            out[i * 3 + 2] = UInt8(min(255, Int(b.pixels[i * 4]) + 255 - a))
        }
        return out
    }

    static func blur3(_ p: [UInt8], _ w: Int, _ h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: p.count)
        for y in 0..<h { for x in 0..<w { for c in 0..<3 {
            var s = 0, n = 0
            for dy in -1...1 { for dx in -1...1 {
                let xx = x + dx, yy = y + dy
                if xx >= 0, xx < w, yy >= 0, yy < h { s += Int(p[(yy * w + xx) * 3 + c]); n += 1 }
            } }
            out[(y * w + x) * 3 + c] = UInt8(s / n)
        } } }
        return out
    }
}

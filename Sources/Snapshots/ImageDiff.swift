import Foundation
import Primitives

/// Compares two bitmaps the way `scripts/compare-png` does: both blurred with a 3x3 box (so a sub-pixel
/// edge shift is not a failure), then a pixel mismatches when its largest channel difference exceeds
/// `threshold`. Colours are composited over white first.
package struct ImageDiff {
    /// Share of mismatching pixels, 0...1.
    package var mismatch: Double
    /// Mean absolute channel difference (0...255) before blurring.
    package var meanDifference: Double
    /// Pixels that mismatch (x, y), at most `limit`-many bounding boxes worth; for diff images.
    package var mask: [Bool]
    package var width: Int
    package var height: Int

    package static func compare(_ a: Bitmap, _ b: Bitmap, threshold: Int = 40) -> ImageDiff? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let w = a.width
        let h = a.height
        // Identical pixels (the usual case for goldens): no need to blur and compare.
        if a.pixels == b.pixels {
            return ImageDiff(mismatch: 0, meanDifference: 0, mask: [], width: w, height: h)
        }
        // Only pixels within one of a changed pixel can differ after a 3x3 blur: blur and compare the
        // changed rows' box (plus that margin) alone. Loops run over raw buffers so that a debug build
        // (a user's `swift test`) reports a failing snapshot in a fraction of a second.
        guard let box = changedBox(a, b) else {
            return ImageDiff(mismatch: 0, meanDifference: 0, mask: [], width: w, height: h)
        }
        let x0 = max(0, box.x0 - 2)
        let x1 = min(w, box.x1 + 2)
        let y0 = max(0, box.y0 - 2)
        let y1 = min(h, box.y1 + 2)
        let ca = overWhite(a, x0, x1, y0, y1)
        let cb = overWhite(b, x0, x1, y0, y1)
        let bw = x1 - x0
        let bh = y1 - y0
        let ba = blur3(ca, bw, bh)
        let bb = blur3(cb, bw, bh)
        var mask = [Bool](repeating: false, count: w * h)
        var bad = 0
        var sum = 0
        mask.withUnsafeMutableBufferPointer { m in
            ca.withUnsafeBufferPointer { pa in
                cb.withUnsafeBufferPointer { pb in
                    ba.withUnsafeBufferPointer { qa in
                        bb.withUnsafeBufferPointer { qb in
                            for y in 0..<bh {
                                for x in 0..<bw {
                                    let i = (y * bw + x) * 3
                                    let d0 = abs(Int(qa[i]) - Int(qb[i]))
                                    let d1 = abs(Int(qa[i + 1]) - Int(qb[i + 1]))
                                    let d2 = abs(Int(qa[i + 2]) - Int(qb[i + 2]))
                                    sum +=
                                        abs(Int(pa[i]) - Int(pb[i])) + abs(Int(pa[i + 1]) - Int(pb[i + 1]))
                                        + abs(Int(pa[i + 2]) - Int(pb[i + 2]))
                                    // The buffer's outer ring (where it is not the image's edge) lacks neighbours: its
                                    // blur is not exact, and its pixels are too far from a change to differ anyway.
                                    let inner =
                                        (x0 + x >= box.x0 - 1 || x0 == 0) && (x0 + x <= box.x1 || x1 == w)
                                        && (y0 + y >= box.y0 - 1 || y0 == 0) && (y0 + y <= box.y1 || y1 == h)
                                    if inner && max(d0, max(d1, d2)) > threshold {
                                        m[(y0 + y) * w + x0 + x] = true
                                        bad += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return ImageDiff(
            mismatch: Double(bad) / Double(max(1, w * h)), meanDifference: Double(sum) / Double(max(1, w * h * 3)),
            mask: mask, width: w, height: h)
    }

    /// The box (x0..<x1, y0..<y1) of pixels that differ between two bitmaps of one size; nil when none.
    package static func changedBox(_ a: Bitmap, _ b: Bitmap) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let w = a.width
        let h = a.height
        var x0 = w
        var x1 = 0
        var y0 = h
        var y1 = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<h {
                    let row = y * w * 4
                    guard memcmp(pa.baseAddress! + row, pb.baseAddress! + row, w * 4) != 0 else { continue }
                    y0 = min(y0, y)
                    y1 = y + 1
                    var first = 0
                    while first < w && pa[row + first * 4] == pb[row + first * 4]
                        && pa[row + first * 4 + 1] == pb[row + first * 4 + 1]
                        && pa[row + first * 4 + 2] == pb[row + first * 4 + 2]
                        && pa[row + first * 4 + 3] == pb[row + first * 4 + 3]
                    { first += 1 }
                    var last = w - 1
                    while last > first && pa[row + last * 4] == pb[row + last * 4]
                        && pa[row + last * 4 + 1] == pb[row + last * 4 + 1]
                        && pa[row + last * 4 + 2] == pb[row + last * 4 + 2]
                        && pa[row + last * 4 + 3] == pb[row + last * 4 + 3]
                    { last -= 1 }
                    x0 = min(x0, first)
                    x1 = max(x1, last + 1)
                }
            }
        }
        return y1 > y0 && x1 > x0 ? (x0, x1, y0, y1) : nil
    }

    /// `expected | diff | actual` side by side, 8 px of grey between panels. The diff panel is a greyed,
    /// faded copy of the expected image with mismatching pixels in magenta, a colour the screens around
    /// it rarely use (solid red could not be told apart from red content).
    package static func composite(expected: Bitmap, actual: Bitmap, diff: ImageDiff?) -> Bitmap {
        let w = max(expected.width, actual.width)
        let h = max(expected.height, actual.height)
        var out = Bitmap(width: w * 3 + 8, height: h)
        let ow = out.width
        let ce = overWhite(expected, 0, expected.width, 0, expected.height)
        let caa = overWhite(actual, 0, actual.width, 0, actual.height)
        out.pixels.withUnsafeMutableBufferPointer { o in
            for i in 0..<(ow * h) {
                o[i * 4] = 128
                o[i * 4 + 1] = 128
                o[i * 4 + 2] = 128
                o[i * 4 + 3] = 255
            }
            func copy(_ rgb: [UInt8], _ bw: Int, _ bh: Int, at left: Int) {
                rgb.withUnsafeBufferPointer { p in
                    for y in 0..<bh {
                        for x in 0..<bw {
                            let s = (y * bw + x) * 3
                            let d = (y * ow + left + x) * 4
                            o[d] = p[s + 2]
                            o[d + 1] = p[s + 1]
                            o[d + 2] = p[s]
                        }
                    }
                }
            }
            copy(ce, expected.width, expected.height, at: 0)
            copy(caa, actual.width, actual.height, at: 2 * w + 8)
            guard let d = diff, d.width == expected.width, d.height == expected.height, !d.mask.isEmpty else { return }
            ce.withUnsafeBufferPointer { p in
                d.mask.withUnsafeBufferPointer { m in
                    for y in 0..<d.height {
                        for x in 0..<d.width {
                            let s = (y * d.width + x) * 3
                            let t = (y * ow + w + 4 + x) * 4
                            if m[y * d.width + x] {
                                o[t] = 255
                                o[t + 1] = 0
                                o[t + 2] = 255  // BGRA magenta
                            } else {
                                let grey = (Int(p[s]) * 3 + Int(p[s + 1]) * 6 + Int(p[s + 2])) / 10
                                let v = UInt8(190 + grey * 65 / 255)
                                o[t] = v
                                o[t + 1] = v
                                o[t + 2] = v
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// RGB bytes of the box x0..<x1, y0..<y1 of the bitmap, composited over white.
    static func overWhite(_ b: Bitmap, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> [UInt8] {
        let bw = x1 - x0
        var out = [UInt8](repeating: 0, count: bw * (y1 - y0) * 3)
        out.withUnsafeMutableBufferPointer { o in
            b.pixels.withUnsafeBufferPointer { p in
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let s = (y * b.width + x) * 4
                        let d = ((y - y0) * bw + x - x0) * 3
                        let a = 255 - Int(p[s + 3])
                        // premultiplied: c + (255 - a)
                        o[d] = UInt8(min(255, Int(p[s + 2]) + a))
                        o[d + 1] = UInt8(min(255, Int(p[s + 1]) + a))
                        o[d + 2] = UInt8(min(255, Int(p[s]) + a))
                    }
                }
            }
        }
        return out
    }

    /// 3x3 box blur of RGB bytes: each output is the integer mean of the neighbours inside the image
    /// (compare-png's measure), as a row pass then a column pass. On a box cut from a larger image only
    /// pixels one in from a cut edge are exact, which is all `compare` reads.
    static func blur3(_ p: [UInt8], _ w: Int, _ h: Int) -> [UInt8] {
        var rows = [UInt16](repeating: 0, count: p.count)
        var out = [UInt8](repeating: 0, count: p.count)
        p.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { r in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<h {
                        for x in 0..<w {
                            for c in 0..<3 {
                                var s = Int(src[(y * w + x) * 3 + c])
                                if x > 0 { s += Int(src[(y * w + x - 1) * 3 + c]) }
                                if x + 1 < w { s += Int(src[(y * w + x + 1) * 3 + c]) }
                                r[(y * w + x) * 3 + c] = UInt16(truncatingIfNeeded: s)  // at most 3 * 255
                            }
                        }
                    }
                    for y in 0..<h {
                        let ny = 1 + (y > 0 ? 1 : 0) + (y + 1 < h ? 1 : 0)
                        for x in 0..<w {
                            let nx = 1 + (x > 0 ? 1 : 0) + (x + 1 < w ? 1 : 0)
                            for c in 0..<3 {
                                var s = Int(r[(y * w + x) * 3 + c])
                                if y > 0 { s += Int(r[((y - 1) * w + x) * 3 + c]) }
                                if y + 1 < h { s += Int(r[((y + 1) * w + x) * 3 + c]) }
                                o[(y * w + x) * 3 + c] = UInt8(s / (nx * ny))
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

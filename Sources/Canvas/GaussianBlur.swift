import Foundation
import NativeGraphics

/// The Gaussian blur of an A8 shadow mask, done as three box blurs per axis (the Filter
/// Effects spec's approximation, which browsers use for shadows): linear time whatever the
/// radius. Only the box around the mask's ink, grown by the blur's reach, is touched.
enum GaussianBlur {
    /// Blurs `mask` in place with standard deviation `sigma` pixels.
    static func blur(_ mask: CairoMask, sigma: Double) {
        guard sigma > 0 else { return }
        let passes = boxPasses(sigma: sigma)
        let reach = passes.reduce(0) { $0 + max($1.lo, $1.hi) }
        let w = mask.width, h = mask.height
        mask.withPixels { p, stride in
            guard let box = inkBox(p, stride: stride, width: w, height: h) else { return }
            let x0 = max(0, box.x0 - reach), x1 = min(w - 1, box.x1 + reach)
            let y0 = max(0, box.y0 - reach), y1 = min(h - 1, box.y1 + reach)
            let bw = x1 - x0 + 1, bh = y1 - y0 + 1
            var buf = [Float](repeating: 0, count: bw * bh)
            var line = [Float](repeating: 0, count: max(bw, bh))
            buf.withUnsafeMutableBufferPointer { b in
                line.withUnsafeMutableBufferPointer { l in
                    for y in 0..<bh { for x in 0..<bw { b[y * bw + x] = Float(p[(y0 + y) * stride + x0 + x]) } }
                    for y in 0..<bh { for pass in passes { box1D(b.baseAddress! + y * bw, step: 1, count: bw, pass, l.baseAddress!) } }
                    for x in 0..<bw { for pass in passes { box1D(b.baseAddress! + x, step: bw, count: bh, pass, l.baseAddress!) } }
                    for y in 0..<bh { for x in 0..<bw {
                        p[(y0 + y) * stride + x0 + x] = UInt8(max(0, min(255, b[y * bw + x].rounded())))
                    } }
                }
            }
        }
    }

    /// One box pass: each value becomes the mean of the `lo` values before it, itself and the
    /// `hi` values after it (zero outside the line).
    struct Pass: Hashable { var lo: Int; var hi: Int }

    /// The three passes for `sigma` (Filter Effects: d = floor(sigma * 3 sqrt(2 pi) / 4 + 0.5);
    /// odd d: three centred boxes of d; even d: two of d offset half a pixel each way, one of d + 1).
    static func boxPasses(sigma: Double) -> [Pass] {
        let d = max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
        if d % 2 == 1 { return Array(repeating: Pass(lo: d / 2, hi: d / 2), count: 3) }
        return [Pass(lo: d / 2, hi: d / 2 - 1), Pass(lo: d / 2 - 1, hi: d / 2), Pass(lo: d / 2, hi: d / 2)]
    }

    /// Applies `pass` to `count` values `step` apart, using `tmp` as scratch.
    static func box1D(_ a: UnsafeMutablePointer<Float>, step: Int, count n: Int, _ pass: Pass, _ tmp: UnsafeMutablePointer<Float>) {
        let inv = 1 / Double(pass.lo + pass.hi + 1)
        var sum = 0.0
        for j in 0...min(pass.hi, n - 1) { sum += Double(a[j * step]) }
        for i in 0..<n {
            tmp[i] = Float(sum * inv)
            let add = i + pass.hi + 1, drop = i - pass.lo
            if add < n { sum += Double(a[add * step]) }
            if drop >= 0 { sum -= Double(a[drop * step]) }
        }
        for i in 0..<n { a[i * step] = tmp[i] }
    }

    /// The smallest box holding every non-zero pixel (inclusive bounds), nil when empty.
    static func inkBox(_ p: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int)
        -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            let row = p + y * stride
            var first = -1, last = -1
            for x in 0..<width where row[x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            if first >= 0 {
                x0 = min(x0, first); x1 = max(x1, last)
                if y0 == height { y0 = y }
                y1 = y
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1, y1)
    }
}

import Primitives

/// A Gaussian blur of alpha masks approximated by three successive box blurs, as Skia and the W3C
/// filter-effects spec do: separable, with integer running sums, so it is fast and exactly
/// reproducible on every machine.
package enum BlurMask {
    /// Skia's largest blur sigma (device pixels): larger blurs look the same and would only cost.
    /// Widget shadows (ShadowPainter) and canvas `shadowBlur` are clamped to it alike.
    package static let maxSigma = 532.0
    /// One box pass: output pixel x averages input pixels x + `low` ... x + `high` (inclusive).
    package struct Box: Hashable, Sendable {
        package var low: Int
        package var high: Int
        package init(low: Int, high: Int) {
            self.low = low
            self.high = high
        }
        /// Pixels averaged.
        package var size: Int { high - low + 1 }
    }

    /// The three box passes approximating a Gaussian of standard deviation `sigma` (pixels).
    /// d = floor(sigma * 3 * sqrt(2 * pi) / 4 + 0.5); odd d: three centred boxes of d; even d: two
    /// boxes of d, shifted half a pixel left then right, and one centred box of d + 1.
    /// Empty when the blur would change nothing (d <= 1).
    package static func boxes(sigma: Double) -> [Box] {
        guard sigma.isFinite, sigma > 0 else { return [] }
        let d = CheckedInt.int(sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5, .down, in: 0...(1 << 20))
        guard d > 1 else { return [] }
        let h = d / 2
        if d % 2 == 1 { return Array(repeating: Box(low: -h, high: h), count: 3) }
        return [Box(low: -h, high: h - 1), Box(low: -h + 1, high: h), Box(low: -h, high: h)]
    }

    /// How far (pixels) the blur can spread ink: the margin a mask needs around its shape.
    package static func reach(sigma: Double) -> Int {
        let spread = boxes(sigma: sigma).reduce(0) { $0 + max(-$1.low, $1.high) }
        return max(spread, CheckedInt.int(3 * max(0, sigma), .up, in: 0...(1 << 20)))
    }

    /// Blurs the `width` x `height` alpha rows at `data` (`stride` bytes per row) in place with
    /// `boxes(sigma:)`, horizontally then vertically. Pixels outside count as 0, so leave
    /// `reach(sigma:)` pixels of margin. (`CairoFonts` blurs a `CairoMask` through this.)
    package static func gaussian(
        _ data: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, stride: Int, sigma: Double
    ) {
        let passes = boxes(sigma: sigma)
        if passes.isEmpty { return }
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: max(w, h) * 2)
        defer { line.deallocate() }
        // Horizontal: each row through the three passes, ping-ponging between two buffers.
        for y in 0..<h {
            let row = data + y * stride
            var a = line
            var b = line + w
            a.update(from: row, count: w)
            for p in passes {
                boxRow(a, b, count: w, p)
                swap(&a, &b)
            }
            row.update(from: a, count: w)
        }
        // Vertical: running sums per column, a whole row at a time (cache friendly).
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h * 2)
        defer { plane.deallocate() }
        var src = plane
        var dst = plane + w * h
        for y in 0..<h { (src + y * w).update(from: data + y * stride, count: w) }
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: w)
        defer { sums.deallocate() }
        for p in passes {
            boxColumns(src, dst, sums, width: w, height: h, p)
            swap(&src, &dst)
        }
        for y in 0..<h { (data + y * stride).update(from: src + y * w, count: w) }
    }

    /// Fixed-point reciprocal so that (sum * r + half) >> 24 == round(sum / size).
    private static func reciprocal(_ size: Int) -> Int { ((1 << 24) + size / 2) / size }

    private static func boxRow(
        _ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count n: Int, _ box: Box
    ) {
        let r = reciprocal(box.size)
        var sum = 0
        // Window for x = 0 covers low...high.
        for i in box.low...box.high where i >= 0 && i < n { sum += Int(src[i]) }
        @inline(__always) func out(_ x: Int) {
            dst[x] = UInt8(truncatingIfNeeded: min(255, (sum &* r &+ (1 << 23)) >> 24))
        }
        // Three ranges so the inner loop has no edge tests: the window entering, inside, leaving.
        let inside0 = min(n, max(0, -box.low))
        let inside1 = max(inside0, n - box.high - 1)
        var x = 0
        while x < inside0 {
            out(x)
            let add = x + box.high + 1
            let sub = x + box.low
            if add < n { sum += Int(src[add]) }
            if sub >= 0 && sub < n { sum -= Int(src[sub]) }
            x += 1
        }
        while x < inside1 {
            out(x)
            sum += Int(src[x + box.high + 1]) - Int(src[x + box.low])
            x += 1
        }
        while x < n {
            out(x)
            let add = x + box.high + 1
            let sub = x + box.low
            if add < n { sum += Int(src[add]) }
            if sub >= 0 && sub < n { sum -= Int(src[sub]) }
            x += 1
        }
    }

    private static func boxColumns(
        _ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
        _ sums: UnsafeMutablePointer<Int32>, width w: Int, height h: Int, _ box: Box
    ) {
        let r = Int64(reciprocal(box.size))
        sums.update(repeating: 0, count: w)
        for i in box.low...box.high where i >= 0 && i < h {
            let s = src + i * w
            for x in 0..<w { sums[x] &+= Int32(s[x]) }
        }
        for y in 0..<h {
            let d = dst + y * w
            let add = y + box.high + 1
            let sub = y + box.low
            // One fused pass per row (output, then slide the window): it vectorizes.
            if add < h && sub >= 0 {
                let a = src + add * w
                let s = src + sub * w
                for x in 0..<w {
                    let v = sums[x]
                    d[x] = UInt8(truncatingIfNeeded: min(255, (Int64(v) &* r &+ (1 << 23)) >> 24))
                    sums[x] = v &+ Int32(a[x]) &- Int32(s[x])
                }
                continue
            }
            for x in 0..<w { d[x] = UInt8(truncatingIfNeeded: min(255, (Int64(sums[x]) &* r &+ (1 << 23)) >> 24)) }
            if add < h {
                let a = src + add * w
                for x in 0..<w { sums[x] &+= Int32(a[x]) }
            }
            if sub >= 0 && sub < h {
                let s = src + sub * w
                for x in 0..<w { sums[x] &-= Int32(s[x]) }
            }
        }
    }
}

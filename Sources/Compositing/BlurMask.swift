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
    ///
    /// Every pass runs down columns, sixteen at a time in vector lanes (a running sum along a row
    /// is one serial chain; sixteen columns' sums are independent): the horizontal passes run on
    /// the mask turned on its side, which is then turned back for the vertical ones. Each output
    /// is the same integer expression per pixel as one box at a time along a row would give, so
    /// the bytes do not depend on the order (`CompositingTests` compares with that reading).
    package static func gaussian(
        _ data: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, stride: Int, sigma: Double
    ) {
        let passes = boxes(sigma: sigma)
        if passes.isEmpty || w <= 0 || h <= 0 { return }
        let count = w * h
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: count * 2)
        defer { plane.deallocate() }
        let longest = max(w, h)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: longest)
        defer { sums.deallocate() }
        // The row a window's edge adds or drops where it lies outside the mask.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { zeros.deallocate() }
        zeros.initialize(repeating: 0, count: longest)
        var src = plane
        var dst = plane + count
        // Horizontal: column x of the mask is row x of `src` (h bytes each).
        transpose(data, stride: stride, width: w, height: h, into: src)
        for p in passes {
            boxColumns(src, dst, sums, zeros, width: h, height: w, p)
            swap(&src, &dst)
        }
        // Vertical: back to rows of w bytes, then the same passes down the columns.
        transpose(src, stride: h, width: h, height: w, into: dst)
        swap(&src, &dst)
        for p in passes {
            boxColumns(src, dst, sums, zeros, width: w, height: h, p)
            swap(&src, &dst)
        }
        for y in 0..<h { (data + y * stride).update(from: src + y * w, count: w) }
    }

    /// Fixed-point reciprocal so that (sum * r + half) >> 24 == round(sum / size).
    private static func reciprocal(_ size: Int) -> Int { ((1 << 24) + size / 2) / size }

    /// Boxes smaller than this compute in 32-bit lanes: a sum is at most 255 x size, and
    /// sum x reciprocal + half < 2^32 while 127.5 x size < 2^23 (so the result is at most 255, too).
    private static let maxNarrowBox = 65_536

    /// `into[x * height + y] = src[y * stride + x]`: the `width` x `height` bytes turned on their side.
    private static func transpose(
        _ src: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int, into dst: UnsafeMutablePointer<UInt8>
    ) {
        // Bands of 16 source rows: each column's 16 bytes are read across 16 cache lines that the
        // next columns reuse, and written as one run.
        var y0 = 0
        while y0 < h {
            let y1 = min(h, y0 + 16)
            for x in 0..<w {
                let d = dst + x * h
                var p = src + y0 * stride + x
                for y in y0..<y1 {
                    d[y] = p.pointee
                    p += stride
                }
            }
            y0 = y1
        }
    }

    /// One box pass down every column of the `w`-wide, `h`-tall plane `src` into `dst`.
    ///
    /// `sums` holds each column's window sum; for each whole block of 16 columns it holds them as
    /// four vectors of every fourth column (columns 0, 4, 8, 12, then 1, 5, 9, 13, ...): the four
    /// lanes of a 32-bit word are one byte of each of four neighbouring columns, so a block's 16
    /// bytes become its four vectors with masks and shifts, and four results (each at most 255)
    /// become 16 bytes again with shifts and ors. The columns after the last block are plain.
    private static func boxColumns(
        _ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
        _ sums: UnsafeMutablePointer<UInt32>, _ zeros: UnsafePointer<UInt8>, width w: Int, height h: Int, _ box: Box
    ) {
        let r = reciprocal(box.size)
        let blocks = box.size < maxNarrowBox ? w / 16 * 16 : 0
        sums.update(repeating: 0, count: w)
        let sp = UnsafeMutableRawPointer(sums)
        for i in max(box.low, 0)..<max(max(box.low, 0), min(box.high + 1, h)) {
            let row = UnsafePointer(src + i * w)
            var x = 0
            while x < blocks {
                let q = UnsafeRawPointer(row + x).loadUnaligned(as: Words.self)
                for k in 0..<4 {
                    let o = 4 &* x &+ 16 &* k
                    let b = (q &>> UInt32(8 * k)) & 0xff
                    sp.storeBytes(
                        of: sp.loadUnaligned(fromByteOffset: o, as: Words.self) &+ b, toByteOffset: o, as: Words.self)
                }
                x &+= 16
            }
            while x < w {
                sums[x] &+= UInt32(row[x])
                x &+= 1
            }
        }
        for y in 0..<h {
            // Output row y, then slide the window: add the row entering, drop the one leaving.
            let add = y + box.high + 1
            let sub = y + box.low
            let a = add < h ? UnsafePointer(src + add * w) : zeros
            let s = sub >= 0 && sub < h ? UnsafePointer(src + sub * w) : zeros
            let d = dst + y * w
            slideBlocks(d, a, s, sp, count: blocks, reciprocal: UInt32(truncatingIfNeeded: r))
            // The columns after the blocks (and every column of a box too wide for 32-bit products).
            for x in blocks..<w {
                let v = sums[x]
                d[x] = UInt8(truncatingIfNeeded: min(255, (Int(v) &* r &+ (1 << 23)) >> 24))
                sums[x] = v &+ UInt32(a[x]) &- UInt32(s[x])
            }
        }
    }

    private typealias Words = SIMD4<UInt32>

    /// The first `count` columns (whole blocks) of one row: outputs from the sums, then the sums slid.
    @inline(__always) private static func slideBlocks(
        _ d: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ s: UnsafePointer<UInt8>,
        _ sp: UnsafeMutableRawPointer, count: Int, reciprocal r: UInt32
    ) {
        let rv = Words(repeating: r)
        let half = Words(repeating: 1 << 23)
        let m = Words(repeating: 0xff)
        var x = 0
        while x < count {
            let o = 4 &* x
            let v0 = sp.loadUnaligned(fromByteOffset: o, as: Words.self)
            let v1 = sp.loadUnaligned(fromByteOffset: o &+ 16, as: Words.self)
            let v2 = sp.loadUnaligned(fromByteOffset: o &+ 32, as: Words.self)
            let v3 = sp.loadUnaligned(fromByteOffset: o &+ 48, as: Words.self)
            let out =
                (v0 &* rv &+ half) &>> 24 | ((v1 &* rv &+ half) &>> 24) &<< 8
                | ((v2 &* rv &+ half) &>> 24) &<< 16 | ((v3 &* rv &+ half) &>> 24) &<< 24
            UnsafeMutableRawPointer(d + x).storeBytes(of: out, as: Words.self)
            let qa = UnsafeRawPointer(a + x).loadUnaligned(as: Words.self)
            let qs = UnsafeRawPointer(s + x).loadUnaligned(as: Words.self)
            sp.storeBytes(of: v0 &+ (qa & m) &- (qs & m), toByteOffset: o, as: Words.self)
            sp.storeBytes(of: v1 &+ ((qa &>> 8) & m) &- ((qs &>> 8) & m), toByteOffset: o &+ 16, as: Words.self)
            sp.storeBytes(of: v2 &+ ((qa &>> 16) & m) &- ((qs &>> 16) & m), toByteOffset: o &+ 32, as: Words.self)
            sp.storeBytes(of: v3 &+ (qa &>> 24) &- (qs &>> 24), toByteOffset: o &+ 48, as: Words.self)
            x &+= 16
        }
    }
}

import Primitives

/// Cairo's OVER of a solid colour through an A8 mask placed at whole pixels, computed here on the
/// target's pixels instead of through `cairo_mask_surface`: Cairo spends about as much on setting up
/// a pattern, a mask image and the clip for each glyph as on the pixels, and a screen draws
/// hundreds of glyphs and a few dozen shadow pieces this way.
///
/// Why the bytes are Cairo's: for this operation (solid source, A8 mask at an integer translation,
/// ARGB32 target, OVER, a clip of one whole-pixel rectangle or none) Cairo's image backend hands
/// pixman one composite of the clipped box, and pixman's over_n_8_8888 (SSE2 and C alike) computes
/// each pixel from its own mask value `m` and destination only, per channel, with
/// mul(x, y) = (t + (t >> 8)) >> 8 for t = x * y + 0x80 (x * y / 255 rounded):
///   a' = mul(sourceAlpha, m),  out = mul(source, m) + mul(destination, 255 - a').
/// The sum never passes 255 (mul(source, m) <= a' and mul(destination, 255 - a') <= 255 - a'), so
/// pixman's saturation never acts. The solid colour is the one Cairo gives pixman: each
/// premultiplied channel as a 16-bit value (channel x alpha x 65535 + 0.5, truncated), of which the
/// 8-bit path keeps the high byte. `DirectMaskTests` pin both against Cairo.
///
/// This module holds no Cairo: the Cairo boundary (`CairoFonts`) makes targets from a context
/// (`CairoContext.directMaskTarget`) and tells Cairo afterwards which pixels changed (`finish`).
package struct DirectMaskTarget {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    /// Words per row.
    @usableFromInline let stride: Int
    /// The part of the target the clip lets through: x0 <= x < x1, y0 <= y < y1.
    @usableFromInline let x0: Int, y0: Int, x1: Int, y1: Int
    /// The premultiplied source pixel, as pixman holds Cairo's solid colour.
    package let source: UInt32
    /// Whose pixels these are (the Cairo surface, opaque here): `finish` marks them changed.
    package let owner: OpaquePointer?

    /// A target over `pixels` (`stride` words per row), drawing only in x0 <= x < x1, y0 <= y < y1,
    /// with `table` made by `table(for: source)`.
    package init(
        pixels: UnsafeMutablePointer<UInt32>, stride: Int, x0: Int, y0: Int, x1: Int, y1: Int, source: UInt32,
        owner: OpaquePointer?, table: [UInt32]
    ) {
        self.pixels = pixels
        self.stride = stride
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.source = source
        self.owner = owner
        self.table = table
    }

    /// Positions farther out than this are left to Cairo (its 16.16 fixed-point offsets).
    package static let maxOffset = 16_384

    /// The premultiplied ARGB32 word pixman composites for `cairo_set_source_rgba` of `color`
    /// with its alpha times `alpha` (as `CairoContext.setColor`).
    package static func premultiplied(_ color: Color, alpha: Double = 1) -> UInt32 {
        func clamp(_ v: Double) -> Double { v >= 1 ? 1 : (v > 0 ? v : 0) }
        let a = clamp(color.alpha * alpha)
        func byte(_ v: Double) -> UInt32 {
            let short = CheckedInt.int(v * 65535.0 + 0.5, in: 0...65535)
            return UInt32(truncatingIfNeeded: short >> 8)
        }
        return byte(a) << 24 | byte(clamp(Double(color.r) / 255) * a) << 16
            | byte(clamp(Double(color.g) / 255) * a) << 8 | byte(clamp(Double(color.b) / 255) * a)
    }

    /// Per mask value m: the source through it (each channel mul(source, m)), then at 256 + m,
    /// 255 - its alpha in both 16-bit halves (what the destination is multiplied by).
    @usableFromInline let table: [UInt32]

    /// Where this target draws: the clip's rectangle cut to the surface, x0 <= x < x1, y0 <= y < y1.
    package var extent: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    /// Whether the rectangle x0 <= x < x1, y0 <= y < y1 lies wholly where this target draws.
    package func contains(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        x0 >= self.x0 && y0 >= self.y0 && x1 <= self.x1 && y1 <= self.y1
    }

    /// Composites through `mask` with its top-left pixel at (x, y) (|x|, |y| <= `maxOffset`).
    /// Inlinable: `CairoFonts` calls it per glyph and `Raster` per shadow piece; inlined there, the
    /// mask's row arrays are borrowed rather than retained and released per call
    /// (Benchmarks/notes/compositors-across-modules.md).
    @inlinable package func composite(_ mask: AlphaRows, x: Int, y: Int) {
        let cx0 = max(x0, x)
        let cy0 = max(y0, y)
        let cx1 = min(x1, x + mask.width)
        let cy1 = min(y1, y + mask.height)
        guard cx1 > cx0, cy1 > cy0 else { return }
        let data = mask.data
        let maskStride = mask.stride
        let spans = mask.rowSpans
        let gaps = mask.rowGaps
        table.withUnsafeBufferPointer { t in
            // Columns a..<b of a row (mask zeros change no pixel, so the parts around a gap suffice).
            func run(_ row: Int, _ a: Int, _ b: Int) {
                guard b > a else { return }
                Self.over(
                    pixels + row * stride + a, data + (row - y) * maskStride + (a - x), count: b - a,
                    source: source, table: t.baseAddress!)
            }
            for row in cy0..<cy1 {
                var a = cx0
                var b = cx1
                if let spans {
                    let s = spans[row - y]
                    a = max(a, x + Int(s.lowerBound))
                    b = min(b, x + Int(s.upperBound))
                    if b <= a { continue }
                    if let gaps, !gaps[row - y].isEmpty {
                        let g = gaps[row - y]
                        run(row, a, min(b, x + Int(g.lowerBound)))
                        run(row, max(a, x + Int(g.upperBound)), b)
                        continue
                    }
                }
                run(row, a, b)
            }
        }
    }

    /// x * y / 255 rounded, pixman's MUL_UN8 (both at most 255).
    @inline(__always) static func mul(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `table` for a source pixel.
    package static func table(for source: UInt32) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: 512) { t, n in
            for m in 0..<256 {
                let v = UInt32(m)
                let through =
                    mul(source & 0xff, v) | mul((source >> 8) & 0xff, v) << 8 | mul((source >> 16) & 0xff, v) << 16
                    | mul(source >> 24, v) << 24
                let keep = 255 - (through >> 24)
                t[m] = through
                t[256 + m] = keep | keep << 16
            }
            n = 512
        }
    }

    private typealias Lanes = SIMD8<UInt16>
    private typealias Words = SIMD4<UInt32>

    /// x * y / 255 rounded in every 16-bit lane (both at most 255), pixman's MUL_UN8.
    @inline(__always) private static func mul(_ x: Lanes, _ y: Lanes) -> Lanes {
        let t = x &* y &+ Lanes(repeating: 0x80)
        return (t &+ (t &>> 8)) &>> 8
    }

    /// The same for the two channels in bits 0-7 and 16-23 of `x`.
    @inline(__always) private static func mul2(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 0x0080_0080
        return ((t &+ ((t &>> 8) & 0x00ff_00ff)) &>> 8) & 0x00ff_00ff
    }

    /// One row: `count` pixels at `dst` through the mask bytes at `mask`, eight at a time (skipped
    /// where the mask is 0, set where it is 255 and the source opaque), blended four at a time
    /// (blue and red, green and alpha of four pixels in the 16-bit lanes of two vectors); the source
    /// through each mask value comes from `t` (`table`), so only the destination is multiplied here.
    @usableFromInline static func over(
        _ dst: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt8>, count: Int, source: UInt32,
        table t: UnsafePointer<UInt32>
    ) {
        let s = Words(repeating: source)
        let opaque = source >> 24 == 255
        let d = UnsafeMutableRawPointer(dst)
        let m = UnsafeRawPointer(mask)
        // Four pixels at byte offset 4 * i through the mask bytes `m4`.
        @inline(__always) func four(_ i: Int, _ m4: UInt32) {
            if m4 == 0 { return }
            if opaque && m4 == 0xffff_ffff {
                d.storeBytes(of: s, toByteOffset: 4 &* i, as: Words.self)
                return
            }
            let a0 = Int(m4 & 0xff)
            let a1 = Int((m4 >> 8) & 0xff)
            let a2 = Int((m4 >> 16) & 0xff)
            let a3 = Int(m4 >> 24)
            let through = Words(t[a0], t[a1], t[a2], t[a3])
            let keep = unsafeBitCast(Words(t[256 + a0], t[256 + a1], t[256 + a2], t[256 + a3]), to: Lanes.self)
            let p = d.loadUnaligned(fromByteOffset: 4 &* i, as: Words.self)
            let rb = mul(unsafeBitCast(p & 0x00ff_00ff, to: Lanes.self), keep)
            let ag = mul(unsafeBitCast((p &>> 8) & 0x00ff_00ff, to: Lanes.self), keep)
            // Each channel's sum is at most 255: no carry into the next.
            let out = through &+ (unsafeBitCast(rb, to: Words.self) | (unsafeBitCast(ag, to: Words.self) &<< 8))
            d.storeBytes(of: out, toByteOffset: 4 &* i, as: Words.self)
        }
        var i = 0
        while i &+ 8 <= count {
            let m8 = m.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if m8 != 0 {
                four(i, UInt32(truncatingIfNeeded: m8))
                four(i &+ 4, UInt32(truncatingIfNeeded: m8 >> 32))
            }
            i &+= 8
        }
        if i &+ 4 <= count {
            four(i, m.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            i &+= 4
        }
        while i < count {
            let v = Int(mask[i])
            if v != 0 {
                let p = dst[i]
                let keep = t[256 + v] & 0xff
                dst[i] = t[v] &+ (mul2(p & 0x00ff_00ff, keep) | mul2((p >> 8) & 0x00ff_00ff, keep) << 8)
            }
            i &+= 1
        }
    }
}

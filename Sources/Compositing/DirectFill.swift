import Primitives

/// Opaque fills straight into the frame (`CoverageFills`): whole pixels set to the colour, and
/// rows of coverage blended as Cairo's span renderer does.
extension DirectMaskTarget {
    /// Sets every pixel of the rectangle x0 <= x < x1, y0 <= y < y1 inside the clip to the source,
    /// which must be opaque: what Cairo leaves where an opaque colour covers pixels wholly (coverage
    /// 255 is OVER without a mask, and OVER of an opaque colour gives the colour).
    package func fillOpaque(x0 fx0: Int, y0 fy0: Int, x1 fx1: Int, y1 fy1: Int) {
        precondition(source >> 24 == 255, "fillOpaque needs an opaque source")
        let a = max(x0, fx0)
        let b = min(x1, fx1)
        guard b > a else { return }
        let n = b - a
        let top = max(y0, fy0)
        let bottom = max(top, min(y1, fy1))
        guard bottom > top else { return }
        let eight = SIMD8<UInt32>(repeating: source)
        for row in top..<bottom {
            let p = pixels + row * stride + a
            let raw = UnsafeMutableRawPointer(p)
            var i = 0
            // 32 pixels a step: the loop's own work is a fraction of the stores'.
            while i &+ 32 <= n {
                raw.storeBytes(of: eight, toByteOffset: 4 &* i, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: eight, toByteOffset: 4 &* i &+ 32, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: eight, toByteOffset: 4 &* i &+ 64, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: eight, toByteOffset: 4 &* i &+ 96, as: SIMD8<UInt32>.self)
                i &+= 32
            }
            while i &+ 8 <= n {
                raw.storeBytes(of: eight, toByteOffset: 4 &* i, as: SIMD8<UInt32>.self)
                i &+= 8
            }
            while i < n {
                p[i] = source
                i &+= 1
            }
        }
    }

    /// Paints the opaque source through `count` coverage bytes of one row starting at pixel (x, y),
    /// as Cairo's span renderer fills an opaque colour (`_fill_xrgb32_lerp_opaque_spans`): coverage
    /// 255 sets the colour, 0 leaves the pixel, anything else blends each channel as its `lerp8x4`,
    /// mul(source, c) + mul(destination, 255 - c), with mul(x, y) = (t + (t >> 8)) >> 8 for
    /// t = x * y + 0x7f (saturating, though premultiplied pixels never reach it).
    package func fillOpaque(row coverage: UnsafePointer<UInt8>, x: Int, y: Int, count: Int) {
        precondition(source >> 24 == 255, "fillOpaque needs an opaque source")
        guard y >= y0, y < y1 else { return }
        let a = max(x0, x)
        let b = min(x1, x + count)
        guard b > a else { return }
        Self.lerp(pixels + y * stride + a, coverage + (a - x), count: b - a, source: source)
    }

    /// One row of `fillOpaque(row:x:y:count:)`.
    static func lerp(_ dst: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, count: Int, source: UInt32)
    {
        @inline(__always) func mul7f(_ x: UInt32, _ y: UInt32) -> UInt32 {
            let t = (x & 0x00ff_00ff) &* y &+ 0x007f_007f
            return ((t &+ ((t &>> 8) & 0x00ff_00ff)) &>> 8) & 0x00ff_00ff
        }
        @inline(__always) func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
            var t = a &+ b
            t |= 0x0100_0100 &- ((t &>> 8) & 0x00ff_00ff)
            return t & 0x00ff_00ff
        }
        let c = UnsafeRawPointer(coverage)
        var i = 0
        while i < count {
            if i &+ 4 <= count {
                let c4 = c.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                if c4 == 0 {
                    i &+= 4
                    continue
                }
                if c4 == 0xffff_ffff {
                    dst[i] = source
                    dst[i &+ 1] = source
                    dst[i &+ 2] = source
                    dst[i &+ 3] = source
                    i &+= 4
                    continue
                }
            }
            let v = UInt32(coverage[i])
            if v == 255 {
                dst[i] = source
            } else if v != 0 {
                let d = dst[i]
                let k = 255 - v
                dst[i] =
                    add(mul7f(source, v), mul7f(d, k)) | add(mul7f(source >> 8, v), mul7f(d >> 8, k)) << 8
            }
            i &+= 1
        }
    }
}

import SessionFormat

/// Decoders of the 4x4 block-compressed formats: ETC1, BC1 (DXT1), BC3 (DXT5), BC4 (RGTC1),
/// BC5 (RGTC2). Blocks are stored row by row, ceil(w/4) per row; texels past the image edge
/// are decoded and dropped. The caller has checked the data is long enough.
enum BlockDecoder {
    enum Kind {
        case etc1, dxt1, dxt5, rgtc1, rgtc2
        init?(_ f: PixelFormat) {
            switch f {
            case .RGB_ETC1: self = .etc1
            case .RGB_DXT1: self = .dxt1
            case .RGBA_DXT5: self = .dxt5
            case .RED_RGTC1: self = .rgtc1
            case .RG_RGTC2: self = .rgtc2
            default: return nil
            }
        }
        var bytesPerBlock: Int {
            switch self {
            case .etc1, .dxt1, .rgtc1: return 8
            case .dxt5, .rgtc2: return 16
            }
        }
    }

    /// Straight RGBA bytes of the whole image.
    static func decode(_ kind: Kind, _ src: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let bw = (width + 3) / 4
        let bh = (height + 3) / 4
        // One block's texels, index y * 4 + x, as RGBA.
        var texels = [UInt8](repeating: 0, count: 64)
        for by in 0..<bh {
            for bx in 0..<bw {
                let at = (by * bw + bx) * kind.bytesPerBlock
                let block = UnsafeBufferPointer(rebasing: src[at..<(at + kind.bytesPerBlock)])
                switch kind {
                case .etc1: etc1(block, into: &texels)
                case .dxt1: bc1(block, into: &texels)
                case .dxt5:
                    bc1(UnsafeBufferPointer(rebasing: block[8..<16]), into: &texels, fourColourOnly: true)
                    let a = bc4(UnsafeBufferPointer(rebasing: block[0..<8]))
                    for i in 0..<16 { texels[i * 4 + 3] = a[i] }
                case .rgtc1:
                    let r = bc4(block)
                    for i in 0..<16 {
                        texels[i * 4] = r[i]
                        texels[i * 4 + 1] = r[i]
                        texels[i * 4 + 2] = r[i]
                        texels[i * 4 + 3] = 255
                    }
                case .rgtc2:
                    let r = bc4(UnsafeBufferPointer(rebasing: block[0..<8]))
                    let g = bc4(UnsafeBufferPointer(rebasing: block[8..<16]))
                    for i in 0..<16 {
                        texels[i * 4] = r[i]
                        texels[i * 4 + 1] = g[i]
                        texels[i * 4 + 2] = 0
                        texels[i * 4 + 3] = 255
                    }
                }
                for ty in 0..<4 where by * 4 + ty < height {
                    for tx in 0..<4 where bx * 4 + tx < width {
                        let o = ((by * 4 + ty) * width + bx * 4 + tx) * 4
                        let t = (ty * 4 + tx) * 4
                        out[o] = texels[t]
                        out[o + 1] = texels[t + 1]
                        out[o + 2] = texels[t + 2]
                        out[o + 3] = texels[t + 3]
                    }
                }
            }
        }
        return out
    }

    /// BC1 colour block: two RGB565 end points, 2-bit indices (texel i at bits 2i).
    /// `fourColourOnly`: BC3's colour half always interpolates four colours (D3D rule). In a
    /// three-colour block the fourth code is opaque black: RGB_DXT1 has no alpha.
    static func bc1(_ b: UnsafeBufferPointer<UInt8>, into t: inout [UInt8], fourColourOnly: Bool = false) {
        let c0 = Int(b[0]) | Int(b[1]) << 8
        let c1 = Int(b[2]) | Int(b[3]) << 8
        func rgb(_ c: Int) -> (Int, Int, Int) {
            (
                Int(PackedImageDecoder.expand5(c >> 11)), Int(PackedImageDecoder.expand6(c >> 5)),
                Int(PackedImageDecoder.expand5(c))
            )
        }
        let p0 = rgb(c0)
        let p1 = rgb(c1)
        var palette: [(Int, Int, Int, Int)] = [(p0.0, p0.1, p0.2, 255), (p1.0, p1.1, p1.2, 255)]
        if c0 > c1 || fourColourOnly {
            palette.append(((2 * p0.0 + p1.0) / 3, (2 * p0.1 + p1.1) / 3, (2 * p0.2 + p1.2) / 3, 255))
            palette.append(((p0.0 + 2 * p1.0) / 3, (p0.1 + 2 * p1.1) / 3, (p0.2 + 2 * p1.2) / 3, 255))
        } else {
            palette.append(((p0.0 + p1.0) / 2, (p0.1 + p1.1) / 2, (p0.2 + p1.2) / 2, 255))
            palette.append((0, 0, 0, 255))
        }
        let bits = UInt32(b[4]) | UInt32(b[5]) << 8 | UInt32(b[6]) << 16 | UInt32(b[7]) << 24
        for i in 0..<16 {
            let c = palette[Int((bits >> (2 * UInt32(i))) & 3)]
            t[i * 4] = UInt8(c.0)
            t[i * 4 + 1] = UInt8(c.1)
            t[i * 4 + 2] = UInt8(c.2)
            t[i * 4 + 3] = UInt8(c.3)
        }
    }

    /// BC4 single-channel block (also BC3's alpha): two 8-bit end points, 3-bit indices
    /// (texel i at bits 3i of the 48-bit little-endian field after the end points).
    static func bc4(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let v0 = Int(b[0])
        let v1 = Int(b[1])
        var pal = [v0, v1]
        if v0 > v1 {
            for k in 1...6 { pal.append(((7 - k) * v0 + k * v1 + 3) / 7) }
        } else {
            for k in 1...4 { pal.append(((5 - k) * v0 + k * v1 + 2) / 5) }
            pal += [0, 255]
        }
        var bits: UInt64 = 0
        for k in 0..<6 { bits |= UInt64(b[2 + k]) << (8 * UInt64(k)) }
        return (0..<16).map { UInt8(pal[Int((bits >> (3 * UInt64($0))) & 7)]) }
    }

    /// ETC1 modifier tables (OES_compressed_ETC1_RGB8_texture), indexed by the 2-bit pixel code.
    static let etcModifiers: [[Int]] = [
        [2, 8, -2, -8], [5, 17, -5, -17], [9, 29, -9, -29], [13, 42, -13, -42],
        [18, 60, -18, -60], [24, 80, -24, -80], [33, 106, -33, -106], [47, 183, -47, -183],
    ]

    /// ETC1 block: a 64-bit big-endian word; two sub-blocks (2x4 side by side, or 4x2 stacked
    /// when the flip bit is set), each a base colour plus a per-pixel modifier. Pixel codes are
    /// numbered down the columns (k = x * 4 + y): MSB at bit 16 + k, LSB at bit k.
    static func etc1(_ b: UnsafeBufferPointer<UInt8>, into t: inout [UInt8]) {
        var hi: UInt32 = 0
        var lo: UInt32 = 0
        for k in 0..<4 {
            hi = hi << 8 | UInt32(b[k])
            lo = lo << 8 | UInt32(b[4 + k])
        }
        func field(_ shift: UInt32, _ bits: UInt32) -> Int { Int((hi >> shift) & ((1 << bits) - 1)) }
        let diff = field(1, 1) == 1
        let flip = field(0, 1) == 1
        var base1 = (0, 0, 0)
        var base2 = (0, 0, 0)
        if diff {
            func ext5(_ v: Int) -> Int { v << 3 | v >> 2 }
            func signed3(_ v: Int) -> Int { v >= 4 ? v - 8 : v }
            let r = field(27, 5)
            let g = field(19, 5)
            let bl = field(11, 5)
            let r2 = (r + signed3(field(24, 3))) & 31
            let g2 = (g + signed3(field(16, 3))) & 31
            let b2 = (bl + signed3(field(8, 3))) & 31
            base1 = (ext5(r), ext5(g), ext5(bl))
            base2 = (ext5(r2), ext5(g2), ext5(b2))
        } else {
            base1 = (field(28, 4) * 17, field(20, 4) * 17, field(12, 4) * 17)
            base2 = (field(24, 4) * 17, field(16, 4) * 17, field(8, 4) * 17)
        }
        let table1 = etcModifiers[field(5, 3)]
        let table2 = etcModifiers[field(2, 3)]
        for x in 0..<4 {
            for y in 0..<4 {
                let k = UInt32(x * 4 + y)
                let code = Int((lo >> (16 + k)) & 1) << 1 | Int((lo >> k) & 1)
                let second = flip ? y >= 2 : x >= 2
                let base = second ? base2 : base1
                let m = (second ? table2 : table1)[code]
                let i = (y * 4 + x) * 4
                t[i] = clamp(base.0 + m)
                t[i + 1] = clamp(base.1 + m)
                t[i + 2] = clamp(base.2 + m)
                t[i + 3] = 255
            }
        }
    }

    @inline(__always) static func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
}

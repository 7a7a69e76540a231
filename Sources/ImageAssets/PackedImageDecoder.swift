import Primitives
import SessionFormat

/// Decodes `PackedImageData` (every InternalFormat, level 0) into a bitmap.
///
/// Input alpha is straight (semantics.md section 7 item 10); the result is premultiplied.
/// 16-bit formats are little-endian words with red in the high bits. Single- and two-channel
/// formats follow the R8 / RG8 rule everywhere: R8 and RED_RGTC1 (BC4) show as grey, RG8 and
/// RG_RGTC2 (BC5) as red and green with blue 0. RGB_DXT1 is the opaque variant (GL's
/// `COMPRESSED_RGB_S3TC_DXT1`): the fourth code of a three-colour block is opaque black.
/// `file` images are loaded by the caller through `AssetLoader`.
package enum PackedImageDecoder {
    /// Largest width or height accepted (semantics.md section 7 item 24).
    package static let maxSide = 8192

    package static func decode(_ image: PackedImage) throws -> Bitmap {
        let w = image.width
        let h = image.height
        let f = image.format
        if image.data.isEmpty, let file = image.file {
            throw ImageError("image file '\(file)' must be loaded through AssetLoader, not decoded as packed data")
        }
        guard w > 0, h > 0 else { throw ImageError("\(f.name) image has an empty size \(w)x\(h)") }
        guard w <= maxSide, h <= maxSide else {
            throw ImageError("\(f.name) image of \(w)x\(h) is too large (at most \(maxSide) pixels per side)")
        }
        guard let need = level0ByteCount(f, width: w, height: h) else {
            throw ImageError("pixel format \(f.name) (\(f.rawValue)) has no pixel layout")
        }
        guard image.data.count >= need else {
            throw ImageError("\(f.name) \(w)x\(h) level 0 needs \(need) bytes, data has \(image.data.count)")
        }
        let rgba = image.data.withUnsafeBufferPointer { src -> [UInt8] in
            if let block = BlockDecoder.Kind(f) {
                return BlockDecoder.decode(block, src, width: w, height: h)
            }
            return unpack(f, src, count: w * h)
        }
        return Bitmap(width: w, height: h, straightRGBA: rgba)
    }

    /// Bytes per pixel of the uncompressed formats (framework-protocol.md section 5).
    package static func bytesPerPixel(_ f: PixelFormat) -> Int? {
        switch f {
        case .R8, .LA44: return 1
        case .RG8, .RGB565, .RGBA4, .LUMINANCE_ALPHA, .RGB555, .RGBA5551: return 2
        case .RGBA8, .RGB8, .R32F: return 4
        default: return nil
        }
    }

    /// Bytes of mip level 0: rows of `width * bpp` bytes, or ceil(w/4) x ceil(h/4) blocks.
    package static func level0ByteCount(_ f: PixelFormat, width: Int, height: Int) -> Int? {
        if let bpp = bytesPerPixel(f) { return width * height * bpp }
        guard let block = BlockDecoder.Kind(f) else { return nil }
        return ((width + 3) / 4) * ((height + 3) / 4) * block.bytesPerBlock
    }

    /// Straight RGBA bytes of `count` uncompressed pixels.
    static func unpack(_ f: PixelFormat, _ s: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count * 4)
        out.withUnsafeMutableBufferPointer { o in
            func put(_ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
                o[i * 4] = r
                o[i * 4 + 1] = g
                o[i * 4 + 2] = b
                o[i * 4 + 3] = a
            }
            func word(_ i: Int) -> Int { Int(s[i * 2]) | Int(s[i * 2 + 1]) << 8 }
            for i in 0..<count {
                switch f {
                case .RGBA8: put(i, s[i * 4], s[i * 4 + 1], s[i * 4 + 2], s[i * 4 + 3])
                case .RGB8: put(i, s[i * 4], s[i * 4 + 1], s[i * 4 + 2], 255)
                case .R8: put(i, s[i], s[i], s[i], 255)
                case .RG8: put(i, s[i * 2], s[i * 2 + 1], 0, 255)
                case .LUMINANCE_ALPHA: put(i, s[i * 2], s[i * 2], s[i * 2], s[i * 2 + 1])
                case .LA44:
                    let l = expand4(Int(s[i]) >> 4)
                    put(i, l, l, l, expand4(Int(s[i]) & 15))
                case .RGB565:
                    let v = word(i)
                    put(i, expand5(v >> 11), expand6(v >> 5), expand5(v), 255)
                case .RGBA4:
                    let v = word(i)
                    put(i, expand4(v >> 12), expand4(v >> 8), expand4(v >> 4), expand4(v))
                case .RGB555:
                    let v = word(i)
                    put(i, expand5(v >> 10), expand5(v >> 5), expand5(v), 255)
                case .RGBA5551:
                    let v = word(i)
                    put(i, expand5(v >> 11), expand5(v >> 6), expand5(v >> 1), v & 1 == 1 ? 255 : 0)
                case .R32F:
                    let bits =
                        UInt32(s[i * 4]) | UInt32(s[i * 4 + 1]) << 8 | UInt32(s[i * 4 + 2]) << 16 | UInt32(s[i * 4 + 3])
                        << 24
                    let v = Float(bitPattern: bits)
                    let g = CheckedInt.byte(Double(min(1, max(0, v)) * 255))
                    put(i, g, g, g, 255)
                default: break
                }
            }
        }
        return out
    }

    /// Bit replication: the top bits repeat into the low ones, so 0 -> 0 and max -> 255.
    @inline(__always) static func expand4(_ v: Int) -> UInt8 { UInt8((v & 15) * 17) }
    @inline(__always) static func expand5(_ v: Int) -> UInt8 {
        let x = v & 31
        return UInt8(x << 3 | x >> 2)
    }
    @inline(__always) static func expand6(_ v: Int) -> UInt8 {
        let x = v & 63
        return UInt8(x << 2 | x >> 4)
    }
}

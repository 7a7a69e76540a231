import Primitives

/// PNG encoding (zlib; no time or text chunks: same input, same bytes). Decoding is in PNGDecode.swift.
package enum PNGCodec {
    /// Bytes of IDAT data gathered before a chunk is written (keeps chunks few and memory bounded).
    static let idatChunkSize = 1 << 18

    /// Encodes a bitmap as an 8-bit PNG (RGB when fully opaque, else RGBA) at `compressionLevel`.
    /// Level 1 (the default) is `PNGFastDeflate`: unfiltered rows, runs from above and from the
    /// left, on all cores. Level 0 is zlib's stored; levels 2...9 are zlib with a filter chosen per
    /// row (adaptive, minimum sum of absolute differences, as libpng does): smaller, much slower.
    package static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width < 1 << 31, bitmap.height < 1 << 31 else {
            throw PNGError.png("cannot encode an image of \(bitmap.width)x\(bitmap.height) pixels")
        }
        guard (0...9).contains(compressionLevel) else {
            throw PNGError.png("compression level \(compressionLevel) is not in 0...9")
        }
        var writer = PNGChunkWriter()
        if compressionLevel == 1 {
            // Opacity (RGB or RGBA) is found by the encoder itself, not by a pass over the frame first.
            withFastStream(bitmap) { stream, opaque in
                writer.append(
                    "IHDR", PNGChunkWriter.header(width: bitmap.width, height: bitmap.height, colorType: opaque ? 2 : 6)
                )
                let count = stream.reduce(0) { $0 + $1.count }
                writer.reserve(count + (count / idatChunkSize + 2) * 12)
                writer.append(type: Array("IDAT".utf8), pieces: stream, limit: idatChunkSize)
                writer.append("IEND")
            }
            return writer.bytes
        }
        let opaque = isOpaque(bitmap)
        let channels = opaque ? 3 : 4
        writer.append(
            "IHDR", PNGChunkWriter.header(width: bitmap.width, height: bitmap.height, colorType: opaque ? 2 : 6))
        let deflater = try ZlibDeflater(level: compressionLevel)
        let rowBytes = bitmap.width * channels
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = previous
        var filtered = PNGRowFilter(rowBytes: rowBytes, bytesPerPixel: channels)
        try bitmap.pixels.withUnsafeBufferPointer { px in
            for y in 0..<bitmap.height {
                unpremultiplyRow(px, y: y, width: bitmap.width, channels: channels, into: &current)
                let row = compressionLevel <= 1 ? filtered.none(current) : filtered.adaptive(current, previous)
                try row.withUnsafeBufferPointer { try deflater.write($0) }
                swap(&previous, &current)
                if let data = deflater.take(minimum: idatChunkSize) {
                    writer.append(type: Array("IDAT".utf8), data[...])
                }
            }
        }
        let rest = try deflater.finish()
        if !rest.isEmpty { writer.append(type: Array("IDAT".utf8), rest[...]) }
        writer.append("IEND")
        return writer.bytes
    }

    /// True when every pixel has alpha 255. (An AND over whole words, without early exit: it vectorizes.)
    static func isOpaque(_ b: Bitmap) -> Bool {
        b.pixels.withUnsafeBytes { raw in
            var all: UInt32 = 0xFFFF_FFFF
            for v in raw.bindMemory(to: UInt32.self) { all &= v }
            return all >> 24 == 0xFF
        }
    }

    /// Lends the zlib stream of level 1 (`PNGFastDeflate`, as pieces in the encoder's working
    /// memory) and whether it is RGB to `body`: straight from the pixels when every pixel is
    /// opaque, else from an un-premultiplied copy as RGBA.
    static func withFastStream(_ bitmap: Bitmap, _ body: ([UnsafeBufferPointer<UInt8>], _ opaque: Bool) -> Void) {
        bitmap.pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            let done: Void? = PNGFastDeflate.withRGBStreamIfOpaque(words, width: bitmap.width, height: bitmap.height) {
                body($0, true)
            }
            if done != nil { return }
            let straight = words.map { v -> UInt32 in
                let a = v >> 24
                if a == 255 { return (v & 0xFF) << 16 | (v & 0xFF00) | (v >> 16 & 0xFF) | 0xFF00_0000 }
                if a == 0 { return 0 }
                func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
                return un(v >> 16 & 0xFF) | un(v >> 8 & 0xFF) << 8 | un(v & 0xFF) << 16 | a << 24
            }
            straight.withUnsafeBufferPointer {
                PNGFastDeflate.withRGBAStream($0, width: bitmap.width, height: bitmap.height) { body($0, false) }
            }
        }
    }

    /// Premultiplied BGRA -> straight RGB or RGBA for row `y`.
    static func unpremultiplyRow(
        _ px: UnsafeBufferPointer<UInt8>, y: Int, width: Int, channels: Int, into out: inout [UInt8]
    ) {
        out.withUnsafeMutableBufferPointer { o in
            var s = y * width * 4
            var d = 0
            for _ in 0..<width {
                let a = Int(px[s + 3])
                if a == 255 {
                    o[d] = px[s + 2]
                    o[d + 1] = px[s + 1]
                    o[d + 2] = px[s]
                } else if a == 0 {
                    o[d] = 0
                    o[d + 1] = 0
                    o[d + 2] = 0
                } else {
                    // Round to nearest, clamped: premultiplied values can exceed alpha after blending.
                    o[d] = UInt8(min(255, (Int(px[s + 2]) * 255 + a / 2) / a))
                    o[d + 1] = UInt8(min(255, (Int(px[s + 1]) * 255 + a / 2) / a))
                    o[d + 2] = UInt8(min(255, (Int(px[s]) * 255 + a / 2) / a))
                }
                if channels == 4 { o[d + 3] = UInt8(a) }
                s += 4
                d += channels
            }
        }
    }
}

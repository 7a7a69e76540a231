import Primitives

/// PNG encoding (zlib; no time or text chunks: same input, same bytes). Decoding is in PNGDecode.swift.
public enum PNGCodec {
    /// Bytes of IDAT data gathered before a chunk is written (keeps chunks few and memory bounded).
    static let idatChunkSize = 1 << 18

    /// Encodes a bitmap as an 8-bit PNG (RGB when fully opaque, else RGBA), zlib level `compressionLevel`.
    /// Levels 0 and 1 write rows unfiltered (fast); higher levels choose a filter per row (adaptive,
    /// minimum sum of absolute differences, as libpng does), which compresses UI images much better.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width < 1 << 31, bitmap.height < 1 << 31 else {
            throw NativeError.png("cannot encode an image of \(bitmap.width)x\(bitmap.height) pixels")
        }
        guard (0...9).contains(compressionLevel) else {
            throw NativeError.png("compression level \(compressionLevel) is not in 0...9")
        }
        let opaque = isOpaque(bitmap)
        let channels = opaque ? 3 : 4
        var writer = PNGChunkWriter()
        writer.append("IHDR", PNGChunkWriter.header(width: bitmap.width, height: bitmap.height, colorType: opaque ? 2 : 6))
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
                if let data = deflater.take(minimum: idatChunkSize) { writer.append(type: Array("IDAT".utf8), data[...]) }
            }
        }
        let rest = try deflater.finish()
        if !rest.isEmpty { writer.append(type: Array("IDAT".utf8), rest[...]) }
        writer.append("IEND")
        return writer.bytes
    }

    /// True when every pixel has alpha 255.
    static func isOpaque(_ b: Bitmap) -> Bool {
        b.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { return false }; i += 4 }
            return true
        }
    }

    /// Premultiplied BGRA -> straight RGB or RGBA for row `y`.
    static func unpremultiplyRow(_ px: UnsafeBufferPointer<UInt8>, y: Int, width: Int, channels: Int, into out: inout [UInt8]) {
        out.withUnsafeMutableBufferPointer { o in
            var s = y * width * 4, d = 0
            for _ in 0..<width {
                let a = Int(px[s + 3])
                if a == 255 {
                    o[d] = px[s + 2]; o[d + 1] = px[s + 1]; o[d + 2] = px[s]
                } else if a == 0 {
                    o[d] = 0; o[d + 1] = 0; o[d + 2] = 0
                } else {
                    // Round to nearest, clamped: premultiplied values can exceed alpha after blending.
                    o[d] = UInt8(min(255, (Int(px[s + 2]) * 255 + a / 2) / a))
                    o[d + 1] = UInt8(min(255, (Int(px[s + 1]) * 255 + a / 2) / a))
                    o[d + 2] = UInt8(min(255, (Int(px[s]) * 255 + a / 2) / a))
                }
                if channels == 4 { o[d + 3] = UInt8(a) }
                s += 4; d += channels
            }
        }
    }
}

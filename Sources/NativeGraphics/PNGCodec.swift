import Primitives

/// PNG encoding (zlib; no time or text chunks: same input, same bytes). Decoding is in PNGDecode.swift.
public enum PNGCodec {
    /// Encodes a bitmap as an 8-bit PNG (RGB when fully opaque, else RGBA), zlib level `compressionLevel`.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        throw NativeError.png("not implemented yet") // TODO(raster helper)
    }
}

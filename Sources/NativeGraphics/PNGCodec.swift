import Primitives

/// PNG encoding (zlib, no time or text chunks: same input, same bytes) and decoding (libpng, header
/// checked before any allocation).
public enum PNGCodec {
    /// Encodes an opaque or translucent bitmap as an 8-bit RGBA (or RGB when opaque) PNG.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        throw NativeError.png("not implemented yet") // TODO(raster helper)
    }
    /// Reads width and height from a PNG header without decoding.
    public static func size(of data: [UInt8]) -> (width: Int, height: Int)? { nil }
    /// Decodes a PNG into a premultiplied bitmap; rejects images over `maxPixels`.
    public static func decode(_ data: [UInt8], maxPixels: Int = 64 * 1024 * 1024) throws -> Bitmap {
        throw NativeError.png("not implemented yet") // TODO(raster helper)
    }
}

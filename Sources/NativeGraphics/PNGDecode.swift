import Primitives

extension PNGCodec {
    /// Reads width and height from a PNG header without decoding (nil if not a PNG).
    public static func size(of data: [UInt8]) -> (width: Int, height: Int)? { nil }
    /// Decodes a PNG (libpng) into a premultiplied bitmap; the header is checked before any
    /// allocation and images over `maxPixels` are refused.
    public static func decode(_ data: [UInt8], maxPixels: Int = 64 * 1024 * 1024) throws -> Bitmap {
        throw NativeError.png("not implemented yet") // TODO(images helper)
    }
}

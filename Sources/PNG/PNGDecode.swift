import CPNG
import Primitives

extension PNGCodec {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads width and height from a PNG header without decoding (nil if not a PNG).
    package static func size(of data: [UInt8]) -> (width: Int, height: Int)? {
        // Signature (8), IHDR length (4) = 13, "IHDR" (4), width (4, big-endian), height (4).
        guard data.count >= 24, Array(data[0..<8]) == signature,
            data[12] == 0x49, data[13] == 0x48, data[14] == 0x44, data[15] == 0x52
        else { return nil }
        func be32(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        let w = be32(16)
        let h = be32(20)
        guard w > 0, h > 0 else { return nil }
        return (w, h)
    }

    /// Largest side of a PNG `decode` accepts: the largest device side (`Device.maxPixelSide`), so
    /// every golden and asset a render can use fits, and nothing larger is ever allocated.
    package static let maxDecodedSide = 8192
    /// Most pixels of a PNG `decode` accepts: a device's most (`SessionLimits.maxPixels`, 8000 x 5000).
    package static let maxDecodedPixels = 40_000_000

    /// Whether a PNG of `width` x `height` may be decoded: within `maxDecodedSide` per side and
    /// `maxPixels` in all. Judged on the header, before anything is allocated.
    package static func fitsDecodeLimits(width: Int, height: Int, maxPixels: Int = maxDecodedPixels) -> Bool {
        width <= maxDecodedSide && height <= maxDecodedSide && width * height <= maxPixels
    }

    /// Decodes a PNG (libpng) into a premultiplied bitmap; the header is checked before any
    /// allocation and images over `maxDecodedSide` per side or `maxPixels` in all are refused
    /// (a 261 KB PNG can claim 8192 x 8192 and cost 1.3 GB to decode).
    ///
    /// Uses libpng's simplified `png_image` API: it catches libpng's longjmp-based errors inside C
    /// and reports them through `image.message`, so a corrupt or truncated file can never unwind
    /// through Swift frames. It also expands palette, grey, grey+alpha, 16-bit and tRNS to 8-bit
    /// straight RGBA, which is then premultiplied here.
    package static func decode(_ data: [UInt8], maxPixels: Int = maxDecodedPixels) throws -> Bitmap {
        guard let (w, h) = size(of: data) else {
            throw PNGError.png(
                data.count < 24 ? "not a PNG (only \(data.count) bytes)" : "not a PNG (bad signature or header)")
        }
        // Checked on our own parse of IHDR, before libpng allocates anything.
        guard fitsDecodeLimits(width: w, height: h, maxPixels: maxPixels) else {
            throw PNGError.png(
                "image of \(w)x\(h) pixels is too large (limit \(maxPixels) pixels, \(maxDecodedSide) per side)")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        try data.withUnsafeBufferPointer { src in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, src.baseAddress, src.count) != 0 else {
                let m = message(of: &image)
                png_image_free(&image)
                throw PNGError.png("cannot read header: \(m)")
            }
            guard Int(image.width) == w, Int(image.height) == h else {
                png_image_free(&image)
                throw PNGError.png("inconsistent header")
            }
            // PNG_FORMAT_RGBA is a compound macro Swift does not import: colour | alpha, R,G,B,A byte order.
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            // Untagged 16-bit files are sRGB (as browsers read them), not linear (libpng's default).
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            let ok = rgba.withUnsafeMutableBytes { dst in
                png_image_finish_read(&image, nil, dst.baseAddress, Int32(w * 4), nil)
            }
            guard ok != 0 else {
                let m = message(of: &image)
                png_image_free(&image)
                throw PNGError.png("corrupt or truncated data: \(m)")
            }
            png_image_free(&image)
        }
        return Bitmap(width: w, height: h, straightRGBA: rgba)
    }

    /// The NUL-terminated message libpng left in the image's fixed-size buffer.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let s = String(decoding: bytes, as: UTF8.self)
            return s.isEmpty ? "unknown libpng error" : s
        }
    }
}

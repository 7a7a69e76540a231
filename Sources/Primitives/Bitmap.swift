/// Pixels in memory: premultiplied BGRA in native byte order (the layout of Cairo's ARGB32 on
/// little-endian machines), rows of `width * 4` bytes. Produced by image decoding and canvases,
/// consumed by the rasterizer.
public struct Bitmap: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// Premultiplied B, G, R, A bytes, `width * height * 4` of them.
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "Bitmap size mismatch")
        self.width = width; self.height = height; self.pixels = pixels
    }
    /// A transparent bitmap.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }
    /// Index of the first pixel of premultiplied B, G, R, A bytes whose colour exceeds its alpha
    /// (so the bytes are not premultiplied), or nil.
    public static func firstUnpremultiplied(_ bgra: [UInt8]) -> Int? {
        bgra.withUnsafeBufferPointer { b in
            var i = 0
            while i + 3 < b.count {
                let a = b[i + 3]
                if b[i] > a || b[i + 1] > a || b[i + 2] > a { return i / 4 }
                i += 4
            }
            return nil
        }
    }
    /// Builds a bitmap from straight-alpha RGBA bytes.
    public init(width: Int, height: Int, straightRGBA rgba: [UInt8]) {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < width * height * 4 {
            let a = UInt16(rgba[i + 3])
            out[i] = UInt8((UInt16(rgba[i + 2]) * a + 127) / 255)
            out[i + 1] = UInt8((UInt16(rgba[i + 1]) * a + 127) / 255)
            out[i + 2] = UInt8((UInt16(rgba[i]) * a + 127) / 255)
            out[i + 3] = UInt8(a)
            i += 4
        }
        self.init(width: width, height: height, pixels: out)
    }
    /// The colour at (x, y), un-premultiplied (for tests and probes).
    public func color(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        let a = pixels[i + 3]
        if a == 0 { return .transparent }
        func un(_ v: UInt8) -> UInt8 { UInt8(min(255, (UInt16(v) * 255 + UInt16(a) / 2) / UInt16(a))) }
        return Color(r: un(pixels[i + 2]), g: un(pixels[i + 1]), b: un(pixels[i]), a: a)
    }
}

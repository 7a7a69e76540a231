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
        self.width = width
        self.height = height
        self.pixels = pixels
    }
    /// The pixels hashed as one block of bytes (an image's fingerprint is taken at every layout: one
    /// `Hasher.combine` per byte was most of a live tap's time in the app, for a 300 x 300 surface).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
    /// A transparent bitmap.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }
    /// Index of the first pixel of premultiplied B, G, R, A bytes whose colour exceeds its alpha
    /// (so the bytes are not premultiplied), or nil.
    package static func firstUnpremultiplied(_ bgra: [UInt8]) -> Int? {
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
    package init(width: Int, height: Int, straightRGBA rgba: [UInt8]) {
        let count = width * height * 4
        precondition(rgba.count >= count, "straightRGBA: \(rgba.count) bytes for \(width)x\(height)")
        // Raw pointers, and opaque pixels (nearly all of a screen) only swapped: a golden is 12 MB
        // and `render check` converts one per target.
        let out = [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
            rgba.withUnsafeBufferPointer { src in
                var i = 0
                while i < count {
                    let a = src[i + 3]
                    if a == 255 {
                        dst[i] = src[i + 2]
                        dst[i + 1] = src[i + 1]
                        dst[i + 2] = src[i]
                        dst[i + 3] = 255
                    } else {
                        let a16 = UInt16(a)
                        dst[i] = UInt8((UInt16(src[i + 2]) * a16 + 127) / 255)
                        dst[i + 1] = UInt8((UInt16(src[i + 1]) * a16 + 127) / 255)
                        dst[i + 2] = UInt8((UInt16(src[i]) * a16 + 127) / 255)
                        dst[i + 3] = a
                    }
                    i += 4
                }
            }
            initialized = count
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

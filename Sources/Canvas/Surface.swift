import CairoFonts
import Primitives
import SessionFormat

/// A canvas drawing surface: a logical size in dp and an actual ARGB32 buffer of dp x scale pixels.
public final class Surface {
    /// Logical size in dp.
    public let width: Double
    public let height: Double
    /// Pixels per dp.
    public let displayScale: Double
    let cairo: CairoSurface

    /// A transparent surface of `width` x `height` dp at `displayScale` pixels per dp.
    public init(width: Double, height: Double, displayScale: Double) throws {
        guard width.isFinite, height.isFinite, displayScale.isFinite, displayScale > 0 else {
            throw CanvasError("invalid surface size \(width)x\(height) at scale \(displayScale)")
        }
        let fw = (width * displayScale).rounded()
        let fh = (height * displayScale).rounded()
        guard fw <= 8192, fh <= 8192 else {
            throw CanvasError(
                "surface of \(width)x\(height) dp at scale \(displayScale) is too large (at most 8192 pixels per side)")
        }
        let pw = max(1, CheckedInt.int(fw))
        let ph = max(1, CheckedInt.int(fh))
        self.width = width
        self.height = height
        self.displayScale = displayScale
        cairo = try CairoSurface(width: pw, height: ph)
    }

    /// Width and height in pixels.
    public var actualWidth: Int { cairo.width }
    public var actualHeight: Int { cairo.height }

    /// The pixels (premultiplied BGRA).
    public func bitmap() -> Bitmap { cairo.bitmap() }

    /// The pixels as the canvas library's RGBA8 `PackedImageData` (straight R, G, B, A bytes, one level).
    public func createPackedImage() -> PackedImage {
        let bm = bitmap()
        var out = [UInt8](repeating: 0, count: bm.pixels.count)
        var i = 0
        while i < out.count {
            let a = Int(bm.pixels[i + 3])
            if a > 0 {
                func un(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                out[i] = un(bm.pixels[i + 2])
                out[i + 1] = un(bm.pixels[i + 1])
                out[i + 2] = un(bm.pixels[i])
                out[i + 3] = UInt8(a)
            }
            i += 4
        }
        return PackedImage(format: .RGBA8, width: bm.width, height: bm.height, levels: 1, data: out)
    }
}

/// An image a context can draw: pixels plus their density (pixels per dp).
public struct CanvasImage: Hashable, Sendable {
    public var bitmap: Bitmap
    public var density: Double
    public init(bitmap: Bitmap, density: Double = 1) {
        self.bitmap = bitmap
        self.density = density
    }
    /// Size in dp.
    public var width: Double { Double(bitmap.width) / density }
    public var height: Double { Double(bitmap.height) / density }
}

/// A canvas call that cannot be carried out (bad size, missing image, ...).
public struct CanvasError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ m: String) { message = m }
    public var description: String { message }
}

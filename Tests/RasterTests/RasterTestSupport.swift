import Foundation
import Painting
import Primitives
import TestSupport
import TextLayout

@testable import Raster

/// Shared helpers: a rasterizer over the repo's bundled fonts and pixel probes.
enum RasterTestSupport {
    static let fontsDirectory = Repository.fonts

    /// A rasterizer with `options` (default: every fast path on, as renders use).
    static func rasterizer(_ options: RasterOptions = RasterOptions()) throws -> Rasterizer {
        Rasterizer(fonts: try FontLibrary(fontsDirectory: fontsDirectory), options: options)
    }

    /// Options with only `body`'s changes.
    static func options(_ body: (inout RasterOptions) -> Void) -> RasterOptions {
        var o = RasterOptions()
        body(&o)
        return o
    }

    /// Renders `items` on a `w` x `h` dp list at `scale`.
    static func render(
        _ items: [DisplayItem], w: Double = 100, h: Double = 100, scale: Double = 1,
        images: ImageStore = ImageStore(), with r: Rasterizer? = nil
    ) throws -> Bitmap {
        let rast = try r ?? rasterizer()
        return try rast.render(
            DisplayList(size: Size(width: w, height: h), items: items), images: images, scale: scale,
            pixelWidth: Int((w * scale).rounded()), pixelHeight: Int((h * scale).rounded()))
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0) -> RoundedRect {
        RoundedRect(rect: Rect(x: x, y: y, width: w, height: h), radii: Corners(all: radius))
    }
}

extension Color {
    /// True when every channel is within `tolerance` of `o`.
    func near(_ o: Color, _ tolerance: Int = 2) -> Bool {
        abs(Int(r) - Int(o.r)) <= tolerance && abs(Int(g) - Int(o.g)) <= tolerance
            && abs(Int(b) - Int(o.b)) <= tolerance && abs(Int(a) - Int(o.a)) <= tolerance
    }
    /// Mean of r, g, b (a brightness probe).
    var level: Int { (Int(r) + Int(g) + Int(b)) / 3 }
}

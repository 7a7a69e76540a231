import Primitives
import Painting
import TextLayout
import NativeGraphics

/// Rasterizes a display list with Cairo into device pixels over opaque white.
public final class Rasterizer {
    public let fonts: FontLibrary
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders `list` at `scale` pixels per dp into a `pixelWidth` x `pixelHeight` bitmap.
    public func render(_ list: DisplayList, images: ImageStore, scale: Double, pixelWidth: Int, pixelHeight: Int) throws -> Bitmap {
        Bitmap(width: pixelWidth, height: pixelHeight) // TODO(raster helper)
    }
}

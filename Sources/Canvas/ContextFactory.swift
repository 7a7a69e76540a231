import ImageAssets
import Primitives
import TextLayout

/// The canvas library's `ContextFactory` over Cairo: makes contexts and surfaces at the display
/// scale and loads images from the assets folder.
public final class ContextFactory {
    /// Pixels per dp.
    public let displayScale: Double
    /// Where `loadImage` reads (nil: no images).
    package let assets: AssetLoader?
    /// Shapes canvas text with the bundled fonts (nil: text is measured as empty and not drawn).
    package let text: TextEngine?
    /// The render's image memory, from which each image loaded reserves its decoded pixels (nil: not counted).
    package var budget: RenderBudget?

    package convenience init(displayScale: Double, assets: AssetLoader? = nil, fonts: FontLibrary? = nil) {
        self.init(displayScale: displayScale, assets: assets, text: fonts.map { TextEngine(fonts: $0) })
    }
    /// A factory sharing an existing text engine (and its shaping cache).
    package init(displayScale: Double, assets: AssetLoader?, text: TextEngine?) {
        self.displayScale = displayScale
        self.assets = assets
        self.text = text
    }

    /// A factory for a user of the library: images from `assetsDirectory` (nil: no images), text with the
    /// bundled fonts (`fontsDirectory`, nil: found as `RenderOptions` finds them), `displayScale` pixels per dp.
    public convenience init(displayScale: Double, assetsDirectory: String?, fontsDirectory: String? = nil) throws {
        let fonts = try FontLibrary(fontsDirectory: fontsDirectory ?? BundledFonts.defaultDirectory() ?? "")
        self.init(
            displayScale: displayScale, assets: assetsDirectory.map { AssetLoader(assetsDirectory: $0) },
            fonts: fonts)
    }

    /// The display scale (`getDisplayScale()`).
    public func getDisplayScale() -> Double { displayScale }

    /// A context drawing into a new transparent surface of `width` x `height` dp.
    public func createContext(width: Double, height: Double) throws -> Context {
        Context(surface: try createSurface(width: width, height: height), factory: self)
    }

    /// A transparent surface of `width` x `height` dp (width x scale pixels).
    public func createSurface(width: Double, height: Double) throws -> Surface {
        try Surface(width: width, height: height, displayScale: displayScale)
    }

    /// An image from the assets folder (PNG), with its asset density.
    public func loadImage(_ filename: String) throws -> CanvasImage {
        guard let assets else { throw CanvasError("no assets folder to load '\(filename)' from") }
        let entry = try assets.load(filename, budget: budget)
        return CanvasImage(bitmap: entry.bitmap, density: entry.density)
    }

    /// An image from pixels (`createImage(data, w, h)`), one pixel per dp.
    public func createImage(_ bitmap: Bitmap) -> CanvasImage { CanvasImage(bitmap: bitmap, density: 1) }
}

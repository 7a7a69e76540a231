import Primitives
import SessionFormat
import TextLayout
import ImageAssets

/// Plays the canvas calls of a `setSurface` step on a `Context` from a Cairo-backed `ContextFactory`.
public struct CanvasPlayer {
    public let fonts: FontLibrary
    public let assets: AssetLoader
    public init(fonts: FontLibrary, assets: AssetLoader) { self.fonts = fonts; self.assets = assets }

    /// Paints `surface` at `scale` pixels per dp; problems (unknown call, bad argument) come back as messages.
    public func render(_ surface: SurfacePayload, scale: Double) -> (Bitmap, [String]) {
        let w = max(1, Int((surface.width * scale).rounded())), h = max(1, Int((surface.height * scale).rounded()))
        return (Bitmap(width: w, height: h), ["canvas not implemented yet"]) // TODO(canvas helper)
    }
}

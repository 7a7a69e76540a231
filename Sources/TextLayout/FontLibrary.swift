import Primitives
import Styles
import NativeGraphics

/// The bundled fonts (Fonts/) and the app's own, opened lazily through FreeType; never system fonts.
public final class FontLibrary: @unchecked Sendable {
    /// `fontsDirectory`: the bundled Fonts/ folder; `appFontsDirectory`: a session's own fonts, used first.
    public init(fontsDirectory: String, appFontsDirectory: String? = nil) throws {
        // TODO(text helper)
    }
    /// The face behind a FaceID (for drawing glyphs).
    public func face(_ id: FaceID) -> FontFace? { nil }
    /// Whether `family` names a bundled or app family (case-insensitive).
    public func hasFamily(_ family: String) -> Bool { false }
}

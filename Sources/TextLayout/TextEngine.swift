import Primitives
import Styles

/// Shapes and lays out paragraphs (HarfBuzz shaping, UAX #14 breaks, bidi, ellipsis, min-scale).
/// Caches shaped text, so a screen of many labels stays fast.
public final class TextEngine: @unchecked Sendable {
    public let fonts: FontLibrary
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Lays out `text` in `style` within `maxWidth` dp (nil = unbounded) and `maxHeight` dp (nil = unbounded).
    public func layout(_ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double? = nil) -> ParagraphLayout {
        .empty // TODO(text helper)
    }

    /// Height of one line in `style` (dp): the line height, or the font's hhea metrics.
    public func lineHeight(_ style: ParagraphStyle) -> Double { style.lineHeight ?? style.size * 1.17 }
}

import Primitives
import Styles

/// A font request: family name plus weight and style. Resolved to a bundled face by `FontLibrary`.
package struct FontSpec: Hashable, Sendable {
    package var family: String
    package var weight: Int
    package var style: FontStyle
    package init(family: String, weight: Int = 400, style: FontStyle = .normal) {
        self.family = family
        self.weight = weight
        self.style = style
    }
}

/// How a paragraph is set: the parts of a `ResolvedStyle` that text layout needs.
package struct ParagraphStyle: Hashable, Sendable {
    package var font: FontSpec
    /// Font size in dp.
    package var size: Double
    package var color: Color
    /// nil: left, or right when the paragraph's first strong character is right-to-left.
    package var align: TextAlign?
    package var noWrap: Bool
    package var ellipsis: Bool
    package var maxLines: Int?
    /// Line height in dp; nil = the font's own (hhea ascender - descender + lineGap).
    package var lineHeight: Double?
    /// Shrink-to-fit factor (0...1), nil = off.
    package var minScale: Double?
    package init(
        font: FontSpec, size: Double, color: Color = .black, align: TextAlign? = nil, noWrap: Bool = false,
        ellipsis: Bool = false, maxLines: Int? = nil, lineHeight: Double? = nil, minScale: Double? = nil
    ) {
        self.font = font
        self.size = size
        self.color = color
        self.align = align
        self.noWrap = noWrap
        self.ellipsis = ellipsis
        self.maxLines = maxLines
        self.lineHeight = lineHeight
        self.minScale = minScale
    }
    /// The paragraph style of a resolved element style.
    package init(_ s: ResolvedStyle) {
        self.init(
            font: FontSpec(family: s.fontFamily, weight: s.fontWeight, style: s.fontStyle), size: s.fontSize,
            color: s.color, align: s.textAlign, noWrap: s.noWrap, ellipsis: s.ellipsis, maxLines: s.maxLines,
            lineHeight: s.lineHeight, minScale: s.minScale)
    }
}

/// A piece of text with its own look (for links, markdown headings): overrides of the paragraph style.
package struct TextSpan: Hashable, Sendable {
    package var text: String
    package var color: Color?
    package var underline: Bool
    package var weight: Int?
    /// Added to the paragraph's font size (markdown headings: +4).
    package var sizeDelta: Double
    package init(
        _ text: String, color: Color? = nil, underline: Bool = false, weight: Int? = nil, sizeDelta: Double = 0
    ) {
        self.text = text
        self.color = color
        self.underline = underline
        self.weight = weight
        self.sizeDelta = sizeDelta
    }
}

/// Text made of spans. A plain string is one span.
package struct AttributedText: Hashable, Sendable {
    package var spans: [TextSpan]
    package init(_ spans: [TextSpan]) { self.spans = spans }
    package init(_ plain: String) { self.spans = [TextSpan(plain)] }
    package var string: String { spans.map(\.text).joined() }

    /// Feeds only the spans' texts to `hasher`: for cache keys that hash a text with its style
    /// and widths, where the full synthesized hash (every span's colour, weight and size delta,
    /// the paragraph style's family name and colour ...) cost more than the lookup. Keys equal by
    /// `==` still hash equally; texts that differ only in their looks merely share a bucket.
    package func hashSpanTexts(into hasher: inout Hasher) {
        hasher.combine(spans.count)
        for span in spans { hasher.combine(span.text) }
    }
}

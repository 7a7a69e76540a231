import Primitives
import Styles

/// A font request: family name plus weight and style. Resolved to a bundled face by `FontLibrary`.
public struct FontSpec: Hashable, Sendable {
    public var family: String
    public var weight: Int
    public var style: FontStyle
    public init(family: String, weight: Int = 400, style: FontStyle = .normal) {
        self.family = family; self.weight = weight; self.style = style
    }
}

/// How a paragraph is set: the parts of a `ResolvedStyle` that text layout needs.
public struct ParagraphStyle: Hashable, Sendable {
    public var font: FontSpec
    /// Font size in dp.
    public var size: Double
    public var color: Color
    /// nil: left, or right when the paragraph's first strong character is right-to-left.
    public var align: TextAlign?
    public var noWrap: Bool
    public var ellipsis: Bool
    public var maxLines: Int?
    /// Line height in dp; nil = the font's own (hhea ascender - descender + lineGap).
    public var lineHeight: Double?
    /// Shrink-to-fit factor (0...1), nil = off.
    public var minScale: Double?
    public init(font: FontSpec, size: Double, color: Color = .black, align: TextAlign? = nil, noWrap: Bool = false,
                ellipsis: Bool = false, maxLines: Int? = nil, lineHeight: Double? = nil, minScale: Double? = nil) {
        self.font = font; self.size = size; self.color = color; self.align = align; self.noWrap = noWrap
        self.ellipsis = ellipsis; self.maxLines = maxLines; self.lineHeight = lineHeight; self.minScale = minScale
    }
    /// The paragraph style of a resolved element style.
    public init(_ s: ResolvedStyle) {
        self.init(font: FontSpec(family: s.fontFamily, weight: s.fontWeight, style: s.fontStyle), size: s.fontSize,
                  color: s.color, align: s.textAlign, noWrap: s.noWrap, ellipsis: s.ellipsis, maxLines: s.maxLines,
                  lineHeight: s.lineHeight, minScale: s.minScale)
    }
}

/// A piece of text with its own look (for links, markdown headings): overrides of the paragraph style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var color: Color?
    public var underline: Bool
    public var weight: Int?
    /// Added to the paragraph's font size (markdown headings: +4).
    public var sizeDelta: Double
    public init(_ text: String, color: Color? = nil, underline: Bool = false, weight: Int? = nil, sizeDelta: Double = 0) {
        self.text = text; self.color = color; self.underline = underline; self.weight = weight; self.sizeDelta = sizeDelta
    }
}

/// Text made of spans. A plain string is one span.
public struct AttributedText: Hashable, Sendable {
    public var spans: [TextSpan]
    public init(_ spans: [TextSpan]) { self.spans = spans }
    public init(_ plain: String) { self.spans = [TextSpan(plain)] }
    public var string: String { spans.map(\.text).joined() }
}

/// Identifies one loaded font face inside a `FontLibrary` (for the rasterizer to draw glyphs).
public struct FaceID: Hashable, Sendable, Comparable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: FaceID, b: FaceID) -> Bool { a.index < b.index }
}

/// One positioned glyph; x, y in dp relative to the paragraph's top-left, y on the baseline.
public struct PositionedGlyph: Hashable, Sendable {
    public var id: UInt32
    public var x: Double
    public var y: Double
    public init(id: UInt32, x: Double, y: Double) { self.id = id; self.x = x; self.y = y }
}

/// Glyphs of one face, size and colour, ready to draw.
public struct GlyphRun: Hashable, Sendable {
    public var face: FaceID
    /// Font size in dp.
    public var size: Double
    public var color: Color
    public var glyphs: [PositionedGlyph]
    /// Underline box (dp, paragraph coordinates), if any.
    public var underlineBox: Rect?
    /// Whether the face is a colour bitmap face (emoji).
    public var isColor: Bool
    public init(face: FaceID, size: Double, color: Color, glyphs: [PositionedGlyph], underlineBox: Rect? = nil, isColor: Bool = false) {
        self.face = face; self.size = size; self.color = color; self.glyphs = glyphs; self.underlineBox = underlineBox; self.isColor = isColor
    }
}

/// One laid-out line.
public struct LineLayout: Hashable, Sendable {
    /// The line's box in paragraph coordinates (dp): top, height (line height), x and width of its ink advance.
    public var rect: Rect
    /// Baseline y in paragraph coordinates.
    public var baseline: Double
    /// The characters of this line (for dumps and tests), after ellipsis.
    public var text: String
    public var runs: [GlyphRun]
    public init(rect: Rect, baseline: Double, text: String, runs: [GlyphRun]) {
        self.rect = rect; self.baseline = baseline; self.text = text; self.runs = runs
    }
}

/// A laid-out paragraph: its size (as wide as its longest line, as tall as its lines) and lines.
public struct ParagraphLayout: Hashable, Sendable {
    public var size: Size
    public var lines: [LineLayout]
    /// True when text was cut (ellipsis or clip by max-lines / height).
    public var truncated: Bool
    /// The min-scale factor applied (1 = none).
    public var scale: Double
    public init(size: Size, lines: [LineLayout], truncated: Bool = false, scale: Double = 1) {
        self.size = size; self.lines = lines; self.truncated = truncated; self.scale = scale
    }
    public static let empty = ParagraphLayout(size: .zero, lines: [])
}

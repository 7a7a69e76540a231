/// Laid-out text as values: glyph runs positioned in paragraph coordinates. Text layout makes
/// them, layout places them and painting and rasterizing read them; they live here, below all
/// three, so that painting sees laid-out text without depending on the text engine.

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
    public init(id: UInt32, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
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
    public init(
        face: FaceID, size: Double, color: Color, glyphs: [PositionedGlyph], underlineBox: Rect? = nil,
        isColor: Bool = false
    ) {
        self.face = face
        self.size = size
        self.color = color
        self.glyphs = glyphs
        self.underlineBox = underlineBox
        self.isColor = isColor
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
        self.rect = rect
        self.baseline = baseline
        self.text = text
        self.runs = runs
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
        self.size = size
        self.lines = lines
        self.truncated = truncated
        self.scale = scale
    }
    public static let empty = ParagraphLayout(size: .zero, lines: [])
}

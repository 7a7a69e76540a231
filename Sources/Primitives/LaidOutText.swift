/// Laid-out text as values: glyph runs positioned in paragraph coordinates. Text layout makes
/// them, layout places them and painting and rasterizing read them; they live here, below all
/// three, so that painting sees laid-out text without depending on the text engine.

/// Identifies one loaded font face inside a `FontLibrary` (for the rasterizer to draw glyphs).
package struct FaceID: Hashable, Sendable, Comparable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: FaceID, b: FaceID) -> Bool { a.index < b.index }
}

/// One positioned glyph; x, y in dp relative to the paragraph's top-left, y on the baseline.
package struct PositionedGlyph: Hashable, Sendable {
    package var id: UInt32
    package var x: Double
    package var y: Double
    package init(id: UInt32, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// Glyphs of one face, size and colour, ready to draw.
package struct GlyphRun: Hashable, Sendable {
    package var face: FaceID
    /// Font size in dp.
    package var size: Double
    package var color: Color
    package var glyphs: [PositionedGlyph]
    /// Underline box (dp, paragraph coordinates), if any.
    package var underlineBox: Rect?
    /// Whether the face is a colour bitmap face (emoji).
    package var isColor: Bool
    package init(
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
package struct LineLayout: Hashable, Sendable {
    /// The line's box in paragraph coordinates (dp): top, height (line height), x and width of its ink advance.
    package var rect: Rect
    /// Baseline y in paragraph coordinates.
    package var baseline: Double
    /// The characters of this line (for dumps and tests), after ellipsis.
    package var text: String
    package var runs: [GlyphRun]
    package init(rect: Rect, baseline: Double, text: String, runs: [GlyphRun]) {
        self.rect = rect
        self.baseline = baseline
        self.text = text
        self.runs = runs
    }
}

/// A laid-out paragraph: its size (as wide as its longest line, as tall as its lines) and lines.
package struct ParagraphLayout: Hashable, Sendable {
    package var size: Size
    package var lines: [LineLayout]
    /// True when text was cut (ellipsis or clip by max-lines / height).
    package var truncated: Bool
    /// The min-scale factor applied (1 = none).
    package var scale: Double
    package init(size: Size, lines: [LineLayout], truncated: Bool = false, scale: Double = 1) {
        self.size = size
        self.lines = lines
        self.truncated = truncated
        self.scale = scale
    }
    package static let empty = ParagraphLayout(size: .zero, lines: [])
}

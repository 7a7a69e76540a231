import Layout
import Primitives
import Styles

/// Per-field views of the layout's records, keyed by element id, so that assertions read as the
/// facts they check (`r.frames[3] == Rect(...)`, `r.textOrigins[4] == Point(...)`).
extension LayoutResult {
    var frames: [Int: Rect] { elements.mapValues(\.frame) }
    var styles: [Int: ResolvedStyle] { elements.mapValues(\.style) }
    var paragraphs: [Int: ParagraphLayout] { elements.compactMapValues(\.paragraph) }
    var textOrigins: [Int: Point] { elements.compactMapValues(\.textOrigin) }
    /// Only elements with further texts (an empty list reads as none).
    var extraTexts: [Int: [PlacedText]] { elements.compactMapValues { $0.extraTexts.isEmpty ? nil : $0.extraTexts } }
    var iconFrames: [Int: Rect] { elements.compactMapValues(\.iconFrame) }
    var rows: [Int: [Rect]] { elements.compactMapValues(\.rows) }
    var depths: [Int: Int] { elements.compactMapValues(\.depth) }
    var scrollContent: [Int: Size] { elements.compactMapValues(\.scrollContent) }
    var scrollOffsets: [Int: Double] { elements.compactMapValues(\.scrollOffset) }
}

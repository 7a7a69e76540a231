import Primitives
import Styles
import WidgetTree

/// The tables a layout pass fills, keyed by element id: the `LayoutRecorder` fills them through its
/// API while the algorithms run, `LayoutPass.finish` writes the screen frames, origins and paint
/// order, and `RecordAssembly` turns them into one `LaidOutElement` per element at the end. The
/// relative boxes the algorithms record stay in the recorder.
struct LayoutTables {
    /// The border box of every laid-out (visible, on-screen-tree) element, scroll offsets applied.
    var frames: [Int: Rect] = [:]
    /// Resolved style of every laid-out element, for its current state.
    var styles: [Int: ResolvedStyle] = [:]
    /// Paragraphs of text-bearing elements (labels, buttons, fields, bar titles ...), positioned
    /// relative to `textOrigins[id]` (screen coordinates of the paragraph's top-left).
    var paragraphs: [Int: ParagraphLayout] = [:]
    var textOrigins: [Int: Point] = [:]
    /// Content size of each scroll layout (dp) and its clamped offset.
    var scrollContent: [Int: Size] = [:]
    var scrollOffsets: [Int: Double] = [:]
    /// The content area of the active view (between the bars, below the status bar).
    var contentArea: Rect = .zero
    var bars: [Int] = []
    var overlays: [Int] = []
    /// Toasts on screen, laid out, placed and coloured, with their current opacity.
    var toasts: [LaidOutToast] = []
    var browser: LaidOutBrowser?
    var paintOrder: [Int] = []
    /// Further texts of an element besides its primary paragraph (screen coordinates).
    var extraTexts: [Int: [PlacedText]] = [:]
    /// Where an element's icon goes (screen coordinates).
    var iconFrames: [Int: Rect] = [:]
    /// Rows of an element (sheet rows, dialog header, radio rows, segment cells, bar option icons).
    var rows: [Int: [Rect]] = [:]
    /// Depth of each painted element below its paint root (application, view, bar or overlay).
    var depths: [Int: Int] = [:]
    var work = WorkCounts()
}

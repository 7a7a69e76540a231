import Primitives
import Styles
import TextLayout
import WidgetTree

/// Where everything goes, in dp, in screen coordinates (origin at the screen's top-left).
public struct LayoutResult: Sendable {
    /// The border box of every laid-out (visible, on-screen-tree) element, scroll offsets applied.
    public var frames: [Int: Rect] = [:]
    /// Resolved style of every laid-out element, for its current state (painting reuses it).
    public var styles: [Int: ResolvedStyle] = [:]
    /// Paragraphs of text-bearing elements (labels, buttons, fields, bar titles ...), positioned
    /// relative to `textOrigins[id]` (screen coordinates of the paragraph's top-left).
    public var paragraphs: [Int: ParagraphLayout] = [:]
    public var textOrigins: [Int: Point] = [:]
    /// Content size of each scroll layout (dp) and its clamped offset.
    public var scrollContent: [Int: Size] = [:]
    public var scrollOffsets: [Int: Double] = [:]
    /// The content area of the active view (between the bars, below the status bar).
    public var contentArea: Rect = .zero
    /// Bars on screen (action bar, navigation bar, search bar) with their frames, in paint order.
    public var bars: [Int] = []
    /// Overlays on screen (open drawer, dialogs, action sheets) in paint order.
    public var overlays: [Int] = []
    /// Toasts on screen with the frame of their label and their current opacity.
    public var toasts: [(toast: Toast, frame: Rect, paragraph: ParagraphLayout, opacity: Double)] = []
    /// Elements in paint order (parents before children), for the active view's subtree.
    public var paintOrder: [Int] = []
    public init() {}
}

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
    /// Top-left of each toast's paragraph (screen coordinates), parallel to `toasts`.
    public var toastTextOrigins: [Point] = []
    /// Elements in paint order, parents before children, hidden ones skipped: the application, the
    /// active view's subtree, then each bar and each overlay with its subtree.
    public var paintOrder: [Int] = []

    /// Further texts of an element besides its primary paragraph (screen coordinates): an action
    /// bar's subtitle and Save button, a dialog's title, an action sheet's title, options and Cancel,
    /// a text field's error line.
    public var extraTexts: [Int: [PlacedText]] = [:]
    /// Where an element's icon goes (screen coordinates): button and bar-item icons, the action
    /// bar's left button, a switch's track, a checkbox's box, a picker's arrow, page-control dots' row.
    public var iconFrames: [Int: Rect] = [:]
    /// Rows of an action sheet (title row if any, one per option, Cancel) or the header of a
    /// dialog, or an action bar's ADD_OPTION icon boxes (option order), in screen coordinates.
    public var rows: [Int: [Rect]] = [:]
    /// Depth of each painted element below its paint root (application, view, bar or overlay).
    public var depths: [Int: Int] = [:]
    /// Work the pass did (kinds in `LayoutWork`): counts for complexity tests, not output.
    public var work = WorkCounts()
    public init() {}
}

/// A paragraph placed on screen with the role it plays for its element.
public struct PlacedText: Hashable, Sendable {
    /// What the text is: "subtitle", "save", "title", "option", "cancel", "error" ...
    public var role: String
    public var paragraph: ParagraphLayout
    /// Top-left of the paragraph (screen coordinates once the layout is done).
    public var origin: Point
    public init(role: String, paragraph: ParagraphLayout, origin: Point) {
        self.role = role; self.paragraph = paragraph; self.origin = origin
    }
}

import Primitives

/// What layout hands painting: one record per laid-out element and the screen's parts, in dp,
/// screen coordinates (origin at the screen's top-left). Painting reads only this.
package struct LayoutResult: Sendable {
    /// Every laid-out (on-screen-tree) element by id, hidden ones that keep their space included.
    package var elements: [Int: LaidOutElement] = [:]
    /// The content area of the active view (between the bars, below the status bar).
    package var contentArea: Rect = .zero
    /// Bars on screen (action bar, navigation bar, search bar), in paint order.
    package var bars: [Int] = []
    /// Overlays on screen (open drawer, dialogs, action sheets) in paint order.
    package var overlays: [Int] = []
    /// Toasts alive now, in paint order.
    package var toasts: [LaidOutToast] = []
    /// The in-app browser page over the screen (LAUNCH_BROWSER), when one is open.
    package var browser: LaidOutBrowser? = nil
    /// Elements in paint order, parents before children, hidden ones skipped: the application, the
    /// active view's subtree, then each bar and each overlay with its subtree.
    package var paintOrder: [Int] = []
    /// What the screen shows besides elements.
    package var screen = ScreenParts()
    /// Work the pass did (kinds in `LayoutWork`): counts for complexity tests, not output.
    package var work = WorkCounts()
    package init() {}

    package subscript(id: Int) -> LaidOutElement? {
        get { elements[id] }
        set { elements[id] = newValue }
    }
}

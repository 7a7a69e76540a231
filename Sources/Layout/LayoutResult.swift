import Primitives

/// What layout hands painting: one record per laid-out element and the screen's parts, in dp,
/// screen coordinates (origin at the screen's top-left). Painting reads only this.
public struct LayoutResult: Sendable {
    /// Every laid-out (on-screen-tree) element by id, hidden ones that keep their space included.
    public var elements: [Int: LaidOutElement] = [:]
    /// The content area of the active view (between the bars, below the status bar).
    public var contentArea: Rect = .zero
    /// Bars on screen (action bar, navigation bar, search bar), in paint order.
    public var bars: [Int] = []
    /// Overlays on screen (open drawer, dialogs, action sheets) in paint order.
    public var overlays: [Int] = []
    /// Toasts alive now, in paint order.
    public var toasts: [LaidOutToast] = []
    /// Elements in paint order, parents before children, hidden ones skipped: the application, the
    /// active view's subtree, then each bar and each overlay with its subtree.
    public var paintOrder: [Int] = []
    /// What the screen shows besides elements.
    public var screen = ScreenParts()
    /// Work the pass did (kinds in `LayoutWork`): counts for complexity tests, not output.
    public var work = WorkCounts()
    public init() {}

    public subscript(id: Int) -> LaidOutElement? {
        get { elements[id] }
        set { elements[id] = newValue }
    }
}

/// The screen's own parts: which elements are the application and the active view, the status
/// band's clock and glyphs, and the theme's screen-wide looks resolved.
public struct ScreenParts: Sendable {
    /// The application (the tree's root) and the view shown now.
    public var root: Int? = nil
    public var activeView: Int? = nil
    /// The session shows the device's launch screen (no view yet).
    public var showsLaunchScreen = false
    /// The status band's clock ("9:41" on iOS, "12:00" on Android) laid out in black, in the
    /// `ios` and `android` looks when the device has a status band; painting recolours it to
    /// stand out from the band.
    public var statusClock: ParagraphLayout? = nil
    /// Which status glyphs (clock, signal, battery) the band shows; nil = none (the `default` look).
    public var statusGlyphs: StatusGlyphs? = nil
    /// iOS's home indicator over the bottom safe area.
    public var showsHomeIndicator = false
    /// The colour over the screen under a dialog, drawer or action sheet (the theme's `scrim`).
    public var scrim: Color = .transparent
    public init() {}
}

/// The platform look of the status band's glyphs.
public enum StatusGlyphs: Hashable, Sendable {
    /// "9:41" centred in the left part, battery at the right edge.
    case ios
    /// "12:00" at the left, battery at the right edge.
    case android
}

import Primitives
import SessionFormat
import Styles

/// The whole widget tree at one moment: what a frame shows. A value type (captures are copies).
package struct WidgetTree: Hashable, Sendable {
    /// All live elements by id.
    package var elements: [Int: Element] = [:]
    /// The application element (CREATE_APPLICATION or the implicit root).
    package var rootId: Int? = nil
    /// The active FrameView.
    package var activeViewId: Int? = nil
    /// Overlay elements (dialogs, action sheets, navigation views) in creation order; each is drawn
    /// when visible (a NavigationView only while open).
    package var overlayIds: [Int] = []
    /// Toasts that are, or were, shown; painting shows those whose time has not run out.
    package var toasts: [Toast] = []
    /// In-app browser pages open over the app (LAUNCH_BROWSER, semantics.md item 42), the top one last.
    package var browsers: [BrowserPage] = []
    /// Virtual time in ms.
    package var time: Int = 0
    /// Whether the launch screen is showing (time 0, before any view exists).
    package var showsLaunchScreen: Bool = false
    /// Work the replay did on this tree (kinds in `ReplayWork`), for complexity tests; never
    /// compared or hashed. Read from `tally`, plain integers the replay adds to per step and per
    /// edit (a String-keyed count per step cost 0.2 M instructions a screen); any other kind
    /// set on it is kept as given.
    package var work: WorkCounts {
        get {
            var w = otherWork
            tally.add(to: &w)
            return w
        }
        set {
            tally = ReplayTally(newValue)
            otherWork = ReplayTally.others(of: newValue)
        }
    }
    /// The replay's own kinds of `work`, counted without hashing.
    @Uncompared var tally = ReplayTally()
    /// Kinds of `work` other than the replay's (only a caller's assignment puts any here).
    @Uncompared private var otherWork = WorkCounts()

    package init() {}

    package subscript(id: Int) -> Element? {
        get { elements[id] }
        set { elements[id] = newValue }
    }

    /// Children of `id` that are visible (SET_VISIBILITY 1), in order.
    package func visibleChildren(of id: Int) -> [Element] {
        (elements[id]?.children ?? []).compactMap { elements[$0] }.filter { $0.isVisible }
    }

    /// True if `ancestor` is `id` or one of its ancestors.
    package func isAncestor(_ ancestor: Int, of id: Int) -> Bool {
        var cur: Int? = id
        var guardCount = 0
        while let c = cur, guardCount < 100_000 {
            if c == ancestor { return true }
            cur = elements[c]?.parent
            guardCount += 1
        }
        return false
    }

    /// Toasts visible at the tree's time.
    package var liveToasts: [Toast] {
        // `time - start < duration` rather than `start + duration`: no overflow for any duration.
        toasts.filter { time >= $0.start && time - $0.start < $0.duration }
    }
}

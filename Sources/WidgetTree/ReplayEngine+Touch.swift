import Primitives
import SessionFormat

/// What the last input step did: whether it reached an element (semantics.md item 39), which one,
/// and if not, why (the diagnostic's text). `HeadlessBackend` records the resolved id and the
/// C API returns a not-delivered status from it.
public struct InputOutcome: Hashable, Sendable {
    public var delivered: Bool
    /// The element the step acted on (for a point: the element the touch reached, or the one
    /// that took it), nil when none.
    public var element: Int?
    /// Why it was not delivered (nil when it was).
    public var message: String?
    package init(delivered: Bool, element: Int?, message: String? = nil) {
        self.delivered = delivered
        self.element = element
        self.message = message
    }
}

/// The engine's touch state: the element held by a `press` (its `release` goes there) and the
/// outcome of the last input step.
struct TouchState {
    var pressed: Int?
    var last: InputOutcome?
    /// The action sheet row (index in its hit-map rows) the current input step landed on or named.
    var sheetRow: Int?
}

/// Which element an input step reaches (semantics.md items 39 and 43), decided here for every
/// input path: session steps, the Swift API and the C library (both `HeadlessBackend`), and the
/// headless platform's scripts (through the C library).
extension ReplayEngine {
    /// The outcome of the last input step (nil before any).
    package var lastInput: InputOutcome? { touch.last }

    /// Kinds that take a tap themselves; a touch on anything else goes to the nearest ancestor
    /// of these kinds (a label in an EventLayout: the layout), or stays where it landed.
    static let tapTakers: Set<WidgetKind> = [
        .button, .eventLayout, .switchControl, .checkbox, .textField, .textView, .searchBar, .picker,
        .navigationBarItem, .radioGroup, .segmentedControl, .slider, .actionSheet, .actionBar,
    ]
    static let scrollers: Set<WidgetKind> = [.scrollLayout, .listView, .gridView]

    /// The element an input step acts on, or nil (with a diagnostic) when it reaches none. Without a
    /// hit map source (a replay without layout) an id is taken as given.
    mutating func resolveInput(_ kind: InputKind, id: Int, address: InputAddress?) -> Int? {
        touch.sheetRow = nil
        guard let found = resolveElement(kind, id: id, address: address) else { return nil }
        if kind == .select, tree.elements[found]?.kind == .actionSheet {
            // Item 40: a sheet is answered by a tap on a row; it has no SELECTED state to set.
            return skip(
                """
                select on \(label(found)): an action sheet has no selected state; answer it with a tap on a row \
                (`row`, a target with the option's text, or a point); not delivered
                """)
        }
        return found
    }

    private mutating func resolveElement(_ kind: InputKind, id: Int, address: InputAddress?) -> Int? {
        let what = kind.rawValue
        guard let source = options.hitMaps else {
            guard address == nil || id != InputAddress.unresolvedId else {
                return skip(warnOnly: true, "\(what): a target or point needs layout, which this replay has none of")
            }
            guard requireElement(id, what) else { return skip(nil) }
            if !tree.isOnScreen(id) {
                // Still applied (no layout to tell what covers it), but a real user could not do this.
                warn(
                    "not-on-screen",
                    """
                    \(what) on \(label(id)): it is not on screen (hidden, detached, or in an inactive view or \
                    closed drawer)
                    """
                )
            }
            return deliver(id)
        }
        // A release goes to the element pressed, even if something covered it meanwhile.
        if kind == .release, let held = touch.pressed, tree.contains(held) {
            if case .point? = address, id == InputAddress.unresolvedId || id == held { return deliver(held) }
            if address == nil && id == held { return deliver(held) }
        }
        let map = source.map(for: tree)
        var named = id
        if let address {
            let found: Int?
            switch address {
            case .point(let x, let y): found = pointTarget(kind, x: x, y: y, map: map, recorded: id)
            case .target(let locator):
                switch sheetRow(matching: locator, map: map) {
                case .found(let sheet, let row):
                    touch.sheetRow = row
                    found = sheet
                case .failed(let why):
                    if id == InputAddress.unresolvedId { return skip("\(what): \(why); skipped") }
                    found = nil
                case .none:
                    switch LocatorResolver(tree: tree, map: map).resolve(locator) {
                    case .found(let f): found = f
                    case .failed(let why):
                        if id == InputAddress.unresolvedId { return skip("\(what): \(why); skipped") }
                        found = nil
                    }
                }
            }
            if id == InputAddress.unresolvedId {
                // A point already decided delivery (a scrim closes a drawer; nothing reached is skipped).
                guard let f = found else { return nil }
                if case .point = address { return deliver(f) }
                named = f
            } else if found != id {
                // A recorded step: the id is what happened; the target is the author's intent.
                let now = found.map { "now finds \(ReachText.label($0, tree))" } ?? "now finds nothing"
                warn("target-moved", "\(what): the step's target \(now); the recorded element \(id) is used")
            }
        }
        guard requireElement(named, what) else { return skip(nil) }
        let reach = map.reach(named)
        guard case .reachable = reach else {
            let why = ReachText.reason(reach, named, tree: tree, map: map)
            return skip("\(what) on \(label(named)): \(label(named)) \(why); not delivered")
        }
        return deliver(named)
    }

    /// The element a touch at a point acts on: for a scroll, the scroll container under it; else
    /// the element reached, or its nearest ancestor that takes taps (on an action sheet, the row
    /// under the point is noted). A touch on a drawer's scrim closes the drawer (ValueEvent 0,
    /// semantics.md item 39, and VisibilityEvent false, item 35), one on an action sheet's dimming
    /// layer cancels the sheet (item 40), and neither acts on anything else.
    mutating func pointTarget(_ kind: InputKind, x: Double, y: Double, map: HitMap, recorded: Int) -> Int? {
        let at = "\(kind.rawValue) at \(fmt(x)),\(fmt(y))"
        let replaying = recorded != InputAddress.unresolvedId
        switch map.touch(at: Point(x: x, y: y)) {
        case .element(let hit):
            if kind == .scroll {
                var cur: Int? = hit
                while let c = cur, let e = map.entry(c) {
                    if Self.scrollers.contains(e.kind) { return c }
                    cur = e.parent
                }
                if !replaying { _ = skip("\(at): \(label(hit)) is in no scroll container; skipped") }
                return nil
            }
            var cur: Int? = hit
            while let c = cur, let e = map.entry(c) {
                if Self.tapTakers.contains(e.kind) {
                    if e.kind == .actionSheet { touch.sheetRow = map.row(of: c, at: Point(x: x, y: y)) }
                    return c
                }
                cur = e.parent
            }
            return hit
        case .blocked(let by) where map.entry(by)?.kind == .actionSheet:
            // iOS calls the Cancel action for a touch outside the sheet (`ViewController.mm
            // createActionSheetWithId`); Android's PopupMenu is dismissed, and `FWActionSheet.java`'s
            // OnDismissListener sends 0. Either way the touch reaches nothing underneath.
            guard !replaying else { return nil }
            if kind == .tap || kind == .release { answerSheet(by, value: 0) }
            touch.last = InputOutcome(delivered: true, element: nil)
            return nil
        case .blocked(let by):
            if !replaying { _ = skip("\(at): outside \(label(by))'s panel, which takes the touch; nothing reached") }
            return nil
        case .scrim(let drawer):
            guard !replaying else { return nil }
            if kind == .tap || kind == .release {
                // As Android's drawer does (FWDrawerLayout.onDrawerClosed: ValueEvent 0), then the
                // VisibilityEvent of every drawer close (item 35, as SET_VISIBILITY 0 sends it).
                tree.elements[drawer]!.isVisible = false
                emit("ValueEvent", to: drawer, [("value", .int(0))])
                emit("VisibilityEvent", to: drawer, [("visible", .bool(false))])
            }
            // Recorded without an id: a replay finds the scrim again at the point.
            touch.last = InputOutcome(delivered: true, element: nil)
            return nil
        case .nothing:
            if !replaying { _ = skip(warnOnly: true, "\(at): nothing there takes a touch; skipped") }
            return nil
        case .browser(let close):
            // Item 42: the browser over the screen takes the touch; its close control closes it.
            if close {
                if kind == .tap || kind == .release { closeBrowser() }
                touch.last = InputOutcome(delivered: true, element: nil)
            } else if !replaying {
                _ = skip(warnOnly: true, "\(at): on the in-app browser's page (web content is not rendered); skipped")
            }
            return nil
        }
    }

    private mutating func deliver(_ id: Int) -> Int {
        touch.last = InputOutcome(delivered: true, element: id)
        return id
    }

    /// Not delivered: an error (so `--strict` fails) unless `warnOnly`; nil message: the
    /// diagnostic was given already.
    private mutating func skip(warnOnly: Bool = false, _ message: String?) -> Int? {
        if let message {
            if warnOnly { warn("not-delivered", message) } else { fail("not-delivered", message) }
        }
        touch.last = InputOutcome(delivered: false, element: nil, message: message ?? diagnostics.last?.message)
        return nil
    }

    /// Keeps track of the element a press holds (its release goes there).
    mutating func notePress(_ kind: InputKind, _ id: Int) {
        switch kind {
        case .press: touch.pressed = id
        case .release, .tap: touch.pressed = nil
        default: break
        }
    }
}

import Primitives
import SessionFormat
import Styles

/// An event the backend sends to the app (framework-protocol.md section 4), with virtual time.
public struct AppEvent: Hashable, Sendable {
    /// Virtual time in ms.
    public var time: Int
    /// "ValueEvent", "TimerEvent", "ImageRequestEvent", "ScrollChangedEvent", "VisibilityEvent",
    /// "CommandEvent", "SysInfoEvent", "SysEvent".
    public var type: String
    /// Target element id.
    public var internalId: Int
    /// Further fields in camelCase (`timerId`, `value`, `text`, `imageUrl`, `requestedWidth`, ...), in order.
    public var fields: [(String, EventValue)]
    public init(time: Int, type: String, internalId: Int, fields: [(String, EventValue)] = []) {
        self.time = time
        self.type = type
        self.internalId = internalId
        self.fields = fields
    }
    /// Events are equal when time, type, element and every field (in order) are.
    public static func == (a: AppEvent, b: AppEvent) -> Bool {
        a.time == b.time && a.type == b.type && a.internalId == b.internalId
            && a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }
    public func hash(into h: inout Hasher) {
        h.combine(time)
        h.combine(type)
        h.combine(internalId)
    }

    /// The field an `ImageRequestEvent` names its pixel format in (`"format": "RGB555"`).
    package static let formatField = "format"

    /// The pixel format an `ImageRequestEvent` asks for (semantics.md 7 item 38): `rawValue` is the
    /// framework's `InternalFormat` ordinal (RGB565 3, RGB555 15), `name` its name; nil for events
    /// that name none.
    public var imageFormat: PixelFormat? {
        guard case .string(let name)? = field(Self.formatField) else { return nil }
        return PixelFormat(name: name)
    }

    /// The value of a field by name (nil when the event has no such field).
    public func field(_ name: String) -> EventValue? { fields.first { $0.0 == name }?.1 }
}

/// A field value of an event.
public enum EventValue: Hashable, Sendable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
}

/// A frame the replay captured: a named snapshot, a tick's frame, or the final state.
package struct Capture: Sendable {
    package enum Kind: Hashable, Sendable { case snapshot, tick, final, launch }
    package var kind: Kind
    /// Snapshot name (nil for ticks and the final frame).
    package var name: String?
    /// Virtual time (ms).
    package var time: Int
    /// Index of the step that produced it.
    package var step: Int
    package var tree: WidgetTree
    package init(kind: Kind, name: String?, time: Int, step: Int, tree: WidgetTree) {
        self.kind = kind
        self.name = name
        self.time = time
        self.step = step
        self.tree = tree
    }
}

/// What replaying a session gives: captures in order (ticks, snapshots; the last is the final frame),
/// the events in order, and diagnostics.
package struct ReplayResult: Sendable {
    package var captures: [Capture]
    package var events: [AppEvent]
    package var diagnostics: [Diagnostic]
    /// The final state (after the last step).
    package var final: WidgetTree
    /// Commands that were accepted but draw nothing (preferences, purchases, LAUNCH_BROWSER,
    /// SHARE_LINK, notifications, FLUSH_VIEW, QUIT_APP, ...), in order.
    package var recorded: [RecordedCommand]
    /// The tree at each `scroll` step (`event` indexes `events`), to complete ScrollChangedEvents after layout.
    package var scrollStates: [ScrollState] = []
    package init(
        captures: [Capture], events: [AppEvent], diagnostics: [Diagnostic], final: WidgetTree,
        recorded: [RecordedCommand] = []
    ) {
        self.captures = captures
        self.events = events
        self.diagnostics = diagnostics
        self.final = final
        self.recorded = recorded
    }
}

/// A command the replay accepted without a visible effect: what a real backend would have done
/// (opened a browser, stored a preference, ...), kept so a caller can list it.
package struct RecordedCommand: Hashable, Sendable {
    /// Virtual time (ms) and top-level step index.
    package var time: Int
    package var step: Int
    package var command: Command
    package init(time: Int, step: Int, command: Command) {
        self.time = time
        self.step = step
        self.command = command
    }
}

/// Options of a replay.
package struct ReplayOptions: Sendable {
    /// Value of a click's ValueEvent (theme: 1 default/iOS, 0 Android).
    package var clickValue: Int = 1
    /// A short toast's length (ms, the theme's `toast.defaultDuration`): see `PlatformProfile.toastDuration`.
    package var toastDuration: Int = 2000
    /// Record a capture for every tick (for --frames / --apng); snapshots and the final frame always.
    package var captureTicks: Bool = false
    /// With `captureTicks`: also capture display-link frames at this rate inside each tick (`--fps`),
    /// at the times `k * 1000 / fps` ms (rounded) strictly between the tick's start and end.
    /// nil or 0: one frame per tick.
    package var fps: Int? = nil
    /// The backend whose behaviour the replay follows (style parsing, widgets it does not have,
    /// commands it ignores, timers, bars at view switches, directions): `--theme ios|android`
    /// pass the theme's `profile`; `.neutral` is the preview's documented rules.
    package var platform: PlatformProfile = .neutral
    /// Whether a `font-family` names a font the renderer has (its bundled and app fonts); nil = not
    /// checked. An unknown family gets a `font-family` warning and the theme's default (semantics
    /// section 2).
    package var fontFamilyKnown: (@Sendable (String) -> Bool)? = nil
    /// Lays out the tree at an input step to find where touches land (semantics.md item 39); nil
    /// (no layout at hand): ids are taken as given and targets and points are skipped.
    package var hitMaps: HitMapSource? = nil
    /// Most events held undrained (`defaultMaxHeldEvents`); past it, events are dropped and counted
    /// (`too-many-events`). A long-lived backend that drains events may keep its own queue under
    /// the same constant.
    package var maxHeldEvents: Int = ReplayOptions.defaultMaxHeldEvents
    /// The tree-edit work budget of this replay (`maxTreeEditWork`; tests make it smaller).
    package var treeEditWork: Int = ReplayOptions.maxTreeEditWork
    package init(
        clickValue: Int = 1, toastDuration: Int = 2000, captureTicks: Bool = false, fps: Int? = nil,
        platform: PlatformProfile = .neutral
    ) {
        self.clickValue = clickValue
        self.toastDuration = toastDuration
        self.captureTicks = captureTicks
        self.fps = fps
        self.platform = platform
    }
    /// Most frames `fps` adds inside one tick (a minute at 60 fps); a longer tick gets a diagnostic.
    package static let maxGeneratedFramesPerTick = 3600
    /// Shortest timer interval (semantics.md section 6): shorter ones run at this rate.
    package static let minTimerInterval = 10
    /// Most elements alive at once (docs/limits.md); a CREATE_* past it is skipped with the
    /// error `too-many-elements`.
    package static let maxElements = 200_000
    /// Deepest element nesting laid out (Layout stops at this depth); deeper elements get one
    /// `tree-too-deep` warning per replay. Every walk of the tree here is iterative.
    package static let maxTreeDepth = 256
    /// Most frames one replay captures (ticks, display-link frames and snapshots; the final
    /// frame always comes on top): later ones are dropped with the error `too-many-frames`.
    package static let maxFrames = 100_000
    /// Most events a replay holds undrained (docs/limits.md): a `render` keeps every event of the
    /// session for `--events`, so 200,000 (about 30 MB); later ones are dropped, counted by type,
    /// with the warning `too-many-events`. Timers firing every 10 ms for over half an hour of
    /// virtual time stay under it; hostile ticks no longer grow memory without bound (1.35 GB).
    package static let defaultMaxHeldEvents = 200_000
    /// Work the tree edits of one replay may do (docs/limits.md, "Tree edits"): child-list slots
    /// scanned or shifted plus links followed to refuse cycles (`ReplayWork.childrenScanned` and
    /// `ancestorSteps`). A REORDER_CHILD that does not fit is skipped with the warning `budget`.
    package static let maxTreeEditWork = 200_000_000
    /// Longest timer interval kept (keeps the clock arithmetic far from overflow).
    package static let maxTimerInterval = 1_000_000_000_000_000
}

/// Replays a session's steps into a widget tree, with the virtual clock, input and events.
///
/// Diagnostic codes it gives (each with the step index and JSON path):
/// - errors (streams no framework app sends): `duplicate-id`, `duplicate-application`, `cycle`;
/// - warnings: `unknown-element` (an id not created yet or deleted: skipped, normal in real
///   streams), `bad-style` (StyleParser refused the value; the previous one stays), `portability`
///   (the value means something else on iOS or Android), `bad-value` (clamped numbers),
///   `not-a-child`, `not-a-view`, `not-scrollable`, `not-editable`, `not-an-action-bar`,
///   `no-click`, `not-on-screen` (input on something a user cannot see, when there is no layout to
///   hit-test), `target-moved` (a recorded step's target now finds another element; the id wins),
///   `too-many-timer-firings`, `too-many-events` (events past `maxHeldEvents` dropped), `budget` (a
///   REORDER_CHILD past the tree-edit work budget skipped);
/// - `not-delivered` (an error): an input step whose element a finger cannot reach, whose target
///   finds none or several, or whose point reaches nothing (a warning when nothing is there at all).
package struct Replayer {
    package let session: Session
    package let options: ReplayOptions
    package init(session: Session, options: ReplayOptions = ReplayOptions()) {
        self.session = session
        self.options = options
    }

    /// Replays every step (semantics.md sections 1, 6 and 7). Never fails: steps that cannot be
    /// applied become diagnostics. The last capture is always `.final`.
    package func run() -> ReplayResult {
        var engine = ReplayEngine(session: session, options: options)
        return engine.run()
    }

    /// The state at virtual time `ms` (semantics.md 7 item 34): every step up to that time, i.e.
    /// up to the first tick that would move the clock past `ms`; that tick only advances the clock
    /// to `ms` (firing the timers due by then). Past the last step the clock runs on to `ms`.
    /// Returns a `.final` capture at time `ms` and the diagnostics of the steps applied.
    package func state(at ms: Int) -> (capture: Capture, diagnostics: [Diagnostic]) {
        var stateOptions = ReplayOptions(
            clickValue: options.clickValue, toastDuration: options.toastDuration,
            platform: options.platform)
        stateOptions.fontFamilyKnown = options.fontFamilyKnown
        stateOptions.hitMaps = options.hitMaps
        var engine = ReplayEngine(session: session, options: stateOptions)
        engine.boot()
        var last = 0
        for step in session.steps {
            if case .tick(let d) = step.kind, engine.now + d > ms { break }
            engine.apply(step)
            last = step.index
        }
        engine.advance(to: ms)
        return (Capture(kind: .final, name: nil, time: engine.now, step: last, tree: engine.tree), engine.diagnostics)
    }
}

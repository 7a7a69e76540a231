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
        self.time = time; self.type = type; self.internalId = internalId; self.fields = fields
    }
    public static func == (a: AppEvent, b: AppEvent) -> Bool {
        a.time == b.time && a.type == b.type && a.internalId == b.internalId
            && a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }
    public func hash(into h: inout Hasher) { h.combine(time); h.combine(type); h.combine(internalId) }
}

/// A field value of an event.
public enum EventValue: Hashable, Sendable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
}

/// A frame the replay captured: a named snapshot, a tick's frame, or the final state.
public struct Capture: Sendable {
    public enum Kind: Hashable, Sendable { case snapshot, tick, final, launch }
    public var kind: Kind
    /// Snapshot name (nil for ticks and the final frame).
    public var name: String?
    /// Virtual time (ms).
    public var time: Int
    /// Index of the step that produced it.
    public var step: Int
    public var tree: WidgetTree
    public init(kind: Kind, name: String?, time: Int, step: Int, tree: WidgetTree) {
        self.kind = kind; self.name = name; self.time = time; self.step = step; self.tree = tree
    }
}

/// What replaying a session gives: captures in order (ticks, snapshots; the last is the final frame),
/// the events in order, and diagnostics.
public struct ReplayResult: Sendable {
    public var captures: [Capture]
    public var events: [AppEvent]
    public var diagnostics: [Diagnostic]
    /// The final state (after the last step).
    public var final: WidgetTree
    public init(captures: [Capture], events: [AppEvent], diagnostics: [Diagnostic], final: WidgetTree) {
        self.captures = captures; self.events = events; self.diagnostics = diagnostics; self.final = final
    }
}

/// Options of a replay.
public struct ReplayOptions: Sendable {
    /// Value of a click's ValueEvent (theme: 1 default/iOS, 0 Android).
    public var clickValue: Int = 1
    /// Default toast duration when `value` is 0 (ms).
    public var toastDuration: Int = 2000
    /// Record a capture for every tick (for --frames / --apng); snapshots and the final frame always.
    public var captureTicks: Bool = false
    public init(clickValue: Int = 1, toastDuration: Int = 2000, captureTicks: Bool = false) {
        self.clickValue = clickValue; self.toastDuration = toastDuration; self.captureTicks = captureTicks
    }
}

/// Replays a session's steps into a widget tree, with the virtual clock, input and events.
public struct Replayer {
    public let session: Session
    public let options: ReplayOptions
    public init(session: Session, options: ReplayOptions = ReplayOptions()) { self.session = session; self.options = options }

    public func run() -> ReplayResult {
        ReplayResult(captures: [], events: [], diagnostics: [], final: WidgetTree()) // TODO(replay helper)
    }
}

import WidgetTree

/// Typed accessors for the fields events carry (semantics.md 7.23, the framework's event fields in
/// camelCase), so a test reads `event.text == "hello"` or `event.value == 1` instead of matching
/// `field("text")` against an `EventValue` case. Each is nil when the event has no such field or it
/// holds another type; `field(_:)` still reads any field as it is.
extension AppEvent {
    /// `text` (a ValueEvent of a text field: what was typed), as a string.
    public var text: String? { string("text") }
    /// `value` as an integer (a ValueEvent's value; a whole double counts).
    public var value: Int? { int("value") }
    /// `value2` as an integer.
    public var value2: Int? { int("value2") }
    /// `timerId` of a TimerEvent.
    public var timerId: Int? { int("timerId") }
    /// `scrollPos` of a ScrollChangedEvent, in dp.
    public var scrollPos: Double? { double("scrollPos") }
    /// `scrollRem` of a ScrollChangedEvent (what is left to scroll), in dp.
    public var scrollRem: Double? { double("scrollRem") }
    /// `height` (a ScrollChangedEvent's content height), in dp.
    public var height: Double? { double("height") }
    /// `elementId` (the element a CommandEvent names).
    public var elementId: Int? { int("elementId") }
    /// `visible` of a VisibilityEvent.
    public var visible: Bool? {
        if case .bool(let b)? = field("visible") { return b }
        return nil
    }
    /// `sysType` of a SysEvent or SysInfoEvent (`START`, `BACK`, ...).
    public var sysType: String? { string("sysType") }
    /// `imageUrl` of an ImageRequestEvent.
    public var imageUrl: String? { string("imageUrl") }
    /// `requestedWidth` and `requestedHeight` of an ImageRequestEvent, in pixels.
    public var requestedWidth: Int? { int("requestedWidth") }
    public var requestedHeight: Int? { int("requestedHeight") }

    /// A string field.
    public func string(_ name: String) -> String? {
        if case .string(let s)? = field(name) { return s }
        return nil
    }
    /// An integer field (a double with no fraction counts).
    public func int(_ name: String) -> Int? {
        switch field(name) {
        case .int(let i)?: return i
        case .double(let d)? where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    /// A number field as a double.
    public func double(_ name: String) -> Double? {
        switch field(name) {
        case .int(let i)?: return Double(i)
        case .double(let d)?: return d
        default: return nil
        }
    }
}

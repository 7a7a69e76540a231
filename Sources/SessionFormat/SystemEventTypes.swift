/// The framework's two system event classes and their types (framework 29d38725 `include/SysEvent.h`,
/// `include/SysInfoEvent.h`), as the `sys` step names them (docs/session-format.md "App lifecycle";
/// docs/decisions/2026-11-28-sys-step-event-class.md). A `sys` step sends a `SysInfoEvent` unless it
/// says `"event": "SysEvent"`; the type must belong to the class the step names.
package enum SystemEventTypes {
    /// `SysInfoEvent::Type`, in ordinal order (START = 1): a broadcast to the app.
    package static let sysInfo = [
        "START", "RESUME", "PAUSE", "STOP", "DESTROY", "MEMORY_WARNING", "LANGUAGE_CHANGED", "DEBUG_MODE",
    ]
    /// `SysEvent::Type` values a session can send to the application element.
    package static let sysEvent = ["BACK", "SHOW_DEBUG"]
    /// `SysEvent::Type` values that only a platform thread can send: each carries the id of a
    /// thread (`SysEvent::setThreadId`), which a session cannot know.
    package static let threadOnly = ["TERMINATE_THREAD", "THREAD_TERMINATED"]

    /// The class names of the step's `event` key.
    package static let sysEventClass = "SysEvent"
    package static let sysInfoEventClass = "SysInfoEvent"

    /// Whether `type` (upper case) is sent as a `SysEvent` (else a `SysInfoEvent`).
    package static func isSysEvent(_ type: String) -> Bool { sysEvent.contains(type) }

    /// Checks a step's class and type (`type` upper case). Returns nil when the pair can be sent,
    /// else the reason, naming what is allowed.
    package static func problem(eventClass: String, type: String) -> String? {
        if threadOnly.contains(type) {
            return "SysEvent \(type) cannot be sent from a session: it carries the id of a platform thread "
                + "(SysEvent::setThreadId), which only the platform's threads know"
        }
        switch eventClass {
        case sysInfoEventClass:
            if sysInfo.contains(type) { return nil }
            if sysEvent.contains(type) {
                return "\(type) is a SysEvent type: write \"event\": \"SysEvent\" (SysInfoEvent types: "
                    + "\(sysInfo.joined(separator: ", ")))"
            }
            return "unknown system event \"\(type)\" (SysInfoEvent: \(sysInfo.joined(separator: ", ")); "
                + "with \"event\": \"SysEvent\": \(sysEvent.joined(separator: ", ")))"
        case sysEventClass:
            if sysEvent.contains(type) { return nil }
            if sysInfo.contains(type) {
                return "\(type) is a SysInfoEvent type: leave out \"event\" or write \"event\": \"SysInfoEvent\" "
                    + "(SysEvent types: \(sysEvent.joined(separator: ", ")))"
            }
            return "unknown SysEvent type \"\(type)\" (\(sysEvent.joined(separator: ", ")))"
        default:
            return "`event` names the class: SysInfoEvent (the default) or SysEvent (found \"\(eventClass)\")"
        }
    }
}

import Foundation
import ServeProtocol

/// What a page shows: a session, a look, a device, a font scale and a capture, alone or as the
/// iOS | Android pair. Every value comes from the page and is checked here: a look is one the
/// server offers (never a path), a device a preset name or WxH@S, a capture `final`, `capture:N`
/// or `at:MS`.
public struct ViewSpec: Sendable, Equatable {
    public var session: String
    public var look: String
    public var device: String
    public var fontScale: String
    public var capture: String
    public var sideBySide: Bool

    /// The slots (picture names) this view fills and the look of each.
    public var slots: [(slot: String, look: String)] {
        sideBySide ? [("ios", "ios"), ("android", "android")] : [("main", look)]
    }

    /// Checks the page's `view` message; nil and a reason when a value is not acceptable.
    public static func parse(_ o: ViewRequest, looks: [String]) -> Result<ViewSpec, ServeError> {
        guard let session = o.session, SessionFolder.isSessionName(session) else {
            return .failure(ServeError("view: no session name"))
        }
        let look = o.look ?? "default"
        guard looks.contains(look) else { return .failure(ServeError("view: unknown look")) }
        let device = o.device ?? "session"
        let deviceChars = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-@x.")
        guard device.count <= 40, device.unicodeScalars.allSatisfy(deviceChars.contains) else {
            return .failure(ServeError("view: bad device"))
        }
        let scale = o.fontScale ?? 1
        guard (0.5...3).contains(scale) else { return .failure(ServeError("view: font scale must be 0.5...3")) }
        let capture = o.capture ?? "final"
        guard Self.isCapture(capture) else { return .failure(ServeError("view: bad capture")) }
        return .success(
            ViewSpec(
                session: session, look: look, device: device, fontScale: String(scale), capture: capture,
                sideBySide: o.sideBySide ?? false))
    }

    static func isCapture(_ c: String) -> Bool {
        if c == "final" { return true }
        for prefix in ["capture:", "at:"] where c.hasPrefix(prefix) {
            let n = c.dropFirst(prefix.count)
            return !n.isEmpty && n.count <= 9 && n.allSatisfy(\.isASCII) && n.allSatisfy(\.isNumber)
        }
        return false
    }
}

import Primitives
import SessionFormat

/// One place where a session's result differs between the iOS and Android backends.
package struct PortabilityFinding: Hashable, Sendable, Codable {
    /// Index of the top-level step (steps inside a batch share it; `path` tells them apart).
    package var step: Int
    /// JSON path of the step, e.g. `steps[4].steps[2]`.
    package var path: String
    package var kind: PortabilityKind
    /// The step in short: `SET_STYLE 7 padding "10 20"`, `tap 12`.
    package var command: String
    /// The element concerned (the style's target, the created element, the click's receiver ...).
    package var elementId: Int?
    package var elementKind: WidgetKind?
    package var key: String?
    package var value: String?
    /// One line: what iOS does, what Android does.
    package var message: String
    /// The element's frame at the end of the session under each profile (when measured).
    package var effect: MeasuredEffect?
    /// Another element whose subtree shows the difference (the page view a navigation tap turns),
    /// for `LookAgreement`; not part of the report's text or JSON.
    package var alsoAffects: Int?

    package init(
        step: Int, path: String, kind: PortabilityKind, command: String, elementId: Int?, elementKind: WidgetKind?,
        key: String? = nil, value: String? = nil, message: String, effect: MeasuredEffect? = nil
    ) {
        self.step = step
        self.path = path
        self.kind = kind
        self.command = command
        self.elementId = elementId
        self.elementKind = elementKind
        self.key = key
        self.value = value
        self.message = message
        self.effect = effect
    }

    /// Report order: step index, then the step's position inside batches, then kind, then element.
    static func precedes(_ a: PortabilityFinding, _ b: PortabilityFinding, _ positions: [String: Int]) -> Bool {
        if a.step != b.step { return a.step < b.step }
        let pa = positions[a.path] ?? 0
        let pb = positions[b.path] ?? 0
        if pa != pb { return pa < pb }
        if a.kind != b.kind { return a.kind < b.kind }
        return (a.elementId ?? Int.min) < (b.elementId ?? Int.min)
    }
}

/// An element's frame in dp at the end of the session under the iOS and the Android profile (nil =
/// not laid out there: not created, hidden or deleted).
package struct MeasuredEffect: Hashable, Sendable, Codable {
    package var elementId: Int
    package var ios: Rect?
    package var android: Rect?
    package init(elementId: Int, ios: Rect?, android: Rect?) {
        self.elementId = elementId
        self.ios = ios
        self.android = android
    }
    package var differs: Bool { ios != android }

    /// "element 7: 40x20 at 10,20 on iOS, 60x20 at 10,20 on Android".
    package var text: String {
        func f(_ r: Rect?) -> String {
            guard let r else { return "not shown" }
            let n = PlatformReading.number
            return "\(n(r.width))x\(n(r.height)) at \(n(r.x)),\(n(r.y))"
        }
        if !differs { return "element \(elementId): \(f(ios)) on both" }
        return "element \(elementId): \(f(ios)) on iOS, \(f(android)) on Android"
    }
}

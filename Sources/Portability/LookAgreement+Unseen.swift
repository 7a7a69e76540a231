import WidgetTree

/// The other direction: a finding that says an element shows something different on the two
/// backends (a title, a markdown heading, a
/// switch's labels, a password, a widget one backend lacks) must be seen as a
/// difference between the looks at some capture after it, whenever a capture could show it (the
/// element painted in both looks, or in one for `unsupported-widget`; a password field with text).
extension LookAgreement {
    /// What one capture showed in each look: which elements were painted, which fields held text.
    struct CaptureState {
        var step: Int
        var ios: Set<Int>
        var android: Set<Int>
        var typed: Set<Int>
        init(_ i: Frame, _ a: Frame) {
            step = i.key.step
            ios = Set(i.content.keys)
            android = Set(a.content.keys)
            typed = Set(i.tree.elements.values.filter { !$0.text.isEmpty }.map(\.id))
        }
    }

    static func isUnseen(_ f: PortabilityFinding, _ differences: [LookDifference], _ states: [CaptureState]) -> Bool {
        guard let id = f.elementId else { return false }
        let aspect: LookDifference.Aspect
        let couldShow: (CaptureState) -> Bool
        switch f.kind {
        case .actionBarTitle, .markdown, .switchLabels:
            aspect = .text
            couldShow = { $0.ios.contains(id) && $0.android.contains(id) }
        case .textFieldFlags where f.value.flatMap(Int.init).map { $0 & 16 != 0 } == true:
            aspect = .text
            couldShow = { $0.ios.contains(id) && $0.android.contains(id) && $0.typed.contains(id) }
        case .unsupportedWidget:
            aspect = .shown
            couldShow = { $0.ios.contains(id) || $0.android.contains(id) }
        default: return false
        }
        guard states.contains(where: { $0.step >= f.step && couldShow($0) }) else { return false }
        return !differences.contains { $0.step >= f.step && $0.elementId == id && $0.aspect == aspect }
    }
}

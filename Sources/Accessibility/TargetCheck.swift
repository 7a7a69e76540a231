import Primitives
import SessionFormat
import Styles
import WidgetTree

/// Touch targets: every element a finger can reach that takes a tap itself, measured as the part of
/// it that takes a touch (its frame clipped by scroll containers, `overflow: hidden` and the screen,
/// less what later elements cover: the largest rectangle left, `HitMap.touchArea`),
/// against the look's guideline and WCAG 2.2 2.5.8's 24 x 24 minimum.
package struct TargetGuideline: Hashable, Sendable {
    /// The side a target needs, in dp (1 iOS point = 1 dp).
    package var side: Double
    /// "dp" or "pt", as the look's own guideline says it.
    package var unit: String
    /// Whose guideline: "android", "ios", "default".
    package var look: String

    /// Android (Material): 48 x 48 dp. iOS (Human Interface Guidelines): 44 x 44 pt. The default
    /// look takes Android's 48 dp, the larger: a screen that passes it passes both
    /// (docs/decisions/2026-11-28-a11y-default-target.md).
    package static func of(_ platform: PlatformProfile.Platform) -> TargetGuideline {
        switch platform {
        case .ios: return TargetGuideline(side: 44, unit: "pt", look: "ios")
        case .android: return TargetGuideline(side: 48, unit: "dp", look: "android")
        case .neutral: return TargetGuideline(side: 48, unit: "dp", look: "default")
        }
    }

    /// WCAG 2.2 2.5.8 Target Size (Minimum), level AA: 24 x 24 CSS px (= dp).
    package static let wcagMinimum = 24.0
}

struct TargetCheck {
    /// The kinds that take a tap themselves (the replay's tap takers, semantics.md item 39), less
    /// the action sheet and action bar, whose rows and buttons are the targets and are not elements.
    static let tappable: Set<WidgetKind> = [
        .button, .eventLayout, .switchControl, .checkbox, .textField, .textView, .searchBar, .picker,
        .navigationBarItem, .radioGroup, .segmentedControl, .slider,
    ]

    var map: HitMap
    var guideline: TargetGuideline

    /// The area that takes the touch, when a finger can reach the element at all (an element under
    /// a dialog, scrolled out or covered has none: nothing to measure): the hit map's, so a part a
    /// later sibling covers or a clip hides does not count (`HitMap.touchArea`), never the frame.
    func area(_ e: HitMap.Entry) -> Rect? {
        guard Self.tappable.contains(e.kind) else { return nil }
        var cells = 0
        return map.touchArea(e.id, cells: &cells)
    }

    /// The sentence's tail for an area, or nil when it is big enough.
    func problem(_ a: Rect) -> String? {
        guard a.width < guideline.side || a.height < guideline.side else { return nil }
        let g = fmt(guideline.side)
        var s = "target \(fmt(a.width))x\(fmt(a.height)) \(guideline.unit), needs \(g)x\(g) \(guideline.unit)"
        s += " (\(guideline.look))"
        if a.width < TargetGuideline.wcagMinimum || a.height < TargetGuideline.wcagMinimum {
            s += "; below WCAG 2.2's 24x24 minimum (2.5.8)"
        }
        return s
    }
}

import JSON
import Primitives
import SessionFormat

/// One accessibility problem on one screen (the final frame or a named snapshot).
package struct Finding: Hashable, Sendable {
    package enum Check: String, Hashable, Sendable {
        /// Text colour against the pixels behind it (WCAG 2.2 1.4.3).
        case contrast
        /// A tappable element smaller than the platform's guideline (and WCAG 2.2 2.5.8's 24x24).
        case target
        /// Text cut, or past the screen's width, at font scale 1.3 or 2.0 (LargeTextCheck).
        case largeText = "large-text"
    }
    /// "final", or the snapshot's name.
    package var screen: String
    package var check: Check
    package var element: Int
    package var kind: WidgetKind
    /// The element's own text (empty when it has none).
    package var text: String
    /// The element's border box in dp (for targets: the part that takes a touch).
    package var frame: Rect
    /// A locator that finds the element on that screen.
    package var locator: Locator
    /// The measured value: the contrast ratio, or the target's smaller side in dp; for large text,
    /// the lines shown whole (or where the text ends past the screen, in dp).
    package var measured: Double
    /// What it needed: the ratio, or the guideline's side in dp; for large text, the lines the text
    /// needs (or the screen's width in dp).
    package var needed: Double
    /// The sentence: `text 42 "Terms": contrast 2.90:1 on #ffffff, needs 4.5:1`.
    package var message: String

    /// The element as findings name it: `text 42 "Terms"`.
    static func label(_ kind: WidgetKind, _ id: Int, _ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\(kind.rawValue) \(id)" + (text.isEmpty ? "" : " \(JSONWriter.quote(shown))")
    }

    /// One JSON object on one line, keys in a fixed order.
    package var json: String {
        var w = JSONWriter()
        w.raw("{\"screen\":")
        w.string(screen)
        w.raw(",\"check\":")
        w.string(check.rawValue)
        w.raw(",\"element\":\(element),\"type\":")
        w.string(kind.rawValue)
        w.raw(",\"text\":")
        w.string(text)
        w.raw(",\"frame\":[")
        for (i, v) in [frame.x, frame.y, frame.width, frame.height].enumerated() {
            if i > 0 { w.raw(",") }
            w.number(v)
        }
        w.raw("],\"locator\":")
        locator.write(&w)
        w.raw(",\"measured\":")
        w.number((measured * 100).rounded(.down) / 100)
        w.raw(",\"needed\":")
        w.number(needed)
        w.raw(",\"message\":")
        w.string(message)
        w.raw("}")
        return w.text
    }

    /// A JSON array, one finding per line (so a stored baseline diffs well).
    package static func jsonArray(_ findings: [Finding]) -> String {
        findings.isEmpty ? "[]\n" : "[\n" + findings.map(\.json).joined(separator: ",\n") + "\n]\n"
    }
}

/// A finding and every screen of a session it holds for: one repeated on several screens (the same
/// element, frame, measure and sentence: an unchanged screen snapshotted again) is reported once
/// (`render a11y`, issue 46; docs/decisions/2026-12-07-a11y-findings-folded.md).
package struct FoldedFinding: Hashable, Sendable {
    package var finding: Finding
    /// The screens in capture order, the finding's own first.
    package var screens: [String]

    /// Identical findings of one session's screens folded into one, in the order first found: the
    /// grouping of changes by cause (`Grouping`, as `ChangeGroup` uses it), keyed by all but the screen.
    package static func fold(_ findings: [Finding]) -> [FoldedFinding] {
        Grouping.group(findings) { [Key($0)] }.map { g in
            var screens: [String] = []
            for f in g.members where !screens.contains(f.screen) { screens.append(f.screen) }
            return FoldedFinding(finding: g.members[0], screens: screens)
        }
    }

    /// What makes two findings the same one: everything but the screen.
    struct Key: Hashable {
        var check: Finding.Check
        var element: Int
        var frame: Rect
        var measured: Double
        var needed: Double
        var message: String
        init(_ f: Finding) {
            check = f.check
            element = f.element
            frame = f.frame
            measured = f.measured
            needed = f.needed
            message = f.message
        }
    }

    /// The finding's JSON object, with `"screens":[...]` after `"screen"` when it holds for more than one.
    package var json: String {
        let one = finding.json
        guard screens.count > 1 else { return one }
        var w = JSONWriter()
        w.raw(",\"screens\":[")
        for (i, s) in screens.enumerated() {
            if i > 0 { w.raw(",") }
            w.string(s)
        }
        w.raw("]")
        // `{"screen":"NAME"` opens every finding's object.
        var head = JSONWriter()
        head.raw("{\"screen\":")
        head.string(finding.screen)
        return head.text + w.text + one.dropFirst(head.text.count)
    }

    /// A JSON array, one finding per line.
    package static func jsonArray(_ findings: [FoldedFinding]) -> String {
        findings.isEmpty ? "[]\n" : "[\n" + findings.map(\.json).joined(separator: ",\n") + "\n]\n"
    }
}

import Primitives
import Styles
import TextLayout
import WidgetTree

/// The SET_ERROR line under a text field or text view. Its room is part of the field's style
/// (`LayoutContext.style` adds it to the bottom margin) and its text is placed by
/// `ControlMeasure.measureTextField`; both measure it the same way here.
struct ErrorLine {
    let cx: LayoutContext

    /// One line, 3 smaller than the field's text, in the error red.
    static func style(_ s: ResolvedStyle) -> ParagraphStyle {
        var es = ParagraphStyle(s)
        es.noWrap = true
        es.color = Color(rgb: 0xd32f2f)
        es.size = max(1, es.size - 3)
        return es
    }

    /// Room the SET_ERROR line takes under the field (2 gap + one line), 0 without an error. It is
    /// added to the field's bottom margin, so what follows moves down by it while the field's own
    /// box, its bottom line and the error drawn 2 under it stay where they were.
    func height(_ el: Element, _ s: ResolvedStyle) -> Double {
        guard el.kind == .textField || el.kind == .textView, let error = el.errorText, !error.isEmpty else { return 0 }
        return 2 + cx.paragraph(AttributedText(error), Self.style(s), maxWidth: nil).size.height
    }
}

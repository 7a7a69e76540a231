import Styles
import TextLayout
import WidgetTree

/// Shaping ahead of layout: the only part of text work that does not depend on the width the
/// layout will give, so it can run on all cores before the serial layout starts.
struct TextPrepass {
    let cx: LayoutContext

    /// Hands the texts of the labels and buttons under `roots` to the measurer to prepare ahead
    /// (`TextMeasuring.prepareAhead`, on all cores), before the serial layout measures them. The
    /// texts come from the same `labelText` as `measureLabel`'s (a button's is its plain text), so
    /// the layout finds them prepared; a text missed here is simply prepared when it is measured.
    func prepareTexts(under roots: [Element]) {
        // On one thread nothing is prepared ahead: gathering the texts would be wasted.
        guard cx.measurer.preparesAhead else { return }
        var items: [(text: AttributedText, font: FontSpec)] = []
        var stack = roots
        var visited = 0
        while let el = stack.popLast(), visited < 100_000 {
            visited += 1
            switch el.kind {
            case .text, .textView:
                let s = cx.style(el)
                if !el.text.isEmpty { items.append((LeafMeasure(cx: cx).labelText(el, s), ParagraphStyle(s).font)) }
            case .button, .navigationBarItem:
                if !el.text.isEmpty { items.append((AttributedText(el.text), ParagraphStyle(cx.style(el)).font)) }
            default:
                break
            }
            stack += cx.tree.visibleChildren(of: el.id).reversed()
        }
        if items.count >= 2 { cx.measurer.prepareAhead(items) }
    }
}

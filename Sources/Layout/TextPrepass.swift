import Styles
import TextLayout
import WidgetTree

extension LayoutPass {
    /// Hands the texts of the labels and buttons under `roots` to the measurer to prepare ahead
    /// (`TextMeasuring.prepareAhead`, on all cores), before the serial layout measures them. The
    /// texts come from the same `labelText` as `measureLabel`'s (a button's is its plain text), so
    /// the layout finds them prepared; a text missed here is simply prepared when it is measured.
    func prepareTexts(under roots: [Element]) {
        var items: [(text: AttributedText, font: FontSpec)] = []
        var stack = roots
        var visited = 0
        while let el = stack.popLast(), visited < 100_000 {
            visited += 1
            switch el.kind {
            case .text, .textView:
                let s = style(el)
                if !el.text.isEmpty { items.append((labelText(el, s), ParagraphStyle(s).font)) }
            case .button, .navigationBarItem:
                if !el.text.isEmpty { items.append((AttributedText(el.text), ParagraphStyle(style(el)).font)) }
            default:
                break
            }
            stack += tree.visibleChildren(of: el.id).reversed()
        }
        if items.count >= 2 { measurer.prepareAhead(items) }
    }
}

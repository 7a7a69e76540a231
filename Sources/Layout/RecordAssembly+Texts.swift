import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Texts placed once the frames are final: what a field shows when its measured paragraph does
/// not (a text view's hint, its error line), the picker's arrow and the status
/// band's clock. Painting draws them as they are.
extension RecordAssembly {
    /// Lays out a string on one line, ellipsized at `maxWidth`.
    func line(_ string: String, _ style: ParagraphStyle, maxWidth: Double?) -> ParagraphLayout {
        guard !string.isEmpty else { return .empty }
        var st = style
        st.noWrap = true
        st.ellipsis = true
        return measurer.layout(
            AttributedText(string), style: st, maxWidth: maxWidth.map { max(0, $0) }, maxHeight: nil,
            deviceScale: device.scale)
    }

    /// A text field shows its text, else its hint in the hint colour, and password dots for a
    /// password; a text view shows its text or its hint. When the measured paragraph shows
    /// something else (a text view's hint), the shown text is placed as `placeholder`. A text
    /// view's error line (text fields measure their own) goes to the extra texts.
    func placeFieldTexts(_ e: Element, _ r: inout LaidOutElement) {
        let s = r.style
        let content = s.contentBox(of: r.frame)
        let isPassword = e.kind == .textField && (e.flags & 1 != 0 || e.flags & 16 != 0)
        let dot = looks.controls.passwordDot.isEmpty ? "•" : looks.controls.passwordDot
        var ps = ParagraphStyle(s)
        let shown: String
        if e.text.isEmpty {
            shown = s.hint
            ps.color = s.hintColor
        } else if isPassword {
            shown = String(repeating: dot, count: e.text.count)
        } else {
            shown = e.text
        }
        let measured = r.paragraph.map { $0.lines.map(\.text).joined() }
        let measuredShowsIt = (!isPassword && !e.text.isEmpty) || measured == shown
        if r.paragraph == nil || !measuredShowsIt {
            if shown.isEmpty {
                r.placeholder = PlacedText(role: .hint, paragraph: .empty, origin: content.origin)
            } else {
                let p =
                    e.kind == .textView
                    ? measurer.layout(
                        AttributedText(shown), style: ps, maxWidth: content.width, maxHeight: nil,
                        deviceScale: device.scale)
                    : line(shown, ps, maxWidth: nil)
                let origin =
                    r.textOrigin
                    ?? (e.kind == .textView
                        ? content.origin
                        : Point(x: content.x, y: content.midY - p.size.height / 2))
                r.placeholder = PlacedText(role: .hint, paragraph: p, origin: origin)
            }
        }
        if let message = e.errorText, !message.isEmpty, !r.extraTexts.contains(where: { $0.role == .error }) {
            var es = ParagraphStyle(s)
            es.color = ControlLook.errorColor
            es.size = max(1, s.fontSize - 3)
            r.extraTexts.append(
                PlacedText(
                    role: .error, paragraph: line(message, es, maxWidth: nil),
                    origin: Point(x: content.x, y: r.frame.maxY + 2)))
        }
    }

    /// The theme's arrow glyph centred in the arrow column the pass placed (the icon frame).
    func pickerArrow(_ r: LaidOutElement) -> PlacedText? {
        guard let column = r.iconFrame else { return nil }
        let arrow = line(looks.controls.pickerArrow, ParagraphStyle(r.style), maxWidth: nil)
        return PlacedText(
            role: .arrow, paragraph: arrow,
            origin: Point(x: column.midX - arrow.size.width / 2, y: column.midY - arrow.size.height / 2))
    }

    /// The status band's clock in the `ios` and `android` looks, in black.
    func statusClock() -> ParagraphLayout? {
        guard device.statusBar > 0, let system = looks.system else { return nil }
        let ios = system == .ios
        let ps = ParagraphStyle(
            font: FontSpec(family: looks.fontFamily, weight: ios ? 600 : 500), size: ios ? 17 : 14,
            color: .black, noWrap: true)
        return line(ios ? "9:41" : "12:00", ps, maxWidth: nil)
    }
}

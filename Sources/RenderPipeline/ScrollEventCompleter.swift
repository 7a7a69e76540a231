import Layout
import Primitives
import WidgetTree

/// Completes a `scroll` step's ScrollChangedEvent once the scrolled tree is laid out (the replay
/// knows only the requested offset; the content size needs layout): `scrollPos` clamped to
/// 0...content − viewport, `scrollRem` = content − (viewport + scrollPos), `height` = content
/// height, all in dp rounded to hundredths (framework-protocol.md section 4).
enum ScrollEventCompleter {
    static func complete(_ event: inout AppEvent, id: Int, layout: LayoutResult) {
        // Only scroll layouts report their content; other scrollers (lists, grids not laid out as
        // scroll views, off-screen elements) keep the requested offset alone.
        guard let e = layout[id], let content = e.scrollContent else { return }
        let frame = e.frame
        let style = e.style
        let b = style.borderWidths
        let viewport = max(0, frame.height - style.padding.top - style.padding.bottom - b.top - b.bottom)
        let requested: Double
        switch event.fields.first(where: { $0.0 == "scrollPos" })?.1 {
        case .int(let v)?: requested = Double(v)
        case .double(let v)?: requested = v
        default: requested = 0
        }
        let pos = min(max(0, requested), max(0, content.height - viewport))
        let rem = max(0, content.height - (viewport + pos))
        // Hundredths of a dp: layout sums leave float noise (354.33333333333326) nobody can use.
        func r(_ v: Double) -> EventValue { .double((v * 100).rounded() / 100) }
        event.fields = [("scrollPos", r(pos)), ("scrollRem", r(rem)), ("height", r(content.height))]
    }
}

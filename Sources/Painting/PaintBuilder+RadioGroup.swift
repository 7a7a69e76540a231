import Layout
import Primitives
import Styles

/// A RadioGroup's option rows (ADD_OPTION on a group without child elements): layout placed the
/// rows and the labels; here each row gets its ring at the left, centred on the row.
extension PaintBuilder {
    /// The selected option is the one whose id is the group's value (SET_INT_VALUE, as Android's
    /// `RadioGroup.check(id)`): its ring in the selected colour (layout let a declared `tint` win) with a dot.
    mutating func paintRadioGroup(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard let rows = e.rows, case .radioGroup(let look)? = e.control else { return }
        let on = look.selected
        let off = look.unselected
        for (option, row) in zip(e.options, rows) {
            let ring = Rect(x: row.x, y: row.midY - look.size / 2, width: look.size, height: look.size)
            let selected = option.id == e.value
            let color = selected ? on : off
            self.ring(
                RoundedRect(rect: ring, radii: Corners(all: look.size / 2)),
                ControlLook.Line(color: color, width: look.ringWidth))
            if selected {
                let d = look.dotSize
                let dot = Rect(x: ring.midX - d / 2, y: ring.midY - d / 2, width: d, height: d)
                add(.fill(RoundedRect(rect: dot, radii: Corners(all: d / 2)), .color(on)))
            }
        }
    }
}

import Primitives
import Styles

/// The iOS text field bezel (`UITextFieldBorderStyleRoundedRect`): a thin grey rounded outline
/// over a white fill, where the other themes draw a bottom line (theme `textField.borderWidth`).
extension PaintBuilder {
    /// Paints the bezel and returns true, or returns false (nothing painted) when the theme has no
    /// bezel or the element draws a border of its own (the app's border replaces the bezel, as a
    /// `border` style replaces the underline). `error` recolours the outline like the underline.
    mutating func paintTextFieldBezel(_ s: ResolvedStyle, _ frame: Rect, error: Color?) -> Bool {
        let look = theme.textField
        guard let width = look.borderWidth, width > 0 else { return false }
        let bw = s.borderWidths
        guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0 else { return true }
        let radii = s.borderRadius.isZero ? Corners(all: look.radius ?? 0) : s.borderRadius
        let outline = PaintBuilder.outline(frame, radii)
        // The app's own background (already painted) wins over the bezel's white.
        if s.background == nil, let fill = look.background, !fill.isEmpty {
            add(.fill(outline, .color(palette.color(fill))))
        }
        let c = error ?? palette.color(look.borderColor ?? look.lineColor)
        add(.border(outline, widths: Sides(all: width), colors: Sides(all: c), styles: Sides(all: .solid)))
        return true
    }
}

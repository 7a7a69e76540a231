import Layout
import Primitives
import Styles

/// The iOS text field bezel (`UITextFieldBorderStyleRoundedRect`): a thin grey rounded outline
/// over a white fill, where the other themes draw a bottom line (theme `textField.borderWidth`).
/// Layout decided whether it shows, its fill and its (error) colour (`ControlLook.Field`).
extension PaintBuilder {
    mutating func paintTextFieldBezel(_ bezel: ControlLook.Bezel, _ frame: Rect) {
        let outline = PaintBuilder.outline(frame, bezel.radii)
        if let fill = bezel.fill { add(.fill(outline, .color(fill))) }
        ring(outline, bezel.border)
    }
}

import Primitives
import Styles
import WidgetTree

/// The theme's widget looks resolved per element (`ControlLook`): every colour painting draws a
/// widget with is decided here.
extension RecordAssembly {
    /// The control look of a widget kind that draws more than its box; nil for the others.
    func controlLook(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) -> ControlLook? {
        switch e.kind {
        case .button: return .button(overlay: e.isPressed ? pressedOverlay(s) : nil)
        case .textField, .textView: return .field(field(e, s))
        case .switchControl: return .switchControl(switchLook(on: e.value != 0, s))
        case .checkbox: return .checkbox(checkbox(s))
        case .picker: return .picker(underline: underline(s, theme.picker.lineColor, theme.picker.lineWidth))
        case .progressSpinner: return .spinner(color: tinted(s, theme.spinner.color), spokes: theme.spinner.spokes)
        case .pageControl:
            let look = theme.pageControl
            return .pageControl(
                ControlLook.PageDots(
                    dotSize: look.dotSize, gap: look.gap,
                    current: palette.color(look.currentColor),
                    other: palette.color(look.color)))
        case .segmentedControl:
            let tint = tinted(s, theme.checkbox.checkedColor)
            return .segments(tint: tint, selectedFill: tint.withAlphaMultiplied(by: 0.2), radius: 4)
        case .radioGroup:
            let look = theme.radioLook
            return .radioGroup(
                ControlLook.Radio(
                    size: look.size, ringWidth: look.borderWidth, dotSize: look.dotSize,
                    selected: tinted(s, look.selectedColor),
                    unselected: palette.color(look.borderColor)))
        case .imageView: return .imageView(placeholder: placeholder())
        case .actionBar:
            let look = theme.actionBar
            return .actionBar(
                ControlLook.ActionBar(
                    line: line(look.lineColor, look.lineWidth),
                    icon: palette.color(look.iconColor), leftButton: e.flags & 1 != 0 ? .back : .menu,
                    placeholder: placeholder()))
        case .navigationBar:
            return .navigationBar(line: line(theme.navigationBar.lineColor, theme.navigationBar.lineWidth))
        case .searchBar:
            let look = theme.searchBar
            let fieldHeight = max(0, min(frame.height, look.height) - 16)
            return .searchBar(
                ControlLook.SearchBar(
                    line: line(look.lineColor, look.lineWidth), field: Color(rgb: 0xf1f3f4),
                    fieldRadius: min(8, fieldHeight / 2)))
        case .dialog, .alertDialog: return .dialog(closeButton: e.kind == .dialog ? dialogClose() : nil)
        case .actionSheet: return .actionSheet(separator: palette.color(theme.actionSheet.separatorColor))
        default: return nil
        }
    }

    /// The element's declared `tint`, else the theme look's own colour (the resolved `tint` always
    /// has a value, the theme-independent blue, so it cannot tell the two apart).
    func tinted(_ s: ResolvedStyle, _ themeColour: String) -> Color {
        s.declaredTint ?? palette.color(themeColour)
    }

    func line(_ colour: String, _ width: Double) -> ControlLook.Line {
        ControlLook.Line(color: palette.color(colour), width: width)
    }

    /// A line along the bottom (fields, pickers) unless the element has a border of its own or the
    /// line has no width.
    func underline(_ s: ResolvedStyle, _ colour: Color, _ width: Double) -> ControlLook.Line? {
        let bw = s.borderWidths
        guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0, width > 0 else { return nil }
        return ControlLook.Line(color: colour, width: width)
    }

    func underline(_ s: ResolvedStyle, _ colour: String, _ width: Double) -> ControlLook.Line? {
        underline(s, palette.color(colour), width)
    }

    // MARK: Button

    /// The theme's pressed overlay ("" = none); Android's darker one over a button that fills its
    /// own background.
    func pressedOverlay(_ s: ResolvedStyle) -> Color? {
        var overlay = theme.button.pressedOverlay
        if let onBackground = theme.button.pressedOverlayOnBackground, Self.fills(s.background) {
            overlay = onBackground
        }
        return overlay.isEmpty ? nil : palette.color(overlay)
    }

    /// Whether a background paints anything.
    static func fills(_ b: Background?) -> Bool {
        guard let b else { return false }
        if case .color(let c) = b { return c.a > 0 }
        return true
    }

    // MARK: Fields

    /// A UITextField gets the theme's bezel when the theme has one (none at all when the app gave
    /// it a border: the border replaces the bezel); a text view, or a theme without a bezel, gets
    /// the underline. Both turn red while the field shows an error.
    func field(_ e: Element, _ s: ResolvedStyle) -> ControlLook.Field {
        let look = theme.textField
        let error = (e.errorText ?? "").isEmpty ? nil : ControlLook.errorColor
        if e.kind == .textField, let width = look.borderWidth, width > 0 {
            let bw = s.borderWidths
            guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0 else {
                return ControlLook.Field(underline: nil, bezel: nil)
            }
            let radii = s.borderRadius.isZero ? Corners(all: look.radius ?? 0) : s.borderRadius
            // The app's own background (already painted) wins over the bezel's white.
            var fill: Color? = nil
            if s.background == nil, let f = look.background, !f.isEmpty { fill = palette.color(f) }
            let colour = error ?? palette.color(look.borderColor ?? look.lineColor)
            let border = ControlLook.Line(color: colour, width: width)
            return ControlLook.Field(underline: nil, bezel: ControlLook.Bezel(fill: fill, border: border, radii: radii))
        }
        let line = underline(s, error ?? palette.color(look.lineColor), look.lineWidth)
        return ControlLook.Field(underline: line, bezel: nil)
    }

    // MARK: Switch, checkbox, placeholder, dialog

    func switchLook(on: Bool, _ s: ResolvedStyle) -> ControlLook.Switch {
        let look = theme.switchControl
        let track = on ? tinted(s, look.onColor) : palette.color(look.offColor)
        let ring = look.thumbRingWidth > 0 ? line(look.thumbRingColor, look.thumbRingWidth) : nil
        return ControlLook.Switch(
            trackRadius: look.trackRadius, track: track, thumbSize: look.thumbSize,
            thumb: palette.color(look.thumbColor), ring: ring)
    }

    func checkbox(_ s: ResolvedStyle) -> ControlLook.Checkbox {
        let look = theme.checkbox
        return ControlLook.Checkbox(
            radius: look.radius, strokeWidth: look.borderWidth,
            checked: tinted(s, look.checkedColor), tick: palette.color(look.tickColor),
            border: palette.color(look.borderColor))
    }

    func placeholder() -> ControlLook.Placeholder {
        let look = theme.imagePlaceholder
        return ControlLook.Placeholder(
            fill: palette.color(look.background),
            border: look.borderWidth > 0 ? line(look.borderColor, look.borderWidth) : nil)
    }

    /// The iOS dialog's "X" when the theme has `dialog.closeButtonColor`.
    func dialogClose() -> ControlLook.DialogClose? {
        guard let colour = theme.dialog.closeButtonColor, !colour.isEmpty else { return nil }
        return ControlLook.DialogClose(color: palette.color(colour), side: theme.dialog.headerHeight)
    }
}

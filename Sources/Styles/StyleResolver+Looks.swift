import Primitives
import SessionFormat

/// What a control look depends on besides the element's style: its state now.
package struct ControlState: Hashable, Sendable {
    package var pressed: Bool
    /// SET_INT_VALUE non-zero (a switch that is on).
    package var on: Bool
    /// The field shows an error line (SET_ERROR with a message).
    package var hasError: Bool
    /// The action bar's creation flag bit 0: a back arrow rather than the drawer's menu button.
    package var backButton: Bool
    /// The element's height in dp (the search bar's field is inset 8 in it).
    package var height: Double
    package init(
        pressed: Bool = false, on: Bool = false, hasError: Bool = false, backButton: Bool = false, height: Double = 0
    ) {
        self.pressed = pressed
        self.on = on
        self.hasError = hasError
        self.backButton = backButton
        self.height = height
    }
}

/// Where a value of a look came from: the element's resolved style (the session or the theme's
/// `widgetDefaults`, which the style's own provenance tells apart), a theme key, or a built-in
/// default. Recorded while the look is resolved; only `render inspect` reads it.
package enum LookSource: Hashable, Sendable {
    case style
    case theme(String)
    case builtIn
}

/// The box look's values and where each came from.
package struct BoxLookSources: Hashable, Sendable {
    package var background: LookSource = .style
    package var radii: LookSource = .style
    package var shadow: LookSource = .style
}

/// The per-element looks, decided once from the resolved style and the theme: this is the one
/// place a declared value (`border-radius: 0` included) is told apart from an unset one and the
/// theme's value put in for the unset ones. Layout stores the results in its records; painting
/// draws them.
extension StyleResolver {
    /// The box look: the element's own background, radius and shadow, or the theme's for widgets
    /// that have one (buttons, bars, panels) where the element (or its `widgetDefaults`) sets none.
    package func boxLook(_ kind: WidgetKind, _ s: ResolvedStyle) -> BoxLook { resolveBox(kind, s).look }

    /// The box look with the source of each of its values.
    package func resolveBox(_ kind: WidgetKind, _ s: ResolvedStyle) -> (look: BoxLook, sources: BoxLookSources) {
        var sources = BoxLookSources()
        var radii = s.borderRadius
        var shadow = s.shadow
        // Panels keep the theme's shape even when the app colours them.
        switch kind {
        case .dialog, .alertDialog:
            if radii == nil {
                radii = Corners(all: theme.dialog.radius)
                sources.radii = .theme("dialog.radius")
            }
            if shadow == nil {
                shadow = StyleParser.parseShadow(theme.dialog.shadow)
                sources.shadow = .theme("dialog.shadow")
            }
        case .actionSheet:
            if radii == nil {
                let r = theme.actionSheet.radius
                radii = Corners(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0)
                sources.radii = .theme("actionSheet.radius")
            }
        default:
            break
        }
        guard s.background == nil, let (colour, radius) = themedBackground(kind) else {
            if radii == nil { sources.radii = .builtIn }
            return (BoxLook(background: s.background, radii: radii ?? .zero, shadow: shadow), sources)
        }
        sources.background = .theme(colour.key)
        if radii == nil {
            radii = radius.value > 0 ? Corners(all: radius.value) : .zero
            sources.radii = radius.value > 0 ? .theme(radius.key) : .builtIn
        }
        return (BoxLook(background: .color(color(colour.value)), radii: radii ?? .zero, shadow: shadow), sources)
    }

    /// The theme's background colour (and radius) of a widget kind that has one, with their keys.
    func themedBackground(_ kind: WidgetKind) -> ((key: String, value: String), (key: String, value: Double))? {
        let none = (key: "", value: 0.0)
        switch kind {
        case .button:
            return (("button.background", theme.button.background), ("button.radius", theme.button.radius))
        case .actionBar: return (("actionBar.background", theme.actionBar.background), none)
        case .navigationBar: return (("navigationBar.background", theme.navigationBar.background), none)
        case .searchBar: return (("searchBar.background", theme.searchBar.background), none)
        case .dialog, .alertDialog: return (("dialog.background", theme.dialog.background), none)
        case .navigationView: return (("drawer.background", theme.drawer.background), none)
        case .actionSheet: return (("actionSheet.background", theme.actionSheet.background), none)
        case .separator: return (("built-in separator colour", "#e0e0e0"), none)
        default: return nil
        }
    }

    // MARK: Control looks

    /// The control look of a widget kind that draws more than its box; nil for the others.
    package func controlLook(_ kind: WidgetKind, _ s: ResolvedStyle, _ state: ControlState) -> ControlLook? {
        switch kind {
        case .button: return .button(overlay: state.pressed ? pressedOverlay(s) : nil)
        case .textField, .textView: return .field(field(kind, s, hasError: state.hasError))
        case .switchControl: return .switchControl(switchLook(on: state.on, s))
        case .checkbox: return .checkbox(checkbox(s))
        case .picker: return .picker(underline: underline(s, color(theme.picker.lineColor), theme.picker.lineWidth))
        case .progressSpinner:
            return .spinner(color: s.tint ?? color(theme.spinner.color), spokes: theme.spinner.spokes)
        case .pageControl:
            let look = theme.pageControl
            return .pageControl(
                ControlLook.PageDots(
                    dotSize: look.dotSize, gap: look.gap, current: color(look.currentColor), other: color(look.color)))
        case .segmentedControl:
            let tint = s.tint ?? color(theme.checkbox.checkedColor)
            return .segments(tint: tint, selectedFill: tint.withAlphaMultiplied(by: 0.2), radius: 4)
        case .radioGroup:
            let look = theme.radioLook
            return .radioGroup(
                ControlLook.Radio(
                    size: look.size, ringWidth: look.borderWidth, dotSize: look.dotSize,
                    selected: s.tint ?? color(look.selectedColor), unselected: color(look.borderColor)))
        case .imageView: return .imageView(placeholder: placeholder())
        case .actionBar:
            let look = theme.actionBar
            return .actionBar(
                ControlLook.ActionBar(
                    line: line(look.lineColor, look.lineWidth), icon: color(look.iconColor),
                    leftButton: state.backButton ? .back : .menu, placeholder: placeholder()))
        case .navigationBar:
            return .navigationBar(line: line(theme.navigationBar.lineColor, theme.navigationBar.lineWidth))
        case .searchBar:
            let look = theme.searchBar
            let fieldHeight = max(0, min(state.height, look.height) - 16)
            return .searchBar(
                ControlLook.SearchBar(
                    line: line(look.lineColor, look.lineWidth), field: Color(rgb: 0xf1f3f4),
                    fieldRadius: min(8, fieldHeight / 2)))
        case .dialog, .alertDialog: return .dialog(closeButton: kind == .dialog ? dialogClose() : nil)
        case .actionSheet: return .actionSheet(separator: color(theme.actionSheet.separatorColor))
        default: return nil
        }
    }

    /// The theme key a control's accent comes from when the element declares no `tint`; nil for
    /// kinds without an accent.
    package func tintKey(_ kind: WidgetKind) -> String? {
        switch kind {
        case .progressSpinner: return "spinner.color"
        case .segmentedControl, .checkbox: return "checkbox.checkedColor"
        case .radioGroup:
            return theme.radioButton?.selectedColor != nil ? "radioButton.selectedColor" : "checkbox.checkedColor"
        case .switchControl: return "switchControl.onColor"
        default: return nil
        }
    }

    func line(_ colour: String, _ width: Double) -> ControlLook.Line {
        ControlLook.Line(color: color(colour), width: width)
    }

    /// A line along the bottom (fields, pickers) unless the element has a border of its own or the
    /// line has no width.
    func underline(_ s: ResolvedStyle, _ colour: Color, _ width: Double) -> ControlLook.Line? {
        let bw = s.borderWidths
        guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0, width > 0 else { return nil }
        return ControlLook.Line(color: colour, width: width)
    }

    /// The theme's pressed overlay ("" = none); Android's darker one over a button that fills its
    /// own background.
    func pressedOverlay(_ s: ResolvedStyle) -> Color? {
        var overlay = theme.button.pressedOverlay
        if let onBackground = theme.button.pressedOverlayOnBackground, Self.fills(s.background) {
            overlay = onBackground
        }
        return overlay.isEmpty ? nil : color(overlay)
    }

    /// Whether a background paints anything.
    static func fills(_ b: Background?) -> Bool {
        guard let b else { return false }
        if case .color(let c) = b { return c.a > 0 }
        return true
    }

    /// A UITextField gets the theme's bezel when the theme has one (none at all when the app gave
    /// it a border: the border replaces the bezel); a text view, or a theme without a bezel, gets
    /// the underline. Both turn red while the field shows an error.
    func field(_ kind: WidgetKind, _ s: ResolvedStyle, hasError: Bool) -> ControlLook.Field {
        let look = theme.textField
        let error = hasError ? ControlLook.errorColor : nil
        if kind == .textField, let width = look.borderWidth, width > 0 {
            let bw = s.borderWidths
            guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0 else {
                return ControlLook.Field(underline: nil, bezel: nil)
            }
            let radii = s.borderRadius ?? Corners(all: look.radius ?? 0)
            // The app's own background (already painted) wins over the bezel's white.
            var fill: Color? = nil
            if s.background == nil, let f = look.background, !f.isEmpty { fill = color(f) }
            let colour = error ?? color(look.borderColor ?? look.lineColor)
            let border = ControlLook.Line(color: colour, width: width)
            return ControlLook.Field(underline: nil, bezel: ControlLook.Bezel(fill: fill, border: border, radii: radii))
        }
        let line = underline(s, error ?? color(look.lineColor), look.lineWidth)
        return ControlLook.Field(underline: line, bezel: nil)
    }

    func switchLook(on: Bool, _ s: ResolvedStyle) -> ControlLook.Switch {
        let look = theme.switchControl
        let track = on ? s.tint ?? color(look.onColor) : color(look.offColor)
        let ring = look.thumbRingWidth > 0 ? line(look.thumbRingColor, look.thumbRingWidth) : nil
        return ControlLook.Switch(
            trackRadius: look.trackRadius, track: track, thumbSize: look.thumbSize, thumb: color(look.thumbColor),
            ring: ring)
    }

    func checkbox(_ s: ResolvedStyle) -> ControlLook.Checkbox {
        let look = theme.checkbox
        return ControlLook.Checkbox(
            radius: look.radius, strokeWidth: look.borderWidth, checked: s.tint ?? color(look.checkedColor),
            tick: color(look.tickColor), border: color(look.borderColor))
    }

    func placeholder() -> ControlLook.Placeholder {
        let look = theme.imagePlaceholder
        return ControlLook.Placeholder(
            fill: color(look.background), border: look.borderWidth > 0 ? line(look.borderColor, look.borderWidth) : nil)
    }

    /// The iOS dialog's "X" when the theme has `dialog.closeButtonColor`.
    func dialogClose() -> ControlLook.DialogClose? {
        guard let colour = theme.dialog.closeButtonColor, !colour.isEmpty else { return nil }
        return ControlLook.DialogClose(color: color(colour), side: theme.dialog.headerHeight)
    }
}

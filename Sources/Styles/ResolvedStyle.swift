import Primitives

/// Every style property of one element in its current state, with theme defaults filled in:
/// no optionals left except where "not set" has a meaning of its own.
package struct ResolvedStyle: Hashable, Sendable {
    package var width: Dimension = .wrapContent
    package var height: Dimension = .wrapContent
    package var minWidth: Double = 0
    package var minHeight: Double = 0
    /// The least border-box height of a wrap-content control the theme gives (a text field's
    /// `textField.height`): a default like a user-agent stylesheet's, so 0 when the session's own
    /// styles set `min-height` (`0` included).
    package var naturalMinHeight: Double = 0
    package var maxWidth: Double = .infinity
    package var maxHeight: Double = .infinity
    package var margin: Sides<Double> = zeroSides
    package var padding: Sides<Double> = zeroSides
    package var weight: Double = 0
    package var gravity = Gravity()
    /// Frame-layout offsets; nil on a side = not given.
    package var offsets = unsetDoubleSides
    package var overflowHidden = false

    /// nil: neither the element nor the theme's widgetDefaults set one (a widget look may supply
    /// it); `.color(.transparent)` when explicitly `transparent` or `none`.
    package var background: Background? = nil
    package var border = noBorderSides
    /// nil: neither the element nor the theme's widgetDefaults set one; the box look
    /// (`StyleResolver.boxLook`) puts in the theme's radius for the widgets that have one, and
    /// a declared radius, `0` included, stays.
    package var borderRadius: Corners? = nil
    /// nil: no shadow (`shadow: 0` and `none` resolve to nil).
    package var shadow: Shadow? = nil
    package var opacity: Double = 1
    package var zoom: Double = 1
    /// Accent of switches, spinners, checkboxes and radio rings as declared (by the element or the
    /// theme's widgetDefaults); nil = the theme look's own colour (`StyleResolver.controlLook`).
    package var tint: Color? = nil

    package var color: Color = .black
    package var fontSize: Double = 15
    package var fontWeight: Int = 400
    package var fontStyle: FontStyle = .normal
    package var fontFamily: String = "Roboto"
    package var textAlign: TextAlign? = nil  // nil: left, or right for RTL paragraphs
    package var noWrap = false
    package var ellipsis = false
    package var maxLines: Int? = nil
    package var lineHeight: Double? = nil  // nil: the font's own line spacing
    package var minScale: Double? = nil
    package var hint: String = ""
    /// Colour of links inside text (the LINK selector's `color`, else the theme's).
    package var linkColor: Color = Color(rgb: 0xc32527)
    package var hintColor: Color = Color(rgb: 0x9e9e9e)

    package var icon: String? = nil
    package var iconAttachment: IconAttachment = .top
    package var imageScale: ImageScale = .fitCenter

    package init() {}

    /// Border widths per side (0 where no border is drawn).
    package var borderWidths: Sides<Double> { border.mapped(into: zeroSides) { $0.isVisible ? $0.width : 0 } }
}

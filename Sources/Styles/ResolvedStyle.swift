import Primitives

/// Every style property of one element in its current state, with theme defaults filled in:
/// no optionals left except where "not set" has a meaning of its own.
public struct ResolvedStyle: Hashable, Sendable {
    public var width: Dimension = .wrapContent
    public var height: Dimension = .wrapContent
    public var minWidth: Double = 0
    public var minHeight: Double = 0
    /// The least border-box height of a wrap-content control the theme gives (a text field's
    /// `textField.height`): a default like a user-agent stylesheet's, so 0 when the session's own
    /// styles set `min-height` (`0` included).
    public var naturalMinHeight: Double = 0
    public var maxWidth: Double = .infinity
    public var maxHeight: Double = .infinity
    public var margin: Sides<Double> = .zero
    public var padding: Sides<Double> = .zero
    public var weight: Double = 0
    public var gravity = Gravity()
    /// Frame-layout offsets; nil on a side = not given.
    public var offsets = Sides<Double?>(all: nil)
    public var overflowHidden = false

    /// nil: neither the element nor the theme's widgetDefaults set one (a widget look may supply
    /// it); `.color(.transparent)` when explicitly `transparent` or `none`.
    public var background: Background? = nil
    public var border = Sides<BorderSide>(all: .none)
    /// nil: neither the element nor the theme's widgetDefaults set one; the box look
    /// (`StyleResolver.boxLook`) puts in the theme's radius for the widgets that have one, and
    /// a declared radius, `0` included, stays.
    public var borderRadius: Corners? = nil
    /// nil: no shadow (`shadow: 0` and `none` resolve to nil).
    public var shadow: Shadow? = nil
    public var opacity: Double = 1
    public var zoom: Double = 1
    /// Accent of switches, spinners, checkboxes and radio rings as declared (by the element or the
    /// theme's widgetDefaults); nil = the theme look's own colour (`StyleResolver.controlLook`).
    public var tint: Color? = nil

    public var color: Color = .black
    public var fontSize: Double = 15
    public var fontWeight: Int = 400
    public var fontStyle: FontStyle = .normal
    public var fontFamily: String = "Roboto"
    public var textAlign: TextAlign? = nil  // nil: left, or right for RTL paragraphs
    public var noWrap = false
    public var ellipsis = false
    public var maxLines: Int? = nil
    public var lineHeight: Double? = nil  // nil: the font's own line spacing
    public var minScale: Double? = nil
    public var hint: String = ""
    /// Colour of links inside text (the LINK selector's `color`, else the theme's).
    public var linkColor: Color = Color(rgb: 0xc32527)
    public var hintColor: Color = Color(rgb: 0x9e9e9e)

    public var icon: String? = nil
    public var iconAttachment: IconAttachment = .top
    public var imageScale: ImageScale = .fitCenter

    public init() {}

    /// Border widths per side (0 where no border is drawn).
    public var borderWidths: Sides<Double> { border.map { $0.isVisible ? $0.width : 0 } }
}

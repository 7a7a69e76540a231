import Primitives
import SessionFormat
import Styles

/// One laid-out element: everything painting needs to draw it, decided here once (its frame, its
/// style for its current state and box look, its placed texts and icons, its widget state), so
/// that painting reads this record and nothing else: no widget tree, no text engine, no style
/// resolution.
public struct LaidOutElement: Sendable {
    public var id: Int
    public var kind: WidgetKind
    /// The nearest ancestor that was laid out (nil for a root): clips and `--element` subtrees
    /// follow this chain.
    public var parent: Int?
    /// Border box in dp, screen coordinates, scroll offsets applied.
    public var frame: Rect
    /// The resolved style for the element's current state (pressed, selected), fill defaults applied.
    public var style: ResolvedStyle
    /// Background, corner radii and shadow the box is drawn with: the element's own, or the
    /// theme's for the widgets that have one (buttons, bars, panels).
    public var look: BoxLook
    /// What the widget draws besides its box (track, tick, underline, dots ...), its colours
    /// resolved; nil for kinds that draw only their box and texts.
    public var control: ControlLook? = nil
    /// The primary paragraph (label, title, field text ...) and its top-left on screen.
    public var paragraph: ParagraphLayout? = nil
    public var textOrigin: Point? = nil
    /// A text field or text view's hint or password dots, drawn instead of `paragraph` when the
    /// paragraph does not show what the field shows (an empty paragraph: nothing to draw).
    public var placeholder: PlacedText? = nil
    /// Further texts (subtitle, Save, sheet rows, segment labels, error line), drawn after the content.
    public var extraTexts: [PlacedText] = []
    /// The picker's arrow glyph, centred in its icon column.
    public var arrow: PlacedText? = nil
    /// Where the element's icon goes: button and bar-item icons, the action bar's left button, a
    /// switch's track, a checkbox's box, a picker's arrow column, page-control dots' row.
    public var iconFrame: Rect? = nil
    /// The image-store key of the element's icon (its `icon` style), nil when it names none.
    public var iconKey: String? = nil
    /// That icon fitted into `iconFrame`: nil when either is missing or the store has no such image.
    public var icon: PlacedImage? = nil
    /// Rows of an action sheet (title row if any, one per option, Cancel), a dialog's header, a
    /// radio group's option rows, segment cells, an action bar's option icon boxes, or a search
    /// bar's field.
    public var rows: [Rect]? = nil
    /// Depth below its paint root (application, view, bar or overlay), which the layout dump indents
    /// by; nil when it is not painted (hidden but keeping its space).
    public var depth: Int? = nil
    /// Children painted with it, in paint order: laid out, visible, not placed by the screen.
    public var children: [Int] = []
    /// A scroll layout's content size and clamped offset.
    public var scrollContent: Size? = nil
    public var scrollOffset: Double? = nil

    // MARK: Widget state painting reads

    public var isVisible: Bool = true
    /// A progress spinner that was stopped (painted as nothing).
    public var isStopped: Bool = false
    /// SET_INT_VALUE: checked state, selected index or option id, page count.
    public var value: Int = 0
    /// The element's own text.
    public var text: String = ""
    public var options: [LaidOutOption] = []
    /// Image-store keys that may hold an image view's pixels, most specific first.
    public var imageKeys: [String] = []
    /// Pixels the element carries itself (setImageData or a canvas surface), under `ImageStore.elementKey(id)`.
    public var ownPixels: OwnPixels? = nil
    /// The image the element draws: an image view's first stored `imageKeys` entry by its scale
    /// mode, or another element's own pixels; nil when the store has none (an image view then
    /// shows its placeholder).
    public var image: PlacedImage? = nil
    /// Milliseconds since the element was created (a spinner's phase).
    public var age: Int = 0

    public init(
        id: Int, kind: WidgetKind, frame: Rect, style: ResolvedStyle = ResolvedStyle(),
        look: BoxLook? = nil
    ) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.style = style
        self.look =
            look ?? BoxLook(background: style.background, radii: style.borderRadius ?? .zero, shadow: style.shadow)
    }
}

extension ResolvedStyle {
    /// The content box (inside border and padding) of a box drawn with this style at `frame`: the one
    /// rule layout places content by and painting clips and places images by.
    public func contentBox(of frame: Rect) -> Rect {
        frame.inset(by: borderWidths).inset(by: padding)
    }
}

/// An option of a picker, radio group, action sheet or action bar (ADD_OPTION).
public struct LaidOutOption: Hashable, Sendable {
    public var id: Int
    public var label: String
    /// An action bar option's icon: the image-store key of the asset its label names; nil otherwise.
    public var iconKey: String?
    /// That icon fitted into the option's box (`rows`); nil when the store has no such image (the
    /// placeholder shows instead).
    public var icon: PlacedImage? = nil
    public init(id: Int, label: String, iconKey: String? = nil) {
        self.id = id
        self.label = label
        self.iconKey = iconKey
    }
}

/// How an element's own pixels are drawn.
public enum OwnPixels: Hashable, Sendable {
    /// setImageData pixels, fitted by the element's scale mode.
    case fitted
    /// A canvas surface, drawn at its own dp size from the content box's top-left.
    case surface
}

/// What a placed text is to its element.
public enum TextRole: String, Hashable, Sendable {
    /// Action bar: the subtitle under the title, the Save button's text.
    case subtitle, save
    /// Action sheet: the title row, an option row, the Cancel row (options also label segments and radio rows).
    case title, option, cancel
    /// A field's SET_ERROR line under it.
    case error
    /// A text field or text view's hint or password dots.
    case hint
    /// The picker's arrow glyph.
    case arrow
}

/// A paragraph placed on screen with the role it plays for its element.
public struct PlacedText: Hashable, Sendable {
    public var role: TextRole
    public var paragraph: ParagraphLayout
    /// Top-left of the paragraph (screen coordinates once the layout is done).
    public var origin: Point
    public init(role: TextRole, paragraph: ParagraphLayout, origin: Point) {
        self.role = role
        self.paragraph = paragraph
        self.origin = origin
    }
}

/// A toast on screen: its label's frame and look, its text laid out and placed, its current opacity.
public struct LaidOutToast: Hashable, Sendable {
    public var text: String
    public var frame: Rect
    /// The theme's toast colour with its opacity applied, and the corner radius.
    public var background: Color
    public var radius: Double
    public var paragraph: ParagraphLayout
    /// Top-left of the paragraph (screen coordinates).
    public var origin: Point
    public var opacity: Double
    public init(
        text: String, frame: Rect, background: Color, radius: Double, paragraph: ParagraphLayout,
        origin: Point, opacity: Double
    ) {
        self.text = text
        self.frame = frame
        self.background = background
        self.radius = radius
        self.paragraph = paragraph
        self.origin = origin
        self.opacity = opacity
    }
}

import Primitives
import SessionFormat
import Styles

/// One laid-out element: everything painting needs to draw it, decided here once (its frame, its
/// style for its current state and box look, its placed texts and icons, its widget state), so
/// that painting reads this record and nothing else: no widget tree, no text engine, no style
/// resolution.
package struct LaidOutElement: Sendable {
    package var id: Int
    package var kind: WidgetKind
    /// The nearest ancestor that was laid out (nil for a root): clips and `--element` subtrees
    /// follow this chain.
    package var parent: Int?
    /// Border box in dp, screen coordinates, scroll offsets applied.
    package var frame: Rect
    /// The resolved style for the element's current state (pressed, selected), fill defaults applied.
    package var style: ResolvedStyle
    /// Background, corner radii and shadow the box is drawn with: the element's own, or the
    /// theme's for the widgets that have one (buttons, bars, panels).
    package var look: BoxLook
    /// What the widget draws besides its box (track, tick, underline, dots ...), its colours
    /// resolved; nil for kinds that draw only their box and texts.
    package var control: ControlLook? = nil
    /// The primary paragraph (label, title, field text ...) and its top-left on screen.
    package var paragraph: ParagraphLayout? = nil
    package var textOrigin: Point? = nil
    /// A text field or text view's hint or password dots, drawn instead of `paragraph` when the
    /// paragraph does not show what the field shows (an empty paragraph: nothing to draw).
    package var placeholder: PlacedText? = nil
    /// Further texts (subtitle, Save, sheet rows, segment labels, error line), drawn after the content.
    package var extraTexts: [PlacedText] = []
    /// The picker's arrow glyph, centred in its icon column.
    package var arrow: PlacedText? = nil
    /// Where the element's icon goes: button and bar-item icons, the action bar's left button, a
    /// switch's track, a checkbox's box, a picker's arrow column, page-control dots' row.
    package var iconFrame: Rect? = nil
    /// The image-store key of the element's icon (its `icon` style), nil when it names none.
    package var iconKey: String? = nil
    /// That icon fitted into `iconFrame`: nil when either is missing or the store has no such image.
    package var icon: PlacedImage? = nil
    /// Rows of an action sheet (title row if any, one per option, Cancel), a dialog's header, a
    /// radio group's option rows, segment cells, an action bar's option icon boxes, or a search
    /// bar's field.
    package var rows: [Rect]? = nil
    /// Depth below its paint root (application, view, bar or overlay), which the layout dump indents
    /// by; nil when it is not painted (hidden but keeping its space).
    package var depth: Int? = nil
    /// Children painted with it, in paint order: laid out, visible, not placed by the screen.
    package var children: [Int] = []
    /// A scroll layout's content size and clamped offset.
    package var scrollContent: Size? = nil
    package var scrollOffset: Double? = nil

    // MARK: Widget state painting reads

    package var isVisible: Bool = true
    /// A progress spinner that was stopped (painted as nothing).
    package var isStopped: Bool = false
    /// SET_INT_VALUE: checked state, selected index or option id, page count.
    package var value: Int = 0
    /// The element's own text.
    package var text: String = ""
    package var options: [LaidOutOption] = []
    /// Image-store keys that may hold an image view's pixels, most specific first.
    package var imageKeys: [String] = []
    /// Pixels the element carries itself (setImageData or a canvas surface), under `ImageStore.elementKey(id)`.
    package var ownPixels: OwnPixels? = nil
    /// The image the element draws: an image view's first stored `imageKeys` entry by its scale
    /// mode, or another element's own pixels; nil when the store has none (an image view then
    /// shows its placeholder).
    package var image: PlacedImage? = nil
    /// Milliseconds since the element was created (a spinner's phase).
    package var age: Int = 0

    package init(
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
    package func contentBox(of frame: Rect) -> Rect {
        frame.inset(by: borderWidths).inset(by: padding)
    }
}

/// An option of a picker, radio group, action sheet or action bar (ADD_OPTION).
package struct LaidOutOption: Hashable, Sendable {
    package var id: Int
    package var label: String
    /// An action bar option's icon: the image-store key of the asset its label names; nil otherwise.
    package var iconKey: String?
    /// That icon fitted into the option's box (`rows`); nil when the store has no such image (the
    /// placeholder shows instead).
    package var icon: PlacedImage? = nil
    package init(id: Int, label: String, iconKey: String? = nil) {
        self.id = id
        self.label = label
        self.iconKey = iconKey
    }
}

/// How an element's own pixels are drawn.
package enum OwnPixels: Hashable, Sendable {
    /// setImageData pixels, fitted by the element's scale mode.
    case fitted
    /// A canvas surface, drawn at its own dp size from the content box's top-left.
    case surface
}

/// What a placed text is to its element.
package enum TextRole: String, Hashable, Sendable {
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
package struct PlacedText: Hashable, Sendable {
    package var role: TextRole
    package var paragraph: ParagraphLayout
    /// Top-left of the paragraph (screen coordinates once the layout is done).
    package var origin: Point
    package init(role: TextRole, paragraph: ParagraphLayout, origin: Point) {
        self.role = role
        self.paragraph = paragraph
        self.origin = origin
    }
}

/// A toast on screen: its label's frame and look, its text laid out and placed, its current opacity.
package struct LaidOutToast: Hashable, Sendable {
    package var text: String
    package var frame: Rect
    /// The theme's toast colour with its opacity applied, and the corner radius.
    package var background: Color
    package var radius: Double
    package var paragraph: ParagraphLayout
    /// Top-left of the paragraph (screen coordinates).
    package var origin: Point
    package var opacity: Double
    package init(
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

import Foundation
import Primitives

/// Defaults and widget looks, like a browser's user-agent stylesheet: data, not code.
/// Loaded from JSON (`Themes/default.json` is the `default` theme; `--theme FILE` loads a user's).
/// Colours are strings in the style colour syntax; sizes are dp. Every field is documented for
/// theme authors in `Themes/README.md`; `ThemeLoader` validates a theme on load.
public struct Theme: Codable, Hashable, Sendable {
    public var name: String
    /// Text defaults for every widget.
    public var font: FontLook
    public var linkColor: String
    public var hintColor: String
    /// Pixels per dp of image and icon assets without an `@Nx` suffix.
    public var assetDensity: Double
    /// Value of a click's ValueEvent (1 iOS/default, 0 Android).
    public var clickValue: Int
    public var actionBar: ActionBarLook
    public var navigationBar: NavigationBarLook
    public var searchBar: BarLook
    public var button: ButtonLook
    public var textField: TextFieldLook
    public var switchControl: SwitchLook
    public var checkbox: CheckboxLook
    public var picker: PickerLook
    public var spinner: SpinnerLook
    public var pageControl: PageControlLook
    public var imagePlaceholder: PlaceholderLook
    public var scrim: String
    public var dialog: DialogLook
    public var actionSheet: ActionSheetLook
    public var toast: ToastLook
    public var drawer: DrawerLook
    /// The status band and bottom safe area (semantics.md section 7 item 36); nil = the top bar's
    /// colour extended, no glyphs (the `default` look).
    public var statusBar: StatusBarLook?
    /// Radio buttons of a RadioGroup's options; nil = the checkbox's numbers (`radioLook`).
    public var radioButton: RadioButtonLook?
    /// Behaviour profile: "ios", "android", or absent (the neutral preview rules). See PlatformProfile.
    public var platform: String?
    /// Per widget kind (WidgetKind raw value), style declarations applied before the element's own:
    /// key -> value in the SET_STYLE syntax, e.g. {"button": {"padding": "8 16"}}.
    public var widgetDefaults: [String: [String: String]]

    public struct FontLook: Codable, Hashable, Sendable {
        public var family: String
        public var size: Double
        public var weight: Int
        public var color: String
    }
    public struct TextLook: Codable, Hashable, Sendable {
        public var family: String?
        public var size: Double
        public var weight: Int
        public var color: String
    }
    public struct BarLook: Codable, Hashable, Sendable {
        public var height: Double
        public var background: String
        public var lineColor: String
        public var lineWidth: Double
    }
    public struct ActionBarLook: Codable, Hashable, Sendable {
        public var height: Double
        public var background: String
        public var lineColor: String
        public var lineWidth: Double
        /// true: the bar overlays content (iOS); false: pushes it down.
        public var overlaysContent: Bool
        public var title: TextLook
        public var subtitle: TextLook
        public var titleX: Double
        public var titleXAfterButton: Double
        public var titleCentered: Bool
        public var buttonX: Double
        public var iconSize: Double
        public var iconColor: String
        public var saveText: String
        public var saveRightInset: Double
        public var saveColor: String
    }
    public struct NavigationBarLook: Codable, Hashable, Sendable {
        public var height: Double
        public var background: String
        public var lineColor: String
        public var lineWidth: Double
        public var overlaysContent: Bool
        public var iconSize: Double
        public var label: TextLook
        public var selectedColor: String
        public var color: String
    }
    /// What a button looks like. The style resolver takes a button's box (background, radius,
    /// padding, min height, weight, alignment) from `widgetDefaults.button`; these fields mirror it
    /// for code that draws buttons itself (dialog and sheet buttons), and add icon size and gap.
    public struct ButtonLook: Codable, Hashable, Sendable {
        public var background: String
        public var radius: Double
        /// 1 to 4 numbers in CSS order.
        public var padding: [Double]
        public var minHeight: Double
        public var font: TextLook
        public var iconSize: Double
        public var iconGap: Double
        /// Overlay painted over a pressed button (Android's ripple), "" = none.
        public var pressedOverlay: String
        /// Overlay over a pressed button that has a background of its own (Android #80000000);
        /// absent = `pressedOverlay` for every button.
        public var pressedOverlayOnBackground: String?
    }
    public struct TextFieldLook: Codable, Hashable, Sendable {
        public var height: Double
        public var padding: Double
        public var lineColor: String
        public var lineWidth: Double
        public var font: TextLook
        public var hintColor: String
        public var passwordDot: String
        /// Optional bezel (iOS `UITextFieldBorderStyleRoundedRect`): when `borderWidth` > 0 the field
        /// gets a rounded outline (`borderColor`, `radius`) over `background` instead of the bottom
        /// line. Left out (default, android) = the underline only.
        public var borderWidth: Double?
        public var borderColor: String?
        public var radius: Double?
        public var background: String?
    }
    public struct SwitchLook: Codable, Hashable, Sendable {
        public var trackWidth: Double
        public var trackHeight: Double
        public var trackRadius: Double
        public var offColor: String
        public var onColor: String
        public var thumbSize: Double
        public var thumbColor: String
        public var thumbRingColor: String
        public var thumbRingWidth: Double
        public var labelGap: Double
    }
    public struct CheckboxLook: Codable, Hashable, Sendable {
        public var size: Double
        public var radius: Double
        public var borderWidth: Double
        public var borderColor: String
        public var checkedColor: String
        public var tickColor: String
        public var labelGap: Double
    }
    public struct PickerLook: Codable, Hashable, Sendable {
        public var padding: Double
        public var arrowWidth: Double
        public var arrow: String
        public var lineColor: String
        public var lineWidth: Double
    }
    public struct SpinnerLook: Codable, Hashable, Sendable {
        public var size: Double
        public var spokes: Int
        public var color: String
    }
    public struct PageControlLook: Codable, Hashable, Sendable {
        public var dotSize: Double
        public var gap: Double
        public var currentColor: String
        public var color: String
    }
    public struct PlaceholderLook: Codable, Hashable, Sendable {
        public var width: Double
        public var height: Double
        public var background: String
        public var borderColor: String
        public var borderWidth: Double
    }
    public struct DialogLook: Codable, Hashable, Sendable {
        /// Free space on EACH side: panel width = min(W - 2 * sideMargin, maxWidth).
        public var sideMargin: Double
        public var maxWidth: Double
        public var radius: Double
        public var background: String
        public var shadow: String
        public var headerHeight: Double
        public var title: TextLook
        /// Padding around the children below the header.
        public var padding: Double
        /// Free space above and below: panel height <= content area height - 2 * verticalMargin.
        public var verticalMargin: Double
        /// The title centred in the header (iOS navigation bar over the panel); absent = false.
        public var titleCentered: Bool?
        /// Left inset of a left-aligned title (Android 14); absent = `padding`.
        public var titleX: Double?
        /// iOS: colour of the "X" close button at the right end of the header (the title bar's
        /// bar button, look only); absent = no button.
        public var closeButtonColor: String?
    }
    public struct ActionSheetLook: Codable, Hashable, Sendable {
        public var background: String
        public var radius: Double
        public var titleHeight: Double
        public var title: TextLook
        public var rowHeight: Double
        public var option: TextLook
        public var cancelText: String
        public var separatorColor: String
    }
    public struct ToastLook: Codable, Hashable, Sendable {
        public var background: String
        /// Opacity of the whole toast (background and text) before it fades.
        public var opacity: Double
        public var radius: Double
        /// 1 to 4 numbers in CSS order (`[8, 16]` = 8 top/bottom, 16 left/right).
        public var padding: [Double]
        public var font: TextLook
        /// Distance from the content area's bottom to the toast's bottom edge.
        public var bottomOffset: Double
        /// "bottom" (default look, Android) or "center" (iOS).
        public var position: String
        /// ms a toast shows (fade included): every toast on iOS, a short one (value not 1) elsewhere
        /// (`PlatformProfile.toastDuration`).
        public var defaultDuration: Int
        /// ms of the linear fade-out at the end of the duration.
        public var fadeDuration: Int
    }
    public struct DrawerLook: Codable, Hashable, Sendable {
        public var background: String
        /// Drawer width = screen width - rightGap.
        public var rightGap: Double
    }
    public struct StatusBarLook: Codable, Hashable, Sendable {
        /// Glyphs drawn in the status band: "none", "ios" (clock centred, battery right) or "android"
        /// (clock left, icons right).
        public var glyphs: String
        /// Colour of the glyphs.
        public var color: String
        /// Fill of the band; "" = the top bar's colour extended (white without a bar).
        public var background: String
    }
}

import Foundation
import Primitives

/// Defaults and widget looks, like a browser's user-agent stylesheet: data, not code.
/// Loaded from JSON (`Themes/default.json` is the `default` theme; `--theme FILE` loads a user's).
/// Colours are strings in the style colour syntax; sizes are dp. Every field is documented for
/// theme authors in `Themes/README.md`; `ThemeLoader` validates a theme on load.
public struct Theme: Codable, Hashable, Sendable {
    public var name: String
    /// Text defaults for every widget.
    package var font: FontLook
    package var linkColor: String
    package var hintColor: String
    /// Pixels per dp of image and icon assets without an `@Nx` suffix.
    package var assetDensity: Double
    /// Value of a click's ValueEvent (1 iOS/default, 0 Android).
    package var clickValue: Int
    package var actionBar: ActionBarLook
    package var navigationBar: NavigationBarLook
    package var searchBar: BarLook
    package var button: ButtonLook
    package var textField: TextFieldLook
    package var switchControl: SwitchLook
    package var checkbox: CheckboxLook
    package var picker: PickerLook
    package var spinner: SpinnerLook
    package var pageControl: PageControlLook
    package var imagePlaceholder: PlaceholderLook
    package var scrim: String
    package var dialog: DialogLook
    package var actionSheet: ActionSheetLook
    package var toast: ToastLook
    package var drawer: DrawerLook
    /// The status band and bottom safe area (semantics.md section 7 item 36); nil = the top bar's
    /// colour extended, no glyphs (the `default` look).
    package var statusBar: StatusBarLook?
    /// Radio buttons of a RadioGroup's options; nil = the checkbox's numbers (`radioLook`).
    package var radioButton: RadioButtonLook?
    /// Behaviour profile: "ios", "android", or absent (the neutral preview rules). See PlatformProfile.
    package var platform: String?
    /// Per widget kind (WidgetKind raw value), style declarations applied before the element's own:
    /// key -> value in the SET_STYLE syntax, e.g. {"button": {"padding": "8 16"}}.
    package var widgetDefaults: [String: [String: String]]

    package struct FontLook: Codable, Hashable, Sendable {
        package var family: String
        package var size: Double
        package var weight: Int
        package var color: String
    }
    package struct TextLook: Codable, Hashable, Sendable {
        package var family: String?
        package var size: Double
        package var weight: Int
        package var color: String
    }
    package struct BarLook: Codable, Hashable, Sendable {
        package var height: Double
        package var background: String
        package var lineColor: String
        package var lineWidth: Double
    }
    package struct ActionBarLook: Codable, Hashable, Sendable {
        package var height: Double
        package var background: String
        package var lineColor: String
        package var lineWidth: Double
        /// true: the bar overlays content (iOS); false: pushes it down.
        package var overlaysContent: Bool
        package var title: TextLook
        package var subtitle: TextLook
        package var titleX: Double
        package var titleXAfterButton: Double
        package var titleCentered: Bool
        package var buttonX: Double
        package var iconSize: Double
        package var iconColor: String
        package var saveText: String
        package var saveRightInset: Double
        package var saveColor: String
    }
    package struct NavigationBarLook: Codable, Hashable, Sendable {
        package var height: Double
        package var background: String
        package var lineColor: String
        package var lineWidth: Double
        package var overlaysContent: Bool
        package var iconSize: Double
        package var label: TextLook
        package var selectedColor: String
        package var color: String
    }
    /// What a button looks like. The style resolver takes a button's box (background, radius,
    /// padding, min height, weight, alignment) from `widgetDefaults.button`; these fields mirror it
    /// for code that draws buttons itself (dialog and sheet buttons), and add icon size and gap.
    package struct ButtonLook: Codable, Hashable, Sendable {
        package var background: String
        package var radius: Double
        /// 1 to 4 numbers in CSS order.
        package var padding: [Double]
        package var minHeight: Double
        package var font: TextLook
        package var iconSize: Double
        package var iconGap: Double
        /// Overlay painted over a pressed button (Android's ripple), "" = none.
        package var pressedOverlay: String
        /// Overlay over a pressed button that has a background of its own (Android #80000000);
        /// absent = `pressedOverlay` for every button.
        package var pressedOverlayOnBackground: String?
    }
    package struct TextFieldLook: Codable, Hashable, Sendable {
        package var height: Double
        package var padding: Double
        package var lineColor: String
        package var lineWidth: Double
        package var font: TextLook
        package var hintColor: String
        package var passwordDot: String
        /// Optional bezel (iOS `UITextFieldBorderStyleRoundedRect`): when `borderWidth` > 0 the field
        /// gets a rounded outline (`borderColor`, `radius`) over `background` instead of the bottom
        /// line. Left out (default, android) = the underline only.
        package var borderWidth: Double?
        package var borderColor: String?
        package var radius: Double?
        package var background: String?
    }
    package struct SwitchLook: Codable, Hashable, Sendable {
        package var trackWidth: Double
        package var trackHeight: Double
        package var trackRadius: Double
        package var offColor: String
        package var onColor: String
        package var thumbSize: Double
        package var thumbColor: String
        package var thumbRingColor: String
        package var thumbRingWidth: Double
        package var labelGap: Double
    }
    package struct CheckboxLook: Codable, Hashable, Sendable {
        package var size: Double
        package var radius: Double
        package var borderWidth: Double
        package var borderColor: String
        package var checkedColor: String
        package var tickColor: String
        package var labelGap: Double
    }
    package struct PickerLook: Codable, Hashable, Sendable {
        package var padding: Double
        package var arrowWidth: Double
        package var arrow: String
        package var lineColor: String
        package var lineWidth: Double
    }
    package struct SpinnerLook: Codable, Hashable, Sendable {
        package var size: Double
        package var spokes: Int
        package var color: String
    }
    package struct PageControlLook: Codable, Hashable, Sendable {
        package var dotSize: Double
        package var gap: Double
        package var currentColor: String
        package var color: String
    }
    package struct PlaceholderLook: Codable, Hashable, Sendable {
        package var width: Double
        package var height: Double
        package var background: String
        package var borderColor: String
        package var borderWidth: Double
    }
    package struct DialogLook: Codable, Hashable, Sendable {
        /// Free space on EACH side: panel width = min(W - 2 * sideMargin, maxWidth).
        package var sideMargin: Double
        package var maxWidth: Double
        package var radius: Double
        package var background: String
        package var shadow: String
        package var headerHeight: Double
        package var title: TextLook
        /// Padding around the children below the header.
        package var padding: Double
        /// Free space above and below: panel height <= content area height - 2 * verticalMargin.
        package var verticalMargin: Double
        /// The title centred in the header (iOS navigation bar over the panel); absent = false.
        package var titleCentered: Bool?
        /// Left inset of a left-aligned title (Android 14); absent = `padding`.
        package var titleX: Double?
        /// iOS: colour of the "X" close button at the right end of the header (the title bar's
        /// bar button, look only); absent = no button.
        package var closeButtonColor: String?
    }
    package struct ActionSheetLook: Codable, Hashable, Sendable {
        package var background: String
        package var radius: Double
        package var titleHeight: Double
        package var title: TextLook
        package var rowHeight: Double
        package var option: TextLook
        package var cancelText: String
        package var separatorColor: String
    }
    package struct ToastLook: Codable, Hashable, Sendable {
        package var background: String
        /// Opacity of the whole toast (background and text) before it fades.
        package var opacity: Double
        package var radius: Double
        /// 1 to 4 numbers in CSS order (`[8, 16]` = 8 top/bottom, 16 left/right).
        package var padding: [Double]
        package var font: TextLook
        /// Distance from the content area's bottom to the toast's bottom edge.
        package var bottomOffset: Double
        /// "bottom" (default look, Android) or "center" (iOS).
        package var position: String
        /// ms a toast shows (fade included): every toast on iOS, a short one (value not 1) elsewhere
        /// (`PlatformProfile.toastDuration`).
        package var defaultDuration: Int
        /// ms of the linear fade-out at the end of the duration.
        package var fadeDuration: Int
    }
    package struct DrawerLook: Codable, Hashable, Sendable {
        package var background: String
        /// Drawer width = screen width - rightGap.
        package var rightGap: Double
    }
    package struct StatusBarLook: Codable, Hashable, Sendable {
        /// Glyphs drawn in the status band: "none", "ios" (clock centred, battery right) or "android"
        /// (clock left, icons right).
        package var glyphs: String
        /// Colour of the glyphs.
        package var color: String
        /// Fill of the band; "" = the top bar's colour extended (white without a bar).
        package var background: String
    }
}

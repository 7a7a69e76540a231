import Primitives

/// The theme's screen-wide looks and widget metrics, resolved once per theme (with the resolver,
/// `StyleResolver.looks`): colour strings parsed, text looks given the theme's font family, CSS
/// number lists turned into sides. Layout sizes and places with these values and the replay reads
/// its settings from them; nothing outside Styles reads a `Theme` (scripts/check-theme-lookups).
/// Per-element looks (box and control) are `StyleResolver.boxLook` and `controlLook`.
public struct ThemeLooks: Hashable, Sendable {
    /// A text look with its family and colour resolved.
    public struct Text: Hashable, Sendable {
        public var family: String
        public var size: Double
        public var weight: Int
        public var color: Color
    }
    public struct ActionBar: Hashable, Sendable {
        public var height: Double
        /// true: the bar overlays content (iOS); false: pushes it down.
        public var overlaysContent: Bool
        public var title: Text
        public var subtitle: Text
        public var titleX: Double
        public var titleXAfterButton: Double
        public var titleCentered: Bool
        public var buttonX: Double
        public var iconSize: Double
        public var saveText: String
        public var saveRightInset: Double
        public var saveColor: Color
        /// The bar's fill, bottom line and icon colour, for what draws a bar of its own (the in-app
        /// browser's page, semantics.md 7 item 42); the action bar element takes its box look.
        public var background: Color
        public var lineColor: Color
        public var lineWidth: Double
        public var iconColor: Color
    }
    public struct NavigationBar: Hashable, Sendable {
        public var height: Double
        public var overlaysContent: Bool
        public var iconSize: Double
        public var label: Text
        public var selectedColor: Color
        public var color: Color
    }
    /// What a control measures with besides its style.
    public struct Controls: Hashable, Sendable {
        public var buttonIconSize: Double
        public var buttonIconGap: Double
        /// The password dot as the theme gives it ("" measures as nothing).
        public var passwordDot: String
        public var switchTrackWidth: Double
        public var switchTrackHeight: Double
        public var switchThumbSize: Double
        public var switchLabelGap: Double
        public var checkboxSize: Double
        public var checkboxLabelGap: Double
        public var pickerArrow: String
        public var pickerArrowWidth: Double
        public var radioSize: Double
        public var radioLabelGap: Double
        public var radioRowPadding: Double
        public var spinnerSize: Double
        public var placeholderSize: Size
        public var pageDotSize: Double
        public var pageDotGap: Double
    }
    public struct Dialog: Hashable, Sendable {
        public var sideMargin: Double
        public var maxWidth: Double
        public var padding: Double
        public var verticalMargin: Double
        public var headerHeight: Double
        public var title: Text
        public var titleCentered: Bool
        /// Left inset of a left-aligned title; nil = `padding`.
        public var titleX: Double?
    }
    public struct ActionSheet: Hashable, Sendable {
        public var titleHeight: Double
        public var rowHeight: Double
        public var title: Text
        public var option: Text
        public var cancelText: String
    }
    public struct Toast: Hashable, Sendable {
        /// The theme's colour with the toast's opacity applied.
        public var background: Color
        public var radius: Double
        public var padding: Sides<Double>
        public var font: Text
        public var bottomOffset: Double
        /// Centred in the content area (iOS) rather than above its bottom.
        public var centered: Bool
        public var defaultDuration: Int
        public var fadeDuration: Int
    }
    /// Whose system bands the look draws (status glyphs, home indicator); nil = none (the default look).
    public enum System: Hashable, Sendable { case ios, android }

    public var fontFamily: String
    /// A text field's hint colour (also the in-app browser's "not rendered" note).
    public var hintColor: Color
    public var actionBar: ActionBar
    public var navigationBar: NavigationBar
    public var searchBarHeight: Double
    public var controls: Controls
    public var dialog: Dialog
    public var actionSheet: ActionSheet
    public var toast: Toast
    /// Drawer width = screen width - drawerRightGap.
    public var drawerRightGap: Double
    public var scrim: Color
    public var system: System?
    public var profile: PlatformProfile
    /// Replay and resource settings: pixels per dp of unsuffixed assets, a click's value.
    public var assetDensity: Double
    public var clickValue: Int

    init(_ theme: Theme, color: (String) -> Color) {
        func text(_ t: Theme.TextLook) -> Text {
            Text(family: t.family ?? theme.font.family, size: t.size, weight: t.weight, color: color(t.color))
        }
        fontFamily = theme.font.family
        hintColor = color(theme.hintColor)
        let a = theme.actionBar
        actionBar = ActionBar(
            height: a.height, overlaysContent: a.overlaysContent, title: text(a.title), subtitle: text(a.subtitle),
            titleX: a.titleX, titleXAfterButton: a.titleXAfterButton, titleCentered: a.titleCentered,
            buttonX: a.buttonX, iconSize: a.iconSize, saveText: a.saveText, saveRightInset: a.saveRightInset,
            saveColor: color(a.saveColor), background: color(a.background), lineColor: color(a.lineColor),
            lineWidth: a.lineWidth, iconColor: color(a.iconColor))
        let n = theme.navigationBar
        navigationBar = NavigationBar(
            height: n.height, overlaysContent: n.overlaysContent, iconSize: n.iconSize, label: text(n.label),
            selectedColor: color(n.selectedColor), color: color(n.color))
        searchBarHeight = theme.searchBar.height
        let radio = theme.radioLook
        controls = Controls(
            buttonIconSize: theme.button.iconSize, buttonIconGap: theme.button.iconGap,
            passwordDot: theme.textField.passwordDot,
            switchTrackWidth: theme.switchControl.trackWidth, switchTrackHeight: theme.switchControl.trackHeight,
            switchThumbSize: theme.switchControl.thumbSize, switchLabelGap: theme.switchControl.labelGap,
            checkboxSize: theme.checkbox.size, checkboxLabelGap: theme.checkbox.labelGap,
            pickerArrow: theme.picker.arrow, pickerArrowWidth: theme.picker.arrowWidth,
            radioSize: radio.size, radioLabelGap: radio.labelGap, radioRowPadding: radio.rowPadding,
            spinnerSize: theme.spinner.size,
            placeholderSize: Size(width: theme.imagePlaceholder.width, height: theme.imagePlaceholder.height),
            pageDotSize: theme.pageControl.dotSize, pageDotGap: theme.pageControl.gap)
        let d = theme.dialog
        dialog = Dialog(
            sideMargin: d.sideMargin, maxWidth: d.maxWidth, padding: d.padding, verticalMargin: d.verticalMargin,
            headerHeight: d.headerHeight, title: text(d.title), titleCentered: d.titleCentered ?? false,
            titleX: d.titleX)
        let s = theme.actionSheet
        actionSheet = ActionSheet(
            titleHeight: s.titleHeight, rowHeight: s.rowHeight, title: text(s.title), option: text(s.option),
            cancelText: s.cancelText)
        let t = theme.toast
        toast = Toast(
            background: color(t.background).withAlphaMultiplied(by: t.opacity), radius: t.radius,
            padding: Self.sides(t.padding), font: text(t.font), bottomOffset: t.bottomOffset,
            centered: t.position.lowercased() == "center", defaultDuration: t.defaultDuration,
            fadeDuration: t.fadeDuration)
        drawerRightGap = theme.drawer.rightGap
        scrim = color(theme.scrim)
        switch theme.name.lowercased() {
        case "ios": system = .ios
        case "android": system = .android
        default: system = nil
        }
        profile = theme.profile
        assetDensity = theme.assetDensity
        clickValue = theme.clickValue
    }

    /// 1 to 4 numbers in CSS order and repetition.
    public static func sides(_ v: [Double]) -> Sides<Double> {
        switch v.count {
        case 0: return .zero
        case 1: return Sides(all: v[0])
        case 2: return Sides(top: v[0], right: v[1], bottom: v[0], left: v[1])
        case 3: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[1])
        default: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[3])
        }
    }
}

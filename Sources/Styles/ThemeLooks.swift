import Primitives

/// The theme's screen-wide looks and widget metrics, resolved once per theme (with the resolver,
/// `StyleResolver.looks`): colour strings parsed, text looks given the theme's font family, CSS
/// number lists turned into sides. Layout sizes and places with these values and the replay reads
/// its settings from them; nothing outside Styles reads a `Theme` (scripts/check-theme-lookups).
/// Per-element looks (box and control) are `StyleResolver.boxLook` and `controlLook`.
package struct ThemeLooks: Hashable, Sendable {
    /// A text look with its family and colour resolved.
    package struct Text: Hashable, Sendable {
        package var family: String
        package var size: Double
        package var weight: Int
        package var color: Color
    }
    package struct ActionBar: Hashable, Sendable {
        package var height: Double
        /// true: the bar overlays content (iOS); false: pushes it down.
        package var overlaysContent: Bool
        package var title: Text
        package var subtitle: Text
        package var titleX: Double
        package var titleXAfterButton: Double
        package var titleCentered: Bool
        package var buttonX: Double
        package var iconSize: Double
        package var saveText: String
        package var saveRightInset: Double
        package var saveColor: Color
        /// The bar's fill, bottom line and icon colour, for what draws a bar of its own (the in-app
        /// browser's page, semantics.md 7 item 42); the action bar element takes its box look.
        package var background: Color
        package var lineColor: Color
        package var lineWidth: Double
        package var iconColor: Color
    }
    package struct NavigationBar: Hashable, Sendable {
        package var height: Double
        package var overlaysContent: Bool
        package var iconSize: Double
        package var label: Text
        package var selectedColor: Color
        package var color: Color
    }
    /// What a control measures with besides its style.
    package struct Controls: Hashable, Sendable {
        package var buttonIconSize: Double
        package var buttonIconGap: Double
        /// The password dot as the theme gives it ("" measures as nothing).
        package var passwordDot: String
        package var switchTrackWidth: Double
        package var switchTrackHeight: Double
        package var switchThumbSize: Double
        package var switchLabelGap: Double
        package var checkboxSize: Double
        package var checkboxLabelGap: Double
        package var pickerArrow: String
        package var pickerArrowWidth: Double
        package var radioSize: Double
        package var radioLabelGap: Double
        package var radioRowPadding: Double
        package var spinnerSize: Double
        package var placeholderSize: Size
        package var pageDotSize: Double
        package var pageDotGap: Double
    }
    package struct Dialog: Hashable, Sendable {
        package var sideMargin: Double
        package var maxWidth: Double
        package var padding: Double
        package var verticalMargin: Double
        package var headerHeight: Double
        package var title: Text
        package var titleCentered: Bool
        /// Left inset of a left-aligned title; nil = `padding`.
        package var titleX: Double?
    }
    package struct ActionSheet: Hashable, Sendable {
        package var titleHeight: Double
        package var rowHeight: Double
        package var title: Text
        package var option: Text
        package var cancelText: String
    }
    package struct Toast: Hashable, Sendable {
        /// The theme's colour with the toast's opacity applied.
        package var background: Color
        package var radius: Double
        package var padding: Sides<Double>
        package var font: Text
        package var bottomOffset: Double
        /// Centred in the content area (iOS) rather than above its bottom.
        package var centered: Bool
        package var defaultDuration: Int
        package var fadeDuration: Int
    }
    /// Whose system bands the look draws (status glyphs, home indicator); nil = none (the default look).
    package enum System: Hashable, Sendable { case ios, android }

    package var fontFamily: String
    /// A text field's hint colour (also the in-app browser's "not rendered" note).
    package var hintColor: Color
    package var actionBar: ActionBar
    package var navigationBar: NavigationBar
    package var searchBarHeight: Double
    package var controls: Controls
    package var dialog: Dialog
    package var actionSheet: ActionSheet
    package var toast: Toast
    /// Drawer width = screen width - drawerRightGap.
    package var drawerRightGap: Double
    package var scrim: Color
    package var system: System?
    package var profile: PlatformProfile
    /// Replay and resource settings: pixels per dp of unsuffixed assets, a click's value.
    package var assetDensity: Double
    package var clickValue: Int

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
    package static func sides(_ v: [Double]) -> Sides<Double> {
        switch v.count {
        case 0: return .zero
        case 1: return Sides(all: v[0])
        case 2: return Sides(top: v[0], right: v[1], bottom: v[0], left: v[1])
        case 3: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[1])
        default: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[3])
        }
    }
}

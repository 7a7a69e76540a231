import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// The widget looks layout resolves for painting (`ControlLook`, the screen's looks): the theme's
/// colour strings parsed and the element's declared `tint` chosen over the theme's accent here.

private let green = Color(rgb: 0x43a047)
private let grey = Color(rgb: 0xbdbdbd)
private let blue = Color(rgb: 0x1a73e8)
private let pink = Color(rgb: 0xe91e63)

@Test func aSwitchsTrackIsTheThemesOnColourUnlessTheElementDeclaresATint() {
    var b = TreeBuilder.screen()
    b.add(3, .switchControl, parent: 2, value: 1)
    b.add(4, .switchControl, parent: 2, value: 1) { $0.tint = pink }
    b.add(5, .switchControl, parent: 2, value: 0) { $0.tint = pink }
    let r = b.layout()
    guard case .switchControl(let on)? = r[3]?.control, case .switchControl(let tinted)? = r[4]?.control,
        case .switchControl(let off)? = r[5]?.control
    else {
        Issue.record("no switch looks")
        return
    }
    #expect(on.track == green)
    #expect(tinted.track == pink)
    #expect(off.track == grey)  // the tint colours only the on state
    #expect(on.thumb == .white && on.ring == ControlLook.Line(color: Color(rgb: 0x9e9e9e), width: 1))
    #expect(r[3]?.iconFrame?.size == Size(width: 36, height: 14))  // the track, as the pass placed it
}

@Test func theCheckedColourIsTheSharedAccentOfCheckboxesSegmentsAndRadioRings() {
    var b = TreeBuilder.screen()
    b.add(3, .checkbox, parent: 2)
    b.add(4, .segmentedControl, parent: 2)
    b.add(5, .radioGroup, parent: 2) { $0.tint = pink }
    b.add(6, .progressSpinner, parent: 2)
    let r = b.layout()
    guard case .checkbox(let box)? = r[3]?.control else {
        Issue.record("no checkbox look")
        return
    }
    #expect(box.checked == blue && box.tick == .white && box.border == Color(rgb: 0x616161) && box.strokeWidth == 2)
    #expect(r[4]?.control == .segments(tint: blue, selectedFill: blue.withAlphaMultiplied(by: 0.2), radius: 4))
    guard case .radioGroup(let radio)? = r[5]?.control else {
        Issue.record("no radio look")
        return
    }
    #expect(radio.selected == pink && radio.unselected == Color(rgb: 0x616161))
    #expect(radio.size == 18 && radio.dotSize == 9)  // the checkbox's numbers, a dot half the ring
    #expect(r[6]?.control == .spinner(color: Color(rgb: 0x757575), spokes: 12))
}

@Test func aFieldsUnderlineTurnsRedWithAnErrorAndGivesWayToItsOwnBorder() {
    var b = TreeBuilder.screen()
    b.add(3, .textField, parent: 2, text: "a")
    b.add(4, .textField, parent: 2, text: "b")
    b.tree.elements[4]?.errorText = "Required"
    b.add(5, .textField, parent: 2, text: "c") { $0.border = Sides(all: BorderSide(width: 1, color: .black)) }
    b.add(6, .picker, parent: 2, text: "d")
    let r = b.layout()
    let line = ControlLook.Line(color: Color(rgb: 0x9e9e9e), width: 1)
    #expect(r[3]?.control == .field(ControlLook.Field(underline: line, bezel: nil)))
    let red = ControlLook.Line(color: ControlLook.errorColor, width: 1)
    #expect(r[4]?.control == .field(ControlLook.Field(underline: red, bezel: nil)))
    #expect(r[5]?.control == .field(ControlLook.Field(underline: nil, bezel: nil)))
    #expect(r[6]?.control == .picker(underline: line))
}

@Test func aThemeWithABezelGivesTextFieldsAnOutlineAndTextViewsTheUnderline() {
    var theme = testTheme
    theme.textField.borderWidth = 0.5
    theme.textField.borderColor = "#c6c6c8"
    theme.textField.radius = 5
    theme.textField.background = "#ffffff"
    var b = TreeBuilder.screen()
    b.add(3, .textField, parent: 2, text: "a")
    b.add(4, .textField, parent: 2, text: "b") { $0.background = .color(pink) }
    b.tree.elements[4]?.errorText = "Required"
    b.add(5, .textView, parent: 2, text: "c")
    let r = b.layout(theme: theme)
    let grey = ControlLook.Line(color: Color(rgb: 0xc6c6c8), width: 0.5)
    #expect(
        r[3]?.control
            == .field(
                ControlLook.Field(
                    underline: nil, bezel: ControlLook.Bezel(fill: .white, border: grey, radii: Corners(all: 5)))))
    // Its own background shows (no white fill); the outline turns red.
    let red = ControlLook.Line(color: ControlLook.errorColor, width: 0.5)
    #expect(
        r[4]?.control
            == .field(
                ControlLook.Field(
                    underline: nil, bezel: ControlLook.Bezel(fill: nil, border: red, radii: Corners(all: 5)))))
    let underline = ControlLook.Line(color: Color(rgb: 0x9e9e9e), width: 1)
    #expect(r[5]?.control == .field(ControlLook.Field(underline: underline, bezel: nil)))
}

@Test func aButtonHasAnOverlayOnlyWhilePressedAndTheDarkerOneOverItsOwnBackground() {
    var theme = testTheme
    theme.button.pressedOverlay = "#1f000000"
    theme.button.pressedOverlayOnBackground = "#80000000"
    var b = TreeBuilder.screen()
    b.add(3, .button, parent: 2, text: "Up")
    b.add(4, .button, parent: 2, text: "Down")
    b.add(5, .button, parent: 2, text: "Red") { $0.background = .color(pink) }
    b.tree.elements[4]?.isPressed = true
    b.tree.elements[5]?.isPressed = true
    let r = b.layout(theme: theme)
    #expect(r[3]?.control == .button(overlay: nil))
    #expect(r[4]?.control == .button(overlay: Color(r: 0, g: 0, b: 0, a: 0x1f)))
    #expect(r[5]?.control == .button(overlay: Color(r: 0, g: 0, b: 0, a: 0x80)))
}

@Test func onlyADialogGetsTheThemesCloseButtonAndKindsWithoutALookHaveNone() {
    var theme = testTheme
    theme.dialog.closeButtonColor = "#007aff"
    var b = TreeBuilder.screen()
    b.add(10, .dialog, parent: 1, text: "Title")
    b.add(11, .alertDialog, parent: 1, text: "Alert")
    b.add(3, .text, parent: 2, text: "plain")
    b.tree.overlayIds = [10, 11]
    let r = b.layout(theme: theme)
    #expect(r[10]?.control == .dialog(closeButton: ControlLook.DialogClose(color: Color(rgb: 0x007aff), side: 56)))
    #expect(r[11]?.control == .dialog(closeButton: nil))
    #expect(r[3]?.control == nil)
}

@Test func theScreenLooksComeFromTheThemeAndTheDevice() {
    var b = TreeBuilder.screen()
    let plain = b.layout()
    #expect(plain.screen.scrim == Color(r: 0, g: 0, b: 0, a: 0x66))
    #expect(plain.screen.statusGlyphs == nil && plain.screen.homeIndicator == nil)
    var ios = testTheme
    ios.name = "iOS"
    b.add(3, .text, parent: 2, text: "x")
    let phone = Device(width: 390, height: 844, scale: 3, statusBar: 47, safeAreaBottom: 34)
    let onPhone = b.layout(phone, theme: ios)
    #expect(onPhone.screen.statusGlyphs == .ios && onPhone.screen.homeIndicator != nil)
    let noSafeArea = b.layout(Device(width: 390, height: 844, scale: 3, statusBar: 47), theme: ios)
    #expect(noSafeArea.screen.statusGlyphs == .ios && noSafeArea.screen.homeIndicator == nil)
}

@Test func aToastsBackgroundCarriesTheThemesToastOpacity() {
    var b = TreeBuilder.screen()
    b.tree.toasts = [Toast(text: "hi", start: 0, duration: 1500, anchorId: 2)]
    let toast = b.layout().toasts.first
    #expect(toast?.background == Color(rgb: 0x323232).withAlphaMultiplied(by: 0.92))
    #expect(toast?.radius == 8)
}

@Test func aDarkActionBarFillsTheStatusBandAndTurnsTheStatusGlyphsWhite() {
    var ios = testTheme
    ios.name = "ios"
    let red = Color(rgb: 0xc32527)
    var b = TreeBuilder.screen()
    b.add(3, .actionBar, parent: 2, text: "Bar") { $0.background = .color(red) }
    let phone = Device(width: 390, height: 844, scale: 3, statusBar: 47, safeAreaBottom: 34)
    let r = b.layout(phone, theme: ios)
    let bar = r[3]?.frame ?? .zero
    #expect(bar.minY == 47)
    #expect(r.screen.statusBandFill == BandFill(background: .color(red), box: bar))
    #expect(r.screen.statusGlyphColor == .white)
    // No bottom bar and a view without a background: nothing fills the safe area, the indicator is black.
    #expect(r.screen.bottomBandFill == nil && r.screen.homeIndicatorColor == .black)

    var light = TreeBuilder.screen()
    light.add(3, .actionBar, parent: 2, text: "Bar")  // the theme's white bar
    #expect(light.layout(phone, theme: ios).screen.statusGlyphColor == .black)
}

import SessionFormat
import Testing

@testable import Portability

/// SET_STYLE differences: one test per kind, each on a small session, checking kind, step and element.
@Suite struct StyleFindingTests {
    @Test func shorthandListReadsFirstOnIOSAndRepeatsLastOnAndroid() {
        let f = P.findings([P.create(.CREATE_BUTTON, 4, in: 3, text: "OK"), P.style(4, "padding", "10 20")])
        #expect(f.count == 1)
        #expect(
            f.first?.kind == .shorthandList && f.first?.step == 4 && f.first?.elementId == 4
                && f.first?.elementKind == .button)
        #expect(f.first?.message == "iOS reads 10 on every side; Android 10 20 20 20 (top right bottom left)")
        #expect(f.first?.key == "padding" && f.first?.value == "10 20")
        // One number, or four equal ones: read alike.
        #expect(
            P.of(
                .shorthandList,
                [P.create(.CREATE_BUTTON, 4, in: 3), P.style(4, "margin", "8"), P.style(4, "margin", "8 8")]
            ).isEmpty)
        let r = P.of(.shorthandList, [P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "border-radius", "4 8 12")])
        #expect(r.first?.message == "iOS reads 4 on every corner; Android 4 8 12 12 (tl tr br bl)")
    }

    @Test func loneBorderWidthIsAnErrorOnAndroidOnly() {
        let f = P.of(.loneBorder, [P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "border", "1")])
        #expect(f.count == 1 && f[0].step == 4 && f[0].elementId == 4)
        #expect(
            f[0].message.contains("iOS draws a black 1 pt border")
                && f[0].message.contains("Android's parseColor(\"1\") throws"))
        // Width style colour is read alike.
        #expect(P.findings([P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "border", "1 solid #000000")]).isEmpty)
    }

    @Test func loneBorderInsideABatchLosesTheRestOfTheBatch() {
        let steps: [StepKind] = [
            P.create(.CREATE_TEXT, 4, in: 3),
            .batch([Step(P.style(4, "border", "2"), index: 4, path: "steps[4].steps[0]")]),
        ]
        let f = P.of(.loneBorder, steps)
        #expect(f.first?.path == "steps[4].steps[0]" && f.first?.step == 4)
        #expect(f.first?.message.hasSuffix("(and the rest of its batch is lost)") == true)
    }

    @Test func borderStyleIsHonouredOnAndroidOnly() {
        let f = P.of(.borderStyle, [P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "border", "1 dashed #e65100")])
        #expect(f.count == 1 && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message == "Android draws a dashed border; iOS a solid one")
    }

    @Test func coloursIOSMisreads() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "color", "red"), P.style(4, "background-color", "#00ff0000"),
            P.style(4, "color", "#ffffff"),
        ])
        #expect(f.map(\.kind) == [.iosColour, .iosColour])
        #expect(f.map(\.step) == [4, 5] && f.allSatisfy { $0.elementId == 4 })
        #expect(f[0].message.contains("only black and white") && f[0].message.hasSuffix("Android reads it"))
        #expect(f[1].message.contains("alpha 00 reads as opaque"))
    }

    @Test func coloursAndroidRejects() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "color", "transparent"),
            P.style(4, "background", "radial-gradient(#ffffff, #000000)"), P.style(4, "border-color", "#abc"),
        ])
        // transparent and #rgb: both backends misread them (one finding each); radial-gradient: Android only.
        #expect(f.map(\.kind) == [.iosColour, .androidColour, .androidColour, .iosColour, .androidColour])
        #expect(f.map(\.step) == [4, 4, 5, 6, 6])
        #expect(f[2].message.contains("no radial-gradient"))
        #expect(f[4].message.contains("#rgb is rejected"))
    }

    @Test func keysOneBackendIgnores() {
        let f = P.of(
            .ignoredKey,
            [
                P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "font-style", "italic"), P.style(4, "tint", "#ff0000"),
                P.style(4, "top", "10"),
            ])
        // `top` is ignored by both: no difference.
        #expect(f.map(\.step) == [4, 5] && f.allSatisfy { $0.elementId == 4 })
        #expect(f[0].message == "iOS ignores `font-style`; Android applies it")
        #expect(f[1].message == "Android ignores `tint`; iOS applies it")
    }

    @Test func selectorsIOSDoesNotStore() {
        let f = P.findings([
            P.create(.CREATE_BUTTON, 4, in: 3), P.style(4, "background-color", "#ffca28", .selected),
            P.style(4, "background-color", "#ff0000", .active),
        ])
        #expect(f.count == 1 && f[0].kind == .selectorDropped && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message.hasPrefix("iOS does not store SELECTED styles"))
    }

    @Test func keysIOSAppliesOnlyForNormal() {
        let f = P.findings([
            P.create(.CREATE_BUTTON, 4, in: 3), P.style(4, "padding", "12", .active),
            P.style(4, "opacity", "0.5", .active),
        ])
        #expect(f.count == 1 && f[0].kind == .normalOnlyKey && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message.contains("only for NORMAL"))
    }

    @Test func fontSizeKeywordsOnlyOnAndroid() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "font-size", "medium"), P.style(4, "font-size", "12"),
        ])
        #expect(f.count == 1 && f[0].kind == .fontSizeKeyword && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message == "iOS parses `medium` to 0 (unset: the default size); Android uses 12")
    }

    @Test func fontWeightBoldThresholdsDiffer() {
        let f = P.of(
            .fontWeight,
            [
                P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "font-weight", "500"), P.style(4, "font-weight", "600"),
                P.style(4, "font-weight", "bolder"),
            ])
        #expect(f.map(\.step) == [4, 6] && f.allSatisfy { $0.elementId == 4 })
        #expect(f[0].message.hasPrefix("500: iOS draws bold"))
        #expect(f[1].message.contains("Android does not know it"))
    }

    @Test func nonIntegerWeight() {
        let f = P.findings([P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "weight", "1.5"), P.style(4, "weight", "2")])
        #expect(f.count == 1 && f[0].kind == .nonIntegerWeight && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message.hasPrefix("iOS reads weight 1; Android fails on \"1.5\""))
    }

    @Test func mainAxisMatchParentInALinearLayout() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "height", "match-parent"), P.style(4, "width", "match-parent"),
        ])
        // Height is the vertical layout's main axis; width is its cross axis (stretch on both).
        #expect(f.count == 1 && f[0].kind == .mainAxisMatchParent && f[0].step == 4 && f[0].elementId == 4)
        #expect(
            f[0].message.contains("iOS wraps its content") && f[0].message.contains("Android fills the remaining space")
        )
    }

    @Test func hostileValuesDoNotTrap() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "weight", "1e300"), P.style(4, "padding", "1e300 -5"),
            P.style(4, "border", "nan"),
            .command(Command(type: .SET_STYLE, internalId: 4, value: 99, textValue: "color", textValue2: "red")),
            P.style(99, "padding", "1 2"),
        ])
        #expect(f.map(\.kind) == [.nonIntegerWeight, .shorthandList, .iosColour, .androidColour])
        // Two profiles of one platform: nothing differs.
        #expect(
            PortabilityAnalyzer(ios: .android, android: .android).findings(
                P.session([P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "color", "#abc")])
            ).isEmpty)
    }

    @Test func justifiedTextOnlyOnIOS() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "text-align", "justify"), P.style(4, "text-align", "center"),
        ])
        #expect(f.count == 1 && f[0].kind == .textAlignJustify && f[0].step == 4 && f[0].elementId == 4)
    }

    @Test func iconsAreReadAtDifferentDensities() {
        let f = P.findings([
            P.create(.CREATE_BUTTON, 4, in: 3), P.style(4, "icon", "star.png"), P.style(4, "icon", "none"),
        ])
        #expect(f.count == 1 && f[0].kind == .iconDensity && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message.hasSuffix("the icon is 1.5x larger on Android"))
    }

    @Test func stylesOnAWidgetOneBackendLacksAreNotReported() {
        let f = P.findings([
            P.create(.CREATE_CHECKBOX, 4, in: 3), P.style(4, "padding", "10 20"),
            P.create(.CREATE_TEXT, 5, in: 4), P.style(5, "color", "red"),
        ])
        #expect(f.map(\.kind) == [.unsupportedWidget])
    }
}

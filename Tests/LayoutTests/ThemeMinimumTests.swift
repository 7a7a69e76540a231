import Foundation
import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

// Theme minimums are defaults, like a user-agent stylesheet (issue 19): a session's own
// `min-height` (0 included) replaces them in every built-in look.

/// Lays out `steps` under the built-in theme `look` with real style parsing and the fixed-metric text
/// (8 dp characters, 20 dp lines).
private func layOut(_ look: String, _ steps: String) throws -> LayoutResult {
    let theme = try ThemeLoader.load(look)
    let json = "{\"format\": \"framework-session\", \"version\": 1, \"steps\": [\(steps)]}"
    let (s, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "test.json")
    let r = Replayer(session: s, options: ReplayOptions(platform: theme.profile)).run()
    return LayoutEngine(theme: theme, measurer: FakeMeasurer()).layout(
        r.final, device: Device(width: 360, height: 640, scale: 2))
}

private func style(_ id: Int, _ key: String, _ value: String) -> String {
    #"{"type": "SET_STYLE", "internalId": \#(id), "textValue": "\#(key)", "textValue2": "\#(value)"}"#
}

/// App 1, view 2, a vertical column 3 holding button 4 ("OK", padding 4 8) with `extra` styles,
/// then text field 5 with `fieldExtra` styles.
private func buttonAndField(_ extra: [(String, String)], field fieldExtra: [(String, String)] = []) -> String {
    var steps = [
        #"{"type": "CREATE_APPLICATION", "childInternalId": 1}"#,
        #"{"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}"#,
        #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}"#,
        #"{"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"}"#,
        style(4, "padding", "4"),
        #"{"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 5, "textValue": "abc"}"#,
        style(5, "padding", "2"),
    ]
    steps += extra.map { style(4, $0.0, $0.1) }
    steps += fieldExtra.map { style(5, $0.0, $0.1) }
    return steps.joined(separator: ",\n")
}

@Test(arguments: [("default", 36.0, 40.0), ("ios", 30.0, 34.0), ("android", 48.0, 48.0)])
func themeMinimumsApplyWhenTheSessionSaysNothing(look: String, button: Double, field: Double) throws {
    let r = try layOut(look, buttonAndField([]))
    // "OK" is 20 tall plus 2 x 4 padding = 28: the theme's minimum lifts it.
    #expect(r.frames[4]?.height == button)
    #expect(r.frames[5]?.height == field)
}

@Test(arguments: ["default", "ios", "android"])
func aSessionMinHeightLowersTheThemeMinimum(look: String) throws {
    let zero = try layOut(look, buttonAndField([("min-height", "0")], field: [("min-height", "0")]))
    #expect(zero.frames[4]?.height == 28)  // title 20 + padding 4 + 4
    #expect(zero.textOrigins[4]?.y == 4)
    #expect(zero.frames[5]?.height == 24)  // text 20 + padding 2 + 2
    let thirty = try layOut(look, buttonAndField([("min-height", "30")], field: [("min-height", "26")]))
    #expect(thirty.frames[4]?.height == 30)
    #expect(thirty.frames[5]?.height == 26)
    // A larger session minimum still raises it.
    let tall = try layOut(look, buttonAndField([("min-height", "60")]))
    #expect(tall.frames[4]?.height == 60)
}

@Test(arguments: ["default", "ios", "android"])
func aSessionMinWidthAndFixedHeightAreTheSessionsToo(look: String) throws {
    let r = try layOut(look, buttonAndField([("min-width", "0"), ("height", "24"), ("min-height", "0")]))
    #expect(r.frames[4]?.height == 24)
    #expect(r.frames[4]?.width == 24)  // "OK" 16 + padding 4 + 4
}

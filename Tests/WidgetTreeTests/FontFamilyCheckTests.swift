import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

// semantics.md section 2: `font-family` is a family of the bundled (or app) fonts, else the
// theme's default, with a diagnostic (issue 19).
@Test func anUnknownFontFamilyGetsAWarningAndTheThemesDefault() throws {
    var options = ReplayOptions()
    options.fontFamilyKnown = { ["roboto", "dejavu sans"].contains($0.lowercased()) }
    let r = try replay(
        appViewLayout + #"""
            , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "font-family", "textValue2": "DejaVu Sans"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "font-family", "textValue2": "Comic Sans MS"}
            , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "b"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "font-family", "textValue2": "'Roboto'"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "color", "textValue2": "#ff0000"}
            """#, options: options)
    let warnings = r.diagnostics("font-family")
    #expect(warnings.count == 1)
    #expect(warnings.first?.step == 5)
    #expect(warnings.first?.severity == .warning)
    #expect(warnings.first?.message.contains("Comic Sans MS") == true)
    // Not the previous DejaVu Sans either: the theme's default (no family of the element's own).
    #expect(r.final[4]?.styles[.normal]?.fontFamily == nil)
    #expect(r.final[5]?.styles[.normal]?.fontFamily == "Roboto")
    let resolved = StyleResolver(theme: try ThemeLoader.load("default"))
        .resolve(kind: .text, styles: r.final[4]!.styles, pressed: false, selected: false)
    #expect(resolved.fontFamily == "Roboto")
}

@Test func withoutAFontCheckFamiliesAreStoredAsGiven() throws {
    let r = try replay(
        appViewLayout + #"""
            , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "font-family", "textValue2": "Comic Sans MS"}
            """#)
    #expect(r.diagnostics("font-family").isEmpty)
    #expect(r.final[4]?.styles[.normal]?.fontFamily == "Comic Sans MS")
}

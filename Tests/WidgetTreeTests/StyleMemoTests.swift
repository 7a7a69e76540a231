import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

// The replay reads each distinct SET_STYLE pair once per session (StyleMemo). A repeat must give
// exactly what a fresh parse gives: the same declarations, and its own diagnostics at its own step.

private let twoTexts =
    appViewLayout + #"""
        , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}
        , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "b"}
        """#

@Test func aRepeatedPairGivesItsNotesAtItsOwnStep() throws {
    // `left` always notes that offsets are a preview extension.
    let r = try replay(
        twoTexts + #"""
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "left", "textValue2": "10"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "left", "textValue2": "10"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "left", "textValue2": "10"}
            """#)
    let notes = r.diagnostics("portability").filter { $0.message.contains("frame offsets") }
    #expect(notes.map(\.step) == [5, 6, 7])
    #expect(notes.map(\.path) == ["steps[5]", "steps[6]", "steps[7]"])
    let note = "left: frame offsets are a preview extension that the real backends ignore"
    #expect(notes.map(\.message) == ["text 4", "text 5", "text 4"].map { "SET_STYLE \($0): \(note)" })
    #expect(r.final[4]?.styles[.normal]?.offsets.left == 10)
    #expect(r.final[5]?.styles[.normal]?.offsets.left == 10)
}

@Test func aRepeatedBadPairIsReportedEachTimeAndKeepsThePreviousValue() throws {
    let r = try replay(
        twoTexts + #"""
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "width", "textValue2": "12"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "width", "textValue2": "wide"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "width", "textValue2": "wide"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "colour", "textValue2": "#fff"}
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "colour", "textValue2": "#fff"}
            """#)
    let bad = r.diagnostics("bad-style")
    #expect(bad.map(\.step) == [6, 7, 8, 9])
    #expect(bad.map(\.path) == (6...9).map { "steps[\($0)].textValue2" })
    #expect(bad[0].message.hasPrefix("SET_STYLE text 4 NORMAL \"width: wide\": width: bad value \"wide\""))
    #expect(bad[1].message.hasPrefix("SET_STYLE text 5 NORMAL \"width: wide\": width: bad value \"wide\""))
    #expect(bad[2].message.contains("unknown style key \"colour\" (did you mean \"color\"?)"))
    #expect(bad[3].message == bad[2].message.replacingOccurrences(of: "text 5", with: "text 4"))
    #expect(r.final[4]?.styles[.normal]?.width == .fixed(12))
    // A failing pair makes no declaration map (as before the memo).
    #expect(r.final[5]?.styles[.normal] == nil)
}

@Test func aRepeatedPairSetsWhatAFreshParseSets() throws {
    let pairs: [(String, String)] = [
        ("border", "1 solid #dddddd"), ("shadow", "0 2 8 #33000000"), ("font-size", "17"),
        ("border-top", "2 dashed #ff0000"), ("padding", "1 2 3 4"), ("weight", "1.5"), ("font-size", "large"),
    ]
    for profile in [PlatformProfile.neutral, .ios, .android] {
        var options = ReplayOptions()
        options.platform = profile
        let steps = pairs.flatMap { p in
            [4, 5].map { id in
                #", {"type": "SET_STYLE", "internalId": \#(id), "textValue": "\#(p.0)", "textValue2": "\#(p.1)"}"#
            }
        }.joined()
        let r = try replay(twoTexts + steps, options: options)
        var fresh = StyleDeclarations()
        for p in pairs { _ = try? StyleParser.apply(key: p.0, value: p.1, to: &fresh, profile: profile) }
        #expect(r.final[4]?.styles[.normal] == fresh)
        #expect(r.final[5]?.styles[.normal] == fresh)
        // Each element's sets give the same diagnostics, each at its own step.
        let byElement = Dictionary(grouping: r.diagnostics, by: { $0.message.contains("text 4") })
        #expect(byElement[true]?.count == byElement[false]?.count)
    }
}

@Test func anUnknownFamilyRepeatedOnAnotherElementIsWarnedAgain() throws {
    var options = ReplayOptions()
    options.fontFamilyKnown = { $0 == "Roboto" }
    let r = try replay(
        twoTexts + #"""
            , {"type": "SET_STYLE", "internalId": 4, "textValue": "font-family", "textValue2": "Comic Sans MS"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "font-family", "textValue2": "Comic Sans MS"}
            , {"type": "SET_STYLE", "internalId": 5, "textValue": "font-family", "textValue2": "Roboto"}
            """#, options: options)
    #expect(r.diagnostics("font-family").map(\.step) == [5, 6])
    #expect(r.final[4]?.styles[.normal]?.fontFamily == nil)
    #expect(r.final[5]?.styles[.normal]?.fontFamily == "Roboto")
}

import Primitives
import Testing

@testable import SessionFormat

@Test func stepPathsAreTheInterpolatedText() {
    for i in [0, 1, 9, 10, 99, 545, 123_456, Int.max] {
        #expect(StepDecoder.topPath(i) == "steps[\(i)]")
    }
}

private func decode(_ steps: String) throws -> (Session, [Diagnostic]) {
    let json = #"{"format": "framework-session", "version": 1, "steps": [\#(steps)]}"#
    return try SessionDecoder().decode(data: Array(json.utf8), path: "t.json")
}

@Test func aCommandReadInOnePassEqualsOneReadFieldByField() throws {
    // Well typed (the one-pass read), then the same fields with nulls, a selector name, an unknown key.
    let (s, d) = try decode(
        #"""
        {"type": "SET_STYLE", "internalId": 4, "textValue": "width", "textValue2": "12", "value": 1, "width": 16.0},
        {"type": "SET_STYLE", "internalId": 4, "textValue": "width", "textValue2": "12", "value": "active",
         "row": null, "zz": 1},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": null, "key": "k", "flags": 2}
        """#)
    guard case .command(let a) = s.steps[0].kind, case .command(let b) = s.steps[1].kind,
        case .command(let c) = s.steps[2].kind
    else {
        Issue.record("not commands")
        return
    }
    let style = Command(
        type: .SET_STYLE, internalId: 4, value: 1, textValue: "width", textValue2: "12", selector: .active)
    var wide = style
    wide.width = 16
    #expect(a == wide)
    #expect(b == style)
    #expect(c == Command(type: .CREATE_TEXT, internalId: 3, childInternalId: 4, flags: 2))
    #expect(d.map(\.message) == ["unknown key \"zz\" ignored"])
    #expect(d.first?.path == "steps[1].zz")
}

@Test func aBadFieldIsReportedInTheFixedOrder() throws {
    // `width` is read before `value`, whatever the file order: the first problem in that order is reported.
    let (_, d) = try decode(
        #"""
        {"type": "SET_STYLE", "value": 9, "width": "wide", "internalId": 1},
        {"type": "SET_STYLE", "value": 9, "width": 2.5, "internalId": 1},
        {"type": "CLEAR", "value": "x", "internalId": 1},
        {"type": "CLEAR", "textValue": 3, "internalId": 1.5}
        """#)
    #expect(d.map(\.path) == ["steps[0].width", "steps[1].width", "steps[2].value", "steps[3].internalId"])
    #expect(d[0].message == "step skipped: `width` must be an integer, found the string \"wide\"")
    #expect(d[1].message == "step skipped: `width` must be a whole number, found 2.5")
    #expect(d[2].message == "step skipped: `value` must be an integer, found the string \"x\"")
    #expect(d[3].message == "step skipped: `internalId` must be a whole number, found 1.5")
}

import JSON
import Primitives
import Testing

@testable import SessionFormat

/// Input steps that name their element by `target` (a locator) or a point (session-format.md section 4).
@Suite struct TargetDecodingTests {
    func one(_ text: String) throws -> (Step?, [Diagnostic]) {
        let (s, d) = try steps(text)
        return (s.first, d)
    }

    @Test func targetsAndPointsDecode() throws {
        let (tap, d) = try one(#"{"type": "tap", "target": {"text": "Save", "within": {"type": "dialog"}}}"#)
        #expect(d.isEmpty)
        #expect(tap?.kind == .input(.tap, internalId: InputAddress.unresolvedId, value: 0, text: ""))
        #expect(tap?.address == .target(Locator(text: "Save", within: Locator(kind: .dialog))))
        let (scroll, _) = try one(#"{"type": "scroll", "x": 120, "y": 300.5, "value": 40}"#)
        #expect(scroll?.address == .point(x: 120, y: 300.5))
        #expect(scroll?.kind == .input(.scroll, internalId: InputAddress.unresolvedId, value: 40, text: ""))
        let (recorded, _) = try one(
            #"{"type": "input", "internalId": 9, "target": {"textContains": "Na"}, "textValue": "x"}"#)
        #expect(recorded?.kind == .input(.input, internalId: 9, value: 0, text: "x"))
        #expect(recorded?.address == .target(Locator(textContains: "Na")))
        let (byType, _) = try one(#"{"type": "select", "target": {"type": "Checkbox", "index": 1}, "value": 1}"#)
        #expect(byType?.address == .target(Locator(kind: .checkbox, index: 1)))
    }

    @Test func aMisspeltKeyNamesTheNearestOne() throws {
        let (s, d) = try one(#"{"type": "tap", "target": {"txt": "Save"}}"#)
        #expect(s == nil)
        #expect(d.first?.code == "bad-step")
        #expect(d.first?.path == "steps[0].target.txt")
        let known = "(text, textContains, type, index, id, within)"
        #expect(d.first?.message == #"step skipped: unknown target key "txt"; did you mean "text"? "# + known)
        let (_, kind) = try one(#"{"type": "tap", "target": {"type": "buton"}}"#)
        #expect(kind.first?.message.contains(#"unknown element type "buton"; did you mean "button"?"#) == true)
    }

    @Test func badFormsAreRefused() throws {
        let cases: [(String, String)] = [
            (#"{"type": "tap"}"#, "internalId"),
            (#"{"type": "tap", "x": 3}"#, "a point needs both `x` and `y` (dp)"),
            (
                #"{"type": "select", "x": 3, "y": 4, "value": 1}"#,
                "select names its element by `internalId` or `target`, not a point"
            ),
            (
                #"{"type": "tap", "x": 3, "y": 4, "target": {"id": 3}}"#,
                "give a point (`x`, `y`) or a `target`, not both"
            ),
            (#"{"type": "tap", "target": {}}"#, "a target needs one of text, textContains, type, index, id"),
            (#"{"type": "tap", "target": {"index": -1}}"#, "index"),
            (#"{"type": "tap", "target": "Save"}"#, "a target must be an object"),
        ]
        for (json, expected) in cases {
            let (s, d) = try one(json)
            #expect(s == nil, "\(json)")
            #expect(d.first?.message.contains(expected) == true, "\(json): \(d)")
        }
    }

    @Test func theWriterKeepsTargetPointAndResolvedId() throws {
        var w = JSONWriter()
        SessionWriter.step(
            .input(.tap, internalId: 12, value: 0, text: ""), &w,
            address: .target(Locator(text: "Click \"here\"", within: Locator(id: 3))))
        #expect(w.text == #"{"type":"tap","internalId":12,"target":{"text":"Click \"here\"","within":{"id":3}}}"#)
        var p = JSONWriter()
        SessionWriter.step(
            .input(.scroll, internalId: InputAddress.unresolvedId, value: 5, text: ""), &p,
            address: .point(x: 1.5, y: 2))
        #expect(p.text == #"{"type":"scroll","x":1.5,"y":2,"value":5}"#)
    }

    @Test func aLoneInputStepDecodes() throws {
        let (s, _) = try InputStepDecoder.decode(#"{"type": "tap", "target": {"text": "Go"}}"#)
        #expect(s.address == .target(Locator(text: "Go")))
        #expect(throws: InputStepDecoder.Failure.self) { try InputStepDecoder.decode(#"{"type": "tick", "ms": 3}"#) }
        #expect(throws: InputStepDecoder.Failure.self) { try InputStepDecoder.decode("nope") }
    }
}

/// Messages quote a locator's texts cut to 80 characters (a 4,000-character label was quoted whole in
/// every message about it); the locator itself, written to files, keeps them whole.
@Test func messagesQuoteALocatorsLongTextsCut() {
    let long = String(repeating: "x", count: 4000)
    let l = Locator(text: long, within: Locator(textContains: long))
    let cut = String(repeating: "x", count: 80) + "…"
    #expect(l.quoted == #"{"text":"\#(cut)","within":{"textContains":"\#(cut)"}}"#)
    #expect(l.description.count > 8000)
}

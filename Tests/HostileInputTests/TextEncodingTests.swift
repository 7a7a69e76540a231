import Foundation
import SessionFormat
import Testing

/// Text the decoder once refused whole: a lone surrogate escape costs one U+FFFD and a warning
/// naming its step; a UTF-16/UTF-32 file is named by its encoding.
@Suite struct TextEncodingTests {
    @Test(arguments: [#"A\ud800B"#, #"A\udc00B"#, #"A\ud800\u0041B"#, #"A\ud800"#])
    func loneSurrogateBecomesReplacementCharacter(_ escaped: String) throws {
        let steps = [
            #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "\#(escaped)"}"#,
            #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "next"}"#,
        ]
        let (session, diags) = try SessionDecoder().decode(data: Hostile.session(steps), path: "s.json")
        #expect(diags.map(\.code) == ["lone-surrogate"])
        // Steps 0-2 are the base tree: the text is step 3.
        #expect(diags.first?.step == 3)
        #expect(diags.first?.message.contains("decode:") == true && diags.first?.message.contains("U+FFFD") == true)
        guard case .command(let c) = session.steps[3].kind else {
            Issue.record("step 3 is not a command")
            return
        }
        #expect(c.textValue.unicodeScalars.contains("\u{FFFD}"))
        #expect(c.textValue.hasPrefix("A"))
        if escaped.contains("0041") { #expect(c.textValue == "A\u{FFFD}AB") }
        let o = try Hostile.run(Hostile.session(steps))
        #expect(o.rendered && o.codes == ["lone-surrogate"])
    }

    @Test func validPairStillDecodes() throws {
        let steps = [#"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "\ud83d\ude00"}"#]
        let (session, diags) = try SessionDecoder().decode(data: Hostile.session(steps), path: "s.json")
        #expect(diags.isEmpty)
        guard case .command(let c) = session.steps[3].kind else { return }
        #expect(c.textValue == "😀")
    }

    @Test(arguments: [
        ("UTF-16LE", [UInt8]([0xFF, 0xFE])), ("UTF-16BE", [0xFE, 0xFF]), ("UTF-32LE", [0xFF, 0xFE, 0, 0]),
        ("UTF-32BE", [0, 0, 0xFE, 0xFF]),
    ])
    func wideEncodingIsNamed(_ name: String, _ bom: [UInt8]) throws {
        let text = String(decoding: Hostile.session([]), as: UTF8.self)
        let encoding: String.Encoding =
            name.hasPrefix("UTF-16")
            ? (name.hasSuffix("LE") ? .utf16LittleEndian : .utf16BigEndian)
            : (name.hasSuffix("LE") ? .utf32LittleEndian : .utf32BigEndian)
        let bytes = bom + [UInt8](text.data(using: encoding)!)
        let o = try Hostile.run(bytes)
        #expect(o.rejected == "not-json")
        #expect(o.messages.first?.contains(name) == true, "\(o.messages)")
        #expect(o.messages.first?.contains("UTF-8") == true)
    }
}

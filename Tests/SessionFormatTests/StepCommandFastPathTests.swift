import Foundation
import JSON
import Primitives
import Testing

@testable import SessionFormat

/// The parser's step fast path (`JSONParser+Steps.swift`) must decode every entry exactly as the
/// JSON tree path does: same steps, same diagnostics, same errors. Each case decodes a session
/// both ways and compares; the plain cases also check the fast path was taken.
@Suite struct StepCommandFastPathTests {
    /// Session and diagnostics decoded with and without the fast path (or the errors thrown).
    private static func bothWays(_ json: String) -> (fast: String, tree: String) {
        func run(_ fast: Bool) -> String {
            do {
                let (s, d) = try SessionDecoder().decode(
                    data: Array(json.utf8), path: "/work/s/demo.json", maxSteps: SessionLimits.maxSteps,
                    readingStepCommands: fast)
                return "\(s.steps)\n\(d)"
            } catch { return "error: \(error)" }
        }
        return (run(true), run(false))
    }

    /// How many entries of the top-level `steps` array the fast path read.
    private static func fastCount(_ json: String) throws -> Int {
        var subs: [JSONParser.Substitution] = []
        let reader = StepCommandReader()
        _ = try JSONParser.parse(Array(json.utf8), substitutions: &subs, entries: reader, of: "steps")
        return reader.commands.compactMap { $0 }.count
    }

    static let plainSteps = [
        #"{"type":"CREATE_TEXT","internalId":1,"childInternalId":7,"textValue":"1 Alice Johnson"}"#,
        #"{"internalId":7,"textValue":"width","textValue2":"290","type":"SET_STYLE","value":0}"#,
        #"{ "type" : "SET_STYLE" , "internalId" : 7 , "value" : 5 , "textValue" : "color", "textValue2": "red" }"#,
        #"{"type":"CREATE_LINEAR_LAYOUT","internalId":-0,"childInternalId":123456789012345,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":3,"value":-42,"width":1,"height":2,"row":3,"column":4,"sheet":5,"#
            + #""flags":6}"#,
        #"{"type":"RELEASE","internalId":2,"key":"ignored"}"#,
        #"{"type":"SET_TEXT_VALUE","internalId":2,"textValue":"caf\#u{E9} \#u{05D0} \#u{1F600}"}"#,
        #"{"type":"SET_TEXT_VALUE","internalId":2,"textValue":""}"#,
    ]

    /// Entries the fast path leaves to the tree (each is decoded there, diagnostics and all).
    static let otherSteps = [
        #"{"type":"SET_STYLE","internalId":7,"textValue":"width","textValue2":"1","value":6}"#,
        #"{"type":"SET_STYLE","internalId":7,"textValue":"width","textValue2":"1","value":"active"}"#,
        #"{"type":"SET_STYLE","internalId":7,"textValue":"width","textValue2":"1","value":-1}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"childInternalId":1234567890123456}"#,
        #"{"type":"CREATE_TEXT","internalId":1.0,"childInternalId":2}"#,
        #"{"type":"CREATE_TEXT","internalId":1e2,"childInternalId":2}"#,
        #"{"type":"CREATE_TEXT","internalId":null,"childInternalId":2}"#,
        #"{"type":"CREATE_TEXT","internalId":"1","childInternalId":2}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"internalId":2}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"textValue":"a\"b"}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"textValue":"\ud800"}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"colour":"red"}"#,
        #"{"t\u0079pe":"CREATE_TEXT","internalId":1}"#,
        #"{"type":"CREATE_TEXT","internalId":1,"textValue3":"a"}"#,
        #"{"typeX":"CREATE_TEXT","internalId":1}"#,
        #"{"type":"CREATE_TEXT","valu":1}"#,
        #"{"type":"CREATE_TEXT","internalid":1}"#,
        #"{"type":"CREATE_TEXT","":1}"#,
        #"{"type":"create_text","internalId":1}"#,
        #"{"type":"release","internalId":1}"#,
        #"{"type":18,"internalId":1}"#,
        #"{"type":"NO_SUCH_COMMAND","internalId":1}"#,
        #"{"internalId":1}"#,
        #"{}"#,
        #"{"type":"tick","ms":16}"#,
        #"{"type":"batch","steps":[{"type":"CREATE_TEXT","internalId":1}]}"#,
        #"{"type":"CREATE_TEXT","internalId":true}"#,
        #"null"#,
        #"[]"#,
        #""CREATE_TEXT""#,
    ]

    @Test(arguments: plainSteps)
    func plainCommandsTakeTheFastPathAndDecodeAlike(_ step: String) throws {
        let json = sessionJSON(step)
        #expect(try Self.fastCount(json) == 1)
        let (fast, tree) = Self.bothWays(json)
        #expect(fast == tree)
    }

    @Test(arguments: otherSteps)
    func otherEntriesAreLeftToTheTree(_ step: String) throws {
        let json = sessionJSON(step)
        #expect((try? Self.fastCount(json)) ?? 0 == 0)
        let (fast, tree) = Self.bothWays(json)
        #expect(fast == tree)
    }

    /// Syntax errors inside or right after an entry give the tree parser's error.
    @Test(arguments: [
        #"{"type":"CREATE_TEXT","internalId":01}"#, #"{"type":"CREATE_TEXT","internalId":1"#,
        #"{"type":"CREATE_TEXT","internalId":1,}"#, #"{"type":"CREATE_TEXT" "internalId":1}"#,
        #"{"type":"CREATE_TEXT","internalId":-}"#, #"{"type":"CREATE_TEXT","textValue":"a"#,
        "{\"type\":\"CREATE_TEXT\",\"textValue\":\"a\u{01}\"}",
    ])
    func brokenEntriesFailAsBefore(_ step: String) {
        let (fast, tree) = Self.bothWays(sessionJSON(step))
        #expect(fast.hasPrefix("error:"))
        #expect(fast == tree)
    }

    /// Mixed entries keep their order and indices; a repeated top-level `steps` takes the last array.
    @Test func mixedAndRepeatedStepsArrays() throws {
        let mixed = sessionJSON((Self.plainSteps + Self.otherSteps + Self.plainSteps).joined(separator: ","))
        let (fast, tree) = Self.bothWays(mixed)
        #expect(fast == tree)
        let repeated = """
            {"format": "framework-session", "version": 1, "steps": [\(Self.plainSteps[0])],
             "steps": [\(Self.otherSteps[0]), \(Self.plainSteps[1]), \(Self.plainSteps[2])]}
            """
        #expect(try Self.fastCount(repeated) == 2)
        let (fastR, treeR) = Self.bothWays(repeated)
        #expect(fastR == treeR)
    }

    /// Texts over the limit are cut with the same warning either way.
    @Test func longTextsAreLimitedAlike() throws {
        let long = String(repeating: "x", count: SessionLimits.maxTextBytes + 10)
        let json = sessionJSON(#"{"type":"SET_TEXT_VALUE","internalId":2,"textValue":"\#(long)"}"#)
        #expect(try Self.fastCount(json) == 1)
        let (fast, tree) = Self.bothWays(json)
        #expect(fast.contains("cut to the first"))
        #expect(fast == tree)
    }

    /// The eight-byte string scan agrees with a byte-by-byte one (random words and each byte value).
    @Test func wordScanFindsQuotesBackslashesAndControls() {
        func bytewise(_ w: UInt64) -> Bool {
            (0..<8).contains { i in
                let b = UInt8(truncatingIfNeeded: w >> (8 * UInt64(i)))
                return b == 0x22 || b == 0x5C || b < 0x20
            }
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20000 {
            var w = rng.next() as UInt64
            // Mostly printable words with the odd special byte, like a session's strings.
            if Bool.random() { w = (w & 0x3F3F_3F3F_3F3F_3F3F) | 0x4040_4040_4040_4040 }
            #expect(JSONParser.hasQuoteBackslashOrControl(w) == bytewise(w))
        }
        for b in 0...255 {
            for i in 0..<8 {
                let w = (0x4141_4141_4141_4141 & ~(UInt64(0xFF) << (8 * UInt64(i)))) | UInt64(b) << (8 * UInt64(i))
                #expect(JSONParser.hasQuoteBackslashOrControl(w) == bytewise(w))
            }
        }
    }

    /// The example sessions decode alike both ways.
    @Test func exampleSessionsDecodeAlike() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }
        #expect(!files.isEmpty)
        for f in files {
            let json = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8)
            let (fast, tree) = Self.bothWays(json)
            #expect(fast == tree, "\(f)")
        }
    }
}

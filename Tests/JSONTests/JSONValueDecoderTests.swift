import Testing

@testable import JSON

// The `Decoder` over parsed values (themes are decoded through it) and the writer, on their own.

private struct Inner: Codable, Equatable {
    var a: Int
    var b: [Double]
    var c: String?
}

private struct Outer: Codable, Equatable {
    var inner: Inner
    var map: [String: Bool]
    var flag: Bool
}

private func value(_ json: String) throws -> JSONValue { try JSONParser.parse(Array(json.utf8)) }

@Test func decodesNestedValuesAndLogsTheKeysAskedFor() throws {
    let v = try value(#"{"inner": {"a": 16.0, "b": [1, 2.5], "z": 1}, "map": {"y": true}, "flag": false, "x": 0}"#)
    let log = JSONValueDecoder.KeyLog()
    let outer = try JSONValueDecoder.decode(Outer.self, from: v, log: log)
    #expect(outer == Outer(inner: Inner(a: 16, b: [1, 2.5], c: nil), map: ["y": true], flag: false))
    // Keys of the type and of the dictionary, never the extra ones ("x", "inner.z").
    #expect(log.asked == ["inner", "inner.a", "inner.b", "inner.c", "map", "map.y", "flag"])
}

@Test func mismatchesNamePathAndFoundType() throws {
    let cases: [(String, [String], String)] = [
        (#"{"inner": {"a": 1.5, "b": []}, "map": {}, "flag": false}"#, ["inner", "a"], "expected Int, found a number"),
        (
            #"{"inner": {"a": 1, "b": ["x"]}, "map": {}, "flag": false}"#, ["inner", "b", "0"],
            "expected Double, found a string"
        ),
        (#"{"inner": {"a": 1, "b": []}, "map": {}, "flag": 0}"#, ["flag"], "expected Bool, found a number"),
    ]
    for (json, path, message) in cases {
        do {
            _ = try JSONValueDecoder.decode(Outer.self, from: try value(json))
            Issue.record("decoded \(json)")
        } catch DecodingError.typeMismatch(_, let ctx) {
            #expect(ctx.codingPath.map(\.stringValue) == path)
            #expect(ctx.debugDescription == message)
        }
    }
}

@Test func aMissingKeyAndANullAreTheirOwnErrors() throws {
    do {
        _ = try JSONValueDecoder.decode(Outer.self, from: try value(#"{"inner": {"b": []}, "map": {}, "flag": true}"#))
        Issue.record("decoded without a")
    } catch DecodingError.keyNotFound(let key, let ctx) {
        #expect(key.stringValue == "a")
        #expect(ctx.debugDescription == "no value for a")
    }
    do {
        _ = try JSONValueDecoder.decode(Outer.self, from: try value(#"{"inner": null, "map": {}, "flag": true}"#))
        Issue.record("decoded a null object")
    } catch DecodingError.typeMismatch(_, let ctx) {
        #expect(ctx.codingPath.map(\.stringValue) == ["inner"])
        #expect(ctx.debugDescription.hasSuffix("found null"))
    }
}

@Test func integersOutsideTheTypeAreMismatches() throws {
    #expect(try JSONValueDecoder.decode(UInt8.self, from: try value("255")) == 255)
    #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(UInt8.self, from: try value("256")) }
    #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Int.self, from: try value("1e300")) }
    #expect(try JSONValueDecoder.decode(Int.self, from: try value("-0")) == 0)
}

@Test func theWriterEscapesWhatJSONNeedsAndReadsBack() throws {
    let text = "a\"b\\c\nd\re\tf\u{01}g\u{e4}"
    let quoted = JSONWriter.quote(text)
    #expect(quoted == #""a\"b\\c\nd\re\tf\u0001g"# + "\u{e4}\"")
    #expect(try value(quoted) == .string(text))
    var w = JSONWriter()
    w.raw("[")
    w.number(12)
    w.raw(",")
    w.number(-0.5)
    w.raw(",")
    w.number(.infinity)
    w.raw("]")
    #expect(w.text == "[12,-0.5,0]")
}

import JSON
import Testing

@testable import SessionFormat

/// The parser's fast paths (plain strings, short integers, objects built once) give the same
/// values as the general ones.

@Test func commandNamesAreTheCaseNames() {
    #expect(CommandType.names == CommandType.allCases.map { String(describing: $0) })
    #expect(CommandType(name: "set_style") == .SET_STYLE)
    #expect(CommandType.named(exactly: "SET_STYLE") == .SET_STYLE)
    #expect(CommandType.named(exactly: "set_style") == nil)
}

private func number(_ text: String) throws -> JSONNumber {
    guard case .number(let n) = try JSONParser.parse(Array("[\(text)]".utf8)).arrayValue?.first else {
        Issue.record("not a number: \(text)")
        return JSONNumber(text: "", double: 0)
    }
    return n
}

@Test func integersGetStrtodsValue() throws {
    for text in [
        "0", "-0", "7", "-42", "999999999999999", "-999999999999999", "1000000000000000",
        "9007199254740993", "123456789012345678901234567890", "1.5", "-0.0", "1e3", "2E-2", "10",
    ] {
        let n = try number(text)
        #expect(n.text == text)
        let expected = Double(text)!
        #expect(n.double == expected && n.double.sign == expected.sign, "\(text)")
    }
}

@Test func stringsWithAndWithoutEscapes() throws {
    let doc = #"{"a": "plain", "b": "tab\tand \"quote\" \u00e9 \ud83d\ude00", "c": "", "d": "héllo"}"#
    guard case .object(let o) = try JSONParser.parse(Array(doc.utf8)) else {
        Issue.record("not an object")
        return
    }
    #expect(o["a"] == .string("plain"))
    #expect(o["b"] == .string("tab\tand \"quote\" é 😀"))
    #expect(o["c"] == .string(""))
    #expect(o["d"] == .string("héllo"))
    #expect(o.keys == ["a", "b", "c", "d"])
}

@Test func nestedObjectsKeepTheirOwnMembers() throws {
    let doc = #"{"x": {"y": 1, "z": {"w": [1, {"v": 2}]}, "y": 3}, "k": 4, "x": 5}"#
    guard case .object(let o) = try JSONParser.parse(Array(doc.utf8)) else {
        Issue.record("not an object")
        return
    }
    // A repeated key keeps its first position and takes the last value.
    #expect(o.keys == ["x", "k"])
    #expect(o["x"] == .number(JSONNumber(text: "5", double: 5)))
    let inner = try JSONParser.parse(Array(#"{"y": 1, "z": {"w": [1, {"v": 2}]}, "y": 3}"#.utf8))
    #expect(inner.objectValue?.keys == ["y", "z"])
    #expect(inner.objectValue?["y"] == .number(JSONNumber(text: "3", double: 3)))
    #expect(inner.objectValue?["z"]?.objectValue?["w"]?.arrayValue?.count == 2)
}

@Test func stringErrorsKeepTheirPositions() {
    #expect(
        throws: JSONParseError(
            line: 1, column: 8, reason: "control character 0xA inside a string (write it as an escape)")
    ) {
        try JSONParser.parse(Array("[\"abcde\n\"]".utf8))
    }
    #expect(throws: JSONParseError(line: 1, column: 6, reason: "unterminated string")) {
        try JSONParser.parse(Array("[\"abc".utf8))
    }
    #expect(throws: JSONParseError(line: 1, column: 6, reason: "invalid escape \\'q'")) {
        try JSONParser.parse(Array("[\"ab\\qc\"]".utf8))
    }
}

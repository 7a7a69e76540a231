import Foundation
import JSON
import SessionFormat
import Testing

@testable import Styles

// Built-in themes are decoded without validation at run time (start-up speed), so their
// validation lives here: each one must pass the full checks a user's theme file gets.

@Test func builtInNamesMatchTheThemesFolder() throws {
    let dir = try #require(ThemeLoader.builtInURL("default")).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() == ThemeLoader.builtInNames)
}

@Test(arguments: ThemeLoader.builtInNames)
func builtInThemePassesTheUserFileChecks(_ name: String) throws {
    let url = try #require(ThemeLoader.builtInURL(name))
    // As a path, the file goes through the user-file route: unknown fields, colours, sizes, styles.
    let validated = try ThemeLoader.load(url.path)
    #expect(validated == (try ThemeLoader.load(name)))
    #expect(validated.name == name)
}

@Test func decoderReportsUnaskedKeysAndTypeErrorsWithPaths() throws {
    struct Inner: Codable, Equatable {
        var a: Int
        var b: [Double]
        var c: String?
    }
    struct Outer: Codable, Equatable {
        var inner: Inner
        var map: [String: Bool]
        var flag: Bool
    }
    let json =
        #"{"inner": {"a": 16.0, "b": [1, 2.5], "z": 1}, "map": {"y": true, "x": false}, "flag": false, "extra": null}"#
    guard case .object(let object) = try JSONParser.parse(Array(json.utf8)) else {
        Issue.record("not an object")
        return
    }
    let log = JSONValueDecoder.KeyLog()
    let v = try JSONValueDecoder.decode(Outer.self, from: .object(object), log: log)
    #expect(v == Outer(inner: Inner(a: 16, b: [1, 2.5], c: nil), map: ["x": false, "y": true], flag: false))
    #expect(ThemeValidator.unknownFields(object, asked: log.asked) == ["unknown field extra", "unknown field inner.z"])

    let bad = #"{"inner": {"a": 1.5, "b": []}, "map": {}, "flag": false}"#
    guard case .object(let badObject) = try JSONParser.parse(Array(bad.utf8)) else {
        Issue.record("not an object")
        return
    }
    do {
        _ = try JSONValueDecoder.decode(Outer.self, from: .object(badObject))
        Issue.record("1.5 should not decode as an Int")
    } catch DecodingError.typeMismatch(let type, let ctx) {
        #expect(type == Int.self && ctx.codingPath.map(\.stringValue) == ["inner", "a"])
    }
}

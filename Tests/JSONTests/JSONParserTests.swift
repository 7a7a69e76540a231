import Testing

@testable import JSON

@Suite struct JSONParserTests {
    @Test func parsesNestedValuesAndKeepsKeyOrder() throws {
        let v = try JSONParser.parse(Array(#"{"b": [1, -2.5e0, true, null], "a": "x\u00e4\n\ud83d\ude00"}"#.utf8))
        let o = try #require(v.objectValue)
        #expect(o.keys == ["b", "a"])
        #expect(o["a"] == .string("xä\n😀"))
        let arr = try #require(o["b"]?.arrayValue)
        #expect(arr[0].numberValue?.int == 1)
        #expect(arr[1].numberValue?.double == -2.5)
        #expect(arr[1].numberValue?.int == nil)
        #expect(arr[2] == .bool(true))
        #expect(arr[3] == .null)
    }

    @Test func integersKeepFullPrecisionAndOverflowIsVisible() throws {
        let v = try JSONParser.parse(Array("[9007199254740993, 99999999999999999999, 16.0]".utf8))
        let a = try #require(v.arrayValue)
        #expect(a[0].numberValue?.int == 9_007_199_254_740_993)
        #expect(a[1].numberValue?.int == nil)
        #expect(a[2].numberValue?.int == 16)
    }

    @Test(arguments: [
        ("{\"a\": 1,\n  \"b\" 2}", 2, 7),
        ("{\"a\": [1, 2}", 1, 12),
        ("", 1, 1),
        ("{\"a\": \"unterminated", 1, 20),
        ("{\"a\": tru}", 1, 7),
        ("{} x", 1, 4),
    ])
    func errorsCarryLineAndColumn(text: String, line: Int, column: Int) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("expected a parse error")
        } catch let e as JSONParseError {
            #expect(e.line == line)
            #expect(e.column == column)
        } catch { Issue.record("wrong error \(error)") }
    }

    @Test func lenientNaNAndInfinityParseAsNumbers() throws {
        let a = try #require(try JSONParser.parse(Array("[NaN, -Infinity, 1e999]".utf8)).arrayValue)
        #expect(a[0].numberValue?.double.isNaN == true)
        #expect(a[1].numberValue?.double == -.infinity)
        #expect(a[2].numberValue?.double == .infinity)
        #expect(a.allSatisfy { $0.numberValue?.int == nil })
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(deep.utf8)) }
    }
}

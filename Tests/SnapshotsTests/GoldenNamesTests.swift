import Foundation
import PreviewRenderer
import Testing

@testable import PreviewRendererTesting

/// `assertSnapshot(of:)`'s golden names (issue 29): named after the test, numbered by call site when
/// unnamed, and a golden two assertions would share is an error naming both.
struct GoldenNamesTests {
    func place(_ function: StaticString, line: UInt, file: StaticString = "/p/Tests/T/ScreenTests.swift")
        -> TestPlace
    {
        TestPlace(fileID: "T/ScreenTests.swift", filePath: file, line: line, column: 1, function: function)
    }

    @Test func namesFollowTheTestAndClashesNameBothTests() throws {
        let names = GoldenNames()
        let red = place("testRedButton()", line: 10)
        #expect(try names.claim(folder: "/S", named: "screen", by: red).get() == "testRedButton.screen")
        #expect(try names.claim(folder: "/S", named: nil, by: red).get() == "testRedButton.1")
        #expect(
            try names.claim(folder: "/S", named: nil, by: place("testRedButton()", line: 12)).get() == "testRedButton.2"
        )
        // The same call site again (a loop, a repeated run): the same golden, no clash.
        #expect(try names.claim(folder: "/S", named: nil, by: red).get() == "testRedButton.1")
        // Another test's `named: "screen"` is its own golden.
        #expect(
            try names.claim(folder: "/S", named: "screen", by: place("testBlue()", line: 20)).get() == "testBlue.screen"
        )
        // One test using a name twice: an error naming both places.
        let clash = names.claim(folder: "/S", named: "screen", by: place("testRedButton()", line: 14))
        guard case .failure(let e) = clash else {
            Issue.record("expected a clash")
            return
        }
        #expect(e.description.contains("(ScreenTests.swift:10) and "))
        #expect(e.description.contains("testRedButton (ScreenTests.swift:14) both use /S/testRedButton.screen.png"))
    }

    @Test func reproduceNamesTheTest() {
        let p = place("testRedButton()", line: 10)
        #expect(p.testName == "testRedButton")
        // Under Swift Testing the suite is the running test's (this one's), else the file's name.
        #expect(p.reproduce.hasPrefix("swift test --filter "))
        #expect(p.reproduce.contains(".testRedButton "))
    }

    @Test func eventsHaveTypedAccessors() {
        let e = AppEvent(
            time: 0, type: "ValueEvent", internalId: 4,
            fields: [("value", .int(1)), ("value2", .double(2)), ("text", .string("anna")), ("visible", .bool(true))])
        #expect(e.value == 1 && e.value2 == 2 && e.text == "anna" && e.visible == true)
        #expect(e.timerId == nil && e.sysType == nil)
    }
}

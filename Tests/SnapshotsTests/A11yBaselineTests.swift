import Foundation
import PreviewRenderer
import PreviewRendererTesting
import TestSupport
import Testing

@testable import Snapshots

/// The accessibility baseline (issue 34): how findings match a baseline, what an unreadable one
/// says, and `assertAccessibility(of:)`'s rule (record when missing, fail on new findings).
@Suite struct A11yBaselineTests {
    static func finding(_ check: String, _ locator: String, _ message: String) -> A11yFinding {
        A11yFinding(
            state: nil, screen: "final", check: check, element: 4, type: "text", text: "Low", frame: [0, 0, 30, 19],
            locator: locator, measured: 2.32, needed: 4.5, message: message)
    }

    /// Same check and locator: the same finding, whatever its id, frame or ratio now; each baseline
    /// finding matches one current finding.
    @Test func findingsMatchByCheckAndLocator() {
        let low = Self.finding("contrast", #"{"text":"Low"}"#, "text 4 \"Low\": contrast 2.32:1")
        var moved = low
        moved.element = 9
        moved.measured = 2.5
        let other = Self.finding("contrast", #"{"text":"Other"}"#, "text 5 \"Other\": contrast 2:1")
        let target = Self.finding("target", #"{"text":"Low"}"#, "button 4: target 20x20")
        let states = A11yBaseline.compare(baseline: [low, target], current: [other, moved, moved])
        #expect(
            states.map { "\($0.state!.rawValue) \($0.check) \($0.element)" } == [
                "new contrast 4", "new contrast 9", "present contrast 9", "resolved target 4",
            ])
    }

    /// A baseline that is not one names the finding and the field; JSON errors keep their line.
    @Test func unreadableBaselinesSayWhy() throws {
        #expect(throws: A11yBaselineError.self) { try A11yBaseline.parse(Array("{}".utf8)) }
        do {
            _ = try A11yBaseline.parse(Array(#"[{"screen":"final"}]"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == #"finding 1: no string "check""#)
        }
        do {
            _ = try A11yBaseline.parse(Array("[\n{".utf8))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("line 2 column"))
        }
        #expect(try A11yBaseline.parse(Array("[]\n".utf8)) == [])
    }

    /// A white screen with one text: grey (#aaaaaa, 2.32:1 on white) or black.
    static func app(_ color: String) throws -> HeadlessBackend {
        let app = try HeadlessBackend(
            device: Device(width: 120, height: 80, scale: 1), options: RenderOptions(fontsDirectory: Repository.fonts))
        app.send(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "t"))
        app.send(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2))
        app.send(Command(type: .SET_STYLE, internalId: 2, textValue: "background-color", textValue2: "#ffffff"))
        app.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1))
        app.send(Command(type: .CREATE_TEXT, internalId: 3, childInternalId: 4, textValue: "Low"))
        app.send(Command(type: .SET_STYLE, internalId: 4, textValue: "color", textValue2: color))
        return app
    }

    /// One call site for every assertion of the test (two call sites sharing a baseline clash).
    static let line: UInt = 1

    @Test func assertAccessibilityRecordsThenFailsOnlyOnNewFindings() throws {
        let dir = try TemporaryFolder.make("assert-a11y")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/assertAccessibilityRecordsThenFailsOnlyOnNewFindings.screen.a11y.json"
        // No baseline, a finding: recorded, and the assertion fails naming the file.
        let grey = try Self.app("#aaaaaa")
        withKnownIssue {
            assertAccessibility(of: grey, named: "screen", snapshotsDirectory: dir, line: Self.line)
        } matching: { issue in
            "\(issue)".contains("recorded the accessibility baseline \(file) (1 findings)")
        }
        let baseline = try String(contentsOfFile: file, encoding: .utf8)
        #expect(baseline.hasPrefix(#"[\#n{"screen":"final","check":"contrast","element":4,"type":"text","text":"Low""#))
        #expect(baseline.hasSuffix("}\n]\n") && baseline.split(separator: "\n").count == 3)
        // The same finding again: passes. Fixed: passes (the baseline is not rewritten without a record mode).
        assertAccessibility(
            of: try Self.app("#aaaaaa"), named: "screen", record: .never, snapshotsDirectory: dir, line: Self.line)
        assertAccessibility(
            of: try Self.app("#000000"), named: "screen", record: .never, snapshotsDirectory: dir, line: Self.line)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == baseline)
        // A new finding (another baseline, empty): fails with the finding, its wording and locator.
        try "[]\n".write(toFile: file, atomically: true, encoding: .utf8)
        withKnownIssue {
            assertAccessibility(of: grey, named: "screen", record: .never, snapshotsDirectory: dir, line: Self.line)
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("screen: 1 new accessibility finding against \(file)")
                && text.contains(#"new  final "#) && text.contains(#"text 4 "Low": contrast 2.32:1 on #ffffff"#)
                && text.contains(#"{"text":"Low"}"#)
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[]\n")
    }
}

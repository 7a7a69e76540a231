import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// Locators (semantics.md item 43): matching by text, kind and index, within; ambiguity and no-match
/// messages with candidates; recorded sessions keep the locator and the id, and the id wins on replay.
@Suite struct LocatorTests {
    /// View 2 with layout 3: buttons 4 "Save", 5 "OK", a layout 6 holding button 7 "OK" and text 8 "Total: 3".
    static func scene() throws -> HeadlessBackend {
        let b = try HeadlessBackend(device: HitTestTests.device, renderer: PipelineHarness.renderer())
        b.beginBatch()
        b.send(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "loc"))
        b.send(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2))
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1))
        b.send(Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 4, textValue: "Save"))
        b.send(Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 5, textValue: "OK"))
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 3, childInternalId: 6, value: 1))
        b.send(Command(type: .CREATE_BUTTON, internalId: 6, childInternalId: 7, textValue: "OK"))
        b.send(Command(type: .CREATE_TEXT, internalId: 6, childInternalId: 8, textValue: "Total: 3"))
        b.commitBatch()
        _ = b.pollEvents()
        return b
    }

    @Test func findsByTextKindIndexIdAndWithin() throws {
        let b = try Self.scene()
        #expect(b.find(Locator(text: "Save")) == .found(4))
        #expect(b.find(Locator(textContains: "Total")) == .found(8))
        #expect(b.find(Locator(kind: .button, index: 0)) == .found(4))
        #expect(b.find(Locator(kind: .button, index: 2)) == .found(7))
        #expect(b.find(Locator(id: 5)) == .found(5))
        #expect(b.find(Locator(text: "OK", within: Locator(id: 6))) == .found(7))
        #expect(b.find(Locator(text: "OK", index: 0)) == .found(5))
    }

    @Test func visibleTextIsTheCurrentText() throws {
        let b = try Self.scene()
        b.send(Command(type: .SET_TEXT_VALUE, internalId: 4, textValue: "Saved"))
        #expect(b.find(Locator(text: "Saved")) == .found(4))
        guard case .failed = b.find(Locator(text: "Save")) else {
            Issue.record("the old text still matched")
            return
        }
    }

    @Test func severalMatchesListTheCandidates() throws {
        let b = try Self.scene()
        guard case .failed(let why) = b.find(Locator(text: "OK")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(why.hasPrefix(#"{"text":"OK"} matches 2 reachable elements; add "index" or "within" to pick one: "#))
        #expect(why.contains(#"button 5 "OK" at "#))
        #expect(why.contains(#"button 7 "OK" at "#))
    }

    @Test func noMatchListsTheNearestCandidatesFirst() throws {
        let b = try Self.scene()
        guard case .failed(let why) = b.find(Locator(text: "Svae")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(why.hasPrefix(#"no reachable element matches {"text":"Svae"}; candidates: button 4 "Save" at "#))
        let listed = why.components(separatedBy: "; ").count - 1
        #expect(listed == 4)  // the four elements with text, nearest first
        guard case .failed(let range) = b.find(Locator(kind: .button, index: 5)) else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            range.hasPrefix(#"no match for {"type":"button","index":5}: index 5, but 3 reachable element(s) match: "#))
    }

    @Test func coveredMatchesAreNamedWithWhy() throws {
        let b = try Self.scene()
        b.send(Command(type: .CREATE_DIALOG, internalId: 1, childInternalId: 20, textValue: "Hi"))
        guard case .failed(let why) = b.find(Locator(text: "Save")) else {
            Issue.record("a covered button was found")
            return
        }
        #expect(why.contains(#"matching but out of reach: button 4 "Save" at "#))
        #expect(why.contains("(is under dialog 20)"))
        b.tap(Locator(text: "Save"))
        #expect(b.lastInput?.delivered == false)
        #expect(b.diagnostics.last?.code == "not-delivered")
        #expect(b.diagnostics.last?.severity == .error)
    }

    @Test func aRecordedSessionKeepsTheLocatorAndTheIdAndReplaysTheSame() throws {
        let b = try Self.scene()
        b.tap(Locator(text: "Save"))
        b.tap(at: Point(x: 1, y: 1))
        b.input(Locator(kind: .button, index: 1), "x")  // not a field: resolved, then skipped by the step
        let events = b.pollEvents()
        let bytes = SessionWriter.encode(b.recordedSession(name: "rec"), folder: "/tmp")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"{"type":"tap","internalId":4,"target":{"text":"Save"}}"#))
        #expect(text.contains(#"{"type":"input","internalId":5,"target":{"type":"button","index":1},"textValue":"x"}"#))
        let (session, _) = try SessionDecoder().decode(data: bytes, path: "rec.json")
        let r = try PipelineHarness.renderer()
        let replay = r.replay(session)
        let replayed = try r.renderAll(session, replay).events
        #expect(replayed.filter { $0.type == "ValueEvent" } == events.filter { $0.type == "ValueEvent" })
        #expect(!replay.diagnostics.contains { $0.code == "target-moved" })
    }

    @Test func onReplayTheRecordedIdWinsWithAWarning() throws {
        let json = #"""
            {"format": "framework-session", "version": 1, "name": "moved", "device": {"width": 360, "height": 640, \#
            "scale": 2}, "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
              {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "Save"},
              {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 5, "textValue": "Send"},
              {"type": "tap", "internalId": 4, "target": {"text": "Send"}}
            ]}
            """#
        let (session, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "moved.json")
        let replay = try PipelineHarness.renderer().replay(session)
        #expect(replay.events.filter { $0.type == "ValueEvent" }.map(\.internalId) == [4])
        let moved = try #require(replay.diagnostics.first { $0.code == "target-moved" })
        #expect(moved.message == "tap: the step's target now finds button 5; the recorded element 4 is used")
        #expect(moved.severity == .warning)
    }

    @Test func aSessionStepWithANoMatchTargetIsSkippedWithAnError() throws {
        let json = #"""
            {"format": "framework-session", "version": 1, "name": "nomatch", "device": {"width": 360, "height": 640, \#
            "scale": 2}, "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_BUTTON", "internalId": 2, "childInternalId": 3, "textValue": "Save"},
              {"type": "tap", "target": {"text": "Nope"}}
            ]}
            """#
        let (session, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "nomatch.json")
        let replay = try PipelineHarness.renderer().replay(session)
        #expect(replay.events.filter { $0.type == "ValueEvent" }.isEmpty)
        let d = try #require(replay.diagnostics.first { $0.code == "not-delivered" })
        #expect(d.severity == .error && d.step == 3)
        #expect(
            d.message.hasPrefix(#"tap: no reachable element matches {"text":"Nope"}; candidates: button 3 "Save" at "#))
    }
}

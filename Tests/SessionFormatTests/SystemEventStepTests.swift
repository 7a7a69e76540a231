import Primitives
import Testing

@testable import SessionFormat

/// The `sys` step's two classes (docs/session-format.md "App lifecycle"): a SysInfoEvent by
/// default, a SysEvent with `"event": "SysEvent"`; what cannot be sent is a skipped step with an
/// error naming the reason.
@Suite struct SystemEventStepTests {
    @Test func everySysInfoEventTypeDecodes() throws {
        for type in SystemEventTypes.sysInfo {
            let (s, d) = try steps(#"{"type": "sys", "textValue": "\#(type.lowercased())"}"#)
            #expect(d.isEmpty, "\(d)")
            #expect(s.map(\.kind) == [.sys(type)])
            let (explicit, d2) = try steps(#"{"type": "sys", "event": "SysInfoEvent", "textValue": "\#(type)"}"#)
            #expect(d2.isEmpty && explicit.map(\.kind) == [.sys(type)])
        }
    }

    @Test func sysEventsDecodeWithTheirClass() throws {
        let (s, d) = try steps(
            #"""
            {"type": "sys", "event": "SysEvent", "textValue": "SHOW_DEBUG"},
            {"type": "sys", "event": "SysEvent", "textValue": "back"}
            """#)
        #expect(d.isEmpty, "\(d)")
        #expect(s.map(\.kind) == [.sys("SHOW_DEBUG"), .back])
    }

    @Test(arguments: [
        (
            #"{"type": "sys", "textValue": "SHOW_DEBUG"}"#, "textValue",
            #"SHOW_DEBUG is a SysEvent type: write "event": "SysEvent""#
        ),
        (#"{"type": "sys", "event": "SysEvent", "textValue": "PAUSE"}"#, "textValue", "PAUSE is a SysInfoEvent type"),
        (
            #"{"type": "sys", "event": "SysEvent", "textValue": "TERMINATE_THREAD"}"#, "textValue",
            "SysEvent TERMINATE_THREAD cannot be sent from a session: it carries the id of a platform thread"
        ),
        (
            #"{"type": "sys", "event": "SysEvent", "textValue": "THREAD_TERMINATED"}"#, "textValue",
            "SysEvent THREAD_TERMINATED cannot be sent"
        ),
        (
            #"{"type": "sys", "textValue": "WAKE_UP"}"#, "textValue",
            #"unknown system event "WAKE_UP" (SysInfoEvent: START, RESUME, PAUSE, STOP, DESTROY, MEMORY_WARNING, "#
                + #"LANGUAGE_CHANGED, DEBUG_MODE; with "event": "SysEvent": BACK, SHOW_DEBUG)"#
        ),
        (#"{"type": "sys", "event": "Broadcast", "textValue": "PAUSE"}"#, "event", "`event` names the class"),
    ])
    func refusedStepsAreSkippedWithAnError(step: String, key: String, message: String) throws {
        let (s, d) = try steps(step + #", {"type": "tick", "ms": 5}"#)
        #expect(s.map(\.kind) == [.tick(ms: 5)])
        #expect(d.count == 1)
        #expect(d.first?.code == "bad-step" && d.first?.severity == .error && d.first?.step == 0)
        #expect(d.first?.path == "steps[0].\(key)")
        #expect(d.first?.message.contains(message) == true, "\(d)")
    }

    @Test func theWriterKeepsTheClass() throws {
        let s = Session(
            name: "t",
            steps: [
                Step(.sys("SHOW_DEBUG"), index: 0), Step(.sys("PAUSE"), index: 1), Step(.back, index: 2),
            ])
        let bytes = SessionWriter.encode(s, folder: "/tmp")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"{"type":"sys","event":"SysEvent","textValue":"SHOW_DEBUG"}"#))
        #expect(text.contains(#"{"type":"sys","textValue":"PAUSE"}"#))
        let (again, d) = try SessionDecoder().decode(data: bytes, path: "/tmp/t.json")
        #expect(d.isEmpty, "\(d)")
        #expect(again.steps.map(\.kind) == s.steps.map(\.kind))
    }
}

/// Two snapshot steps of one name would write one PNG over the other: the later is skipped with an
/// error naming both steps, and the rest of the session decodes.
@Suite struct DuplicateSnapshotTests {
    @Test func theSecondOfANameIsSkippedWithAnErrorNamingBoth() throws {
        let (s, d) = try steps(
            #"""
            {"type": "snapshot", "name": "home"}, {"type": "tick", "ms": 10},
            {"type": "snapshot", "name": "home"}, {"type": "snapshot", "name": "other"},
            {"type": "sys", "textValue": "NOPE"}, {"type": "snapshot", "name": "home"}
            """#)
        #expect(s.map(\.kind) == [.snapshot(name: "home"), .tick(ms: 10), .snapshot(name: "other")])
        #expect(d.map(\.code) == ["duplicate-snapshot", "bad-step", "duplicate-snapshot"])
        #expect(d.map(\.step) == [2, 4, 5])
        #expect(d.allSatisfy { $0.severity == .error })
        let first = #"snapshot "home" (step 2) has the name of step 0; skipped: "#
        #expect(d.first?.message == first + "two PNGs of one name would overwrite each other")
        #expect(d.first?.path == "steps[2].name")
        #expect(d.last?.message.hasPrefix(#"snapshot "home" (step 5) has the name of step 0"#) == true)
    }

    @Test func distinctNamesAreKept() throws {
        let (s, d) = try steps(#"{"type": "snapshot", "name": "a"}, {"type": "snapshot", "name": "A"}"#)
        #expect(d.isEmpty)
        #expect(s.count == 2)
    }
}

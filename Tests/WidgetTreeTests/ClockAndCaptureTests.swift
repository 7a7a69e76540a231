import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

@Suite struct TimerTests {
    @Test func firstFiringAtCreationPlusIntervalThenEveryInterval() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "tick", "ms": 30},
                {"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 100},
                {"type": "tick", "ms": 99},
                {"type": "snapshot", "name": "before"},
                {"type": "tick", "ms": 1},
                {"type": "tick", "ms": 250}
                """#)
        let t = r.events("TimerEvent")
        #expect(t.map(\.time) == [130, 230, 330])
        #expect(t.allSatisfy { $0.internalId == 2 && $0.field("timerId") == .int(10) })
        #expect(r.captures[0].time == 129)
        #expect(r.final.time == 380)
    }

    @Test func severalFiringsInOneTickAreInTimeOrderAcrossTimers() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 30},
                {"type": "CREATE_TIMER", "internalId": 3, "childInternalId": 11, "value": 45},
                {"type": "tick", "ms": 90}
                """#)
        let t = r.events("TimerEvent")
        #expect(t.map(\.time) == [30, 45, 60, 90, 90])
        #expect(t.map { $0.field("timerId") } == [.int(10), .int(11), .int(10), .int(10), .int(11)])
    }

    @Test func intervalBelowTenMillisecondsRunsAtTen() throws {
        let r = try replay(
            appViewLayout
                + #"""
                , {"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 1}, {"type": "tick", \#
                "ms": 35}
                """#
        )
        #expect(r.events("TimerEvent").map(\.time) == [10, 20, 30])
        #expect(r.diagnostics("bad-value").count == 1)
    }

    @Test func atMostTenThousandFiringsPerTickTheClockStillAdvances() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 10},
                {"type": "tick", "ms": 1000000000},
                {"type": "tick", "ms": 25}
                """#)
        let t = r.events("TimerEvent")
        #expect(t.count == 10_000 + 2)
        #expect(t[9_999].time == 100_000)
        #expect(t[10_000].time == 1_000_000_010 && t[10_001].time == 1_000_000_020)
        #expect(r.final.time == 1_000_000_025)
        let d = r.diagnostics("too-many-timer-firings")
        #expect(d.count == 1 && d[0].step == 4 && d[0].message.contains("99990000"))
    }

    @Test func timersAndSpinnerSessionFiresTimerTenFourTimes() throws {
        let r = try replayExample("timers-and-spinner")
        let t = r.events("TimerEvent")
        #expect(t.map(\.time) == [250, 500, 750, 1000])
        #expect(t.allSatisfy { $0.field("timerId") == .int(10) })
        #expect(r.final[5]?.isStopped == true)
        #expect(r.final[6]?.text == "Sync complete")
        let half = try #require(r.captures.first { $0.name == "t500-half" })
        #expect(half.time == 500 && half.tree[6]?.text == "Syncing… 2 of 4")
        #expect(half.tree[5]?.isStopped == false)
    }
}

@Suite struct CaptureTests {
    @Test func snapshotsThenFinalLastWithNamesAndTimes() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "snapshot", "name": "a"}, {"type": "tick", "ms": 16},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4}, {"type": "snapshot", "name": "b"}
                """#)
        #expect(r.captures.map(\.kind) == [.snapshot, .snapshot, .final])
        #expect(r.captures.map(\.name) == ["a", "b", nil])
        #expect(r.captures.map(\.time) == [0, 16, 16])
        #expect(r.captures.map(\.step) == [3, 6, 6])
        #expect(r.captures[0].tree[4] == nil && r.captures[1].tree[4] != nil)
        #expect(r.captures.last?.tree == r.final)
    }

    @Test func tickFramesShowTheStateAfterTheStepsThatFollowThem() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "0"},
                {"type": "tick", "ms": 100},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "1"},
                {"type": "snapshot", "name": "mid"},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "2"},
                {"type": "tick", "ms": 100},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "3"}
                """#, options: ReplayOptions(captureTicks: true))
        #expect(r.captures.map(\.kind) == [.tick, .snapshot, .tick, .final])
        #expect(r.captures.map { $0.tree[4]?.text } == ["2", "1", "3", "3"])
        #expect(r.captures.map(\.time) == [100, 100, 200, 200])
        #expect(r.captures.map(\.step) == [4, 6, 8, 9])
    }

    @Test func launchScreenCaptureComesFirstAtTimeZero() throws {
        let r = try replay(appViewLayout + #", {"type": "tick", "ms": 5}"#, device: #"{"launchScreen": "logo.png"}"#)
        #expect(r.captures.map(\.kind) == [.launch, .final])
        #expect(r.captures[0].time == 0 && r.captures[0].tree.showsLaunchScreen)
        #expect(r.captures[0].tree.elements.isEmpty)
        #expect(r.final.showsLaunchScreen == false)
    }

    @Test func emptySessionStillHasAFinalCapture() throws {
        let r = try replay("")
        #expect(r.captures.map(\.kind) == [.final])
        #expect(r.events.map(\.type) == ["SysInfoEvent", "SysInfoEvent"])
    }
}

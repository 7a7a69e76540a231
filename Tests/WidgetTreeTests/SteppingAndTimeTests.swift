import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

/// The steppable engine behind `Replayer.run()` and the headless API, `--fps` display-link
/// frames, and the state at a given time (`--at`, semantics.md 7 item 34).
@Suite struct SteppingAndTimeTests {
    static let timerSteps =
        appViewLayout + #"""
            , {"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 100},
            {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "0"},
            {"type": "tick", "ms": 100},
            {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "1"},
            {"type": "tick", "ms": 150},
            {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "2"},
            {"type": "scroll", "internalId": 3, "value": 10},
            {"type": "snapshot", "name": "end"}
            """#

    @Test func steppingByHandEqualsRun() throws {
        let s = try session(Self.timerSteps)
        let whole = Replayer(session: s).run()
        var engine = ReplayEngine(session: s)
        var events: [AppEvent] = []
        for step in s.steps {
            engine.apply(step)  // boots on the first step
            events += engine.drainEvents().events
        }
        let r = engine.finish(lastStep: s.steps.last!.index)
        #expect(events == whole.events)
        #expect(r.final == whole.final && r.captures.map(\.time) == whole.captures.map(\.time))
        #expect(r.diagnostics == whole.diagnostics)
    }

    @Test func scrollStepKeepsItsTreeForTheEventToBeCompleted() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_SCROLL_LAYOUT", "internalId": 3, "childInternalId": 5},
                {"type": "scroll", "internalId": 5, "value": -20},
                {"type": "SET_INT_VALUE", "internalId": 5, "value": 300},
                {"type": "tick", "ms": 5},
                {"type": "scroll", "internalId": 5, "value": 40}
                """#)
        // SET_INT_VALUE is the app's own doing: no event (item 35).
        #expect(r.events("ScrollChangedEvent").map { $0.field("scrollPos") } == [.int(0), .int(40)])
        #expect(r.scrollStates.map(\.id) == [5, 5])
        #expect(r.scrollStates.map { r.events[$0.event].type } == ["ScrollChangedEvent", "ScrollChangedEvent"])
        #expect(r.scrollStates.map { $0.tree.time } == [0, 5])
        #expect(r.scrollStates.map { $0.tree[5]?.value } == [0, 40])
    }

    @Test func fpsAddsDisplayLinkFramesOnOneGrid() throws {
        let opts = ReplayOptions(captureTicks: true, fps: 30)
        let r = try replay(Self.timerSteps, options: opts)
        let ticks = r.captures.filter { $0.kind == .tick }
        // Grid k * 1000 / 30 rounded, strictly inside each tick, then the tick's own frame.
        #expect(ticks.map(\.time) == [33, 67, 100, 133, 167, 200, 233, 250])
        // The frames inside the second tick see the first tick's reaction ("1"); the tick's own
        // frame sees the steps after it ("2", item 34).
        #expect(ticks.map { $0.tree[4]?.text ?? "" } == ["0", "0", "1", "1", "1", "1", "1", "2"])
        // Timers fire at their own times whatever the frame rate: the same events as without it.
        #expect(r.events == (try replay(Self.timerSteps)).events)
        #expect(r.events("TimerEvent").map(\.time) == [100, 200])
        // Without captureTicks, fps changes nothing.
        #expect(try replay(Self.timerSteps, options: ReplayOptions(fps: 30)).captures.count == 2)
    }

    @Test func hugeTickWithFpsIsBounded() throws {
        let r = try replay(
            appViewLayout + #", {"type": "tick", "ms": 100000000}"#, options: ReplayOptions(captureTicks: true, fps: 60)
        )
        #expect(r.captures.count == ReplayOptions.maxGeneratedFramesPerTick + 2)
        #expect(r.diagnostics("bad-value").count == 1)
    }

    @Test func stateAtATime() throws {
        let s = try session(Self.timerSteps)
        let replayer = Replayer(session: s)
        // At 100: the tick to 100 and the steps after it, up to the next tick.
        let at100 = replayer.state(at: 100).capture
        #expect(at100.time == 100 && at100.tree[4]?.text == "1")
        // At 180: inside the second tick; the clock stops at 180, the app has not answered yet.
        let at180 = replayer.state(at: 180).capture
        #expect(at180.time == 180 && at180.tree[4]?.text == "1")
        // At 0: everything before the first tick.
        #expect(replayer.state(at: 0).capture.tree[4]?.text == "0")
        // Past the end: the final state with the clock run on.
        let late = replayer.state(at: 5000).capture
        #expect(late.time == 5000 && late.tree[4]?.text == "2")
        #expect(replayer.state(at: 250).capture.tree == Replayer(session: s).run().final)
    }
}

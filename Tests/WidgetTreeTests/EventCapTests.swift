import Testing

@testable import WidgetTree

/// Timer firings per tick and events held (issue 28: a 78 KB session of ticks held 1.35 GB of
/// TimerEvents): both are capped, with diagnostics that say what was dropped.
@Suite struct EventCapTests {
    static let timer = #"{"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 10, "value": 10}"#

    @Test func eventsPastTheCapAreDroppedAndCountedByType() throws {
        var options = ReplayOptions()
        options.maxHeldEvents = 1000
        // Five ticks of 5 s: 2,500 firings of a 10 ms timer, then a scroll and a click (dropped too).
        let ticks = (0..<5).map { _ in #"{"type": "tick", "ms": 5000}"# }
        let r = try replay(([appViewLayout, Self.timer] + ticks).joined(separator: ",\n"), options: options)
        #expect(r.events.count == 1000)
        let d = r.diagnostics("too-many-events")
        #expect(d.count == 2, "\(d.map(\.message))")
        // The first drop is reported on its own step (the second tick, which filled the queue) ...
        #expect(d.first?.step == 5)
        #expect(
            d.first?.message.hasPrefix("events: 1000 events are held undrained (at most 1000); this TimerEvent at")
                == true)
        // ... and the end of the replay says how many of each type were lost.
        let dropped = 2500 - r.events("TimerEvent").count
        #expect(
            d.last?.message
                == "events: \(dropped) events dropped in all past the cap of 1000 held (TimerEvent \(dropped))")
    }

    @Test func theDefaultCapHoldsOverAMillionFirings() throws {
        // 120 ticks of 200 s, each 20,000 firings of which the per-tick cap delivers 10,000.
        let ticks = (0..<120).map { _ in #"{"type": "tick", "ms": 200000}"# }
        let r = try replay(([appViewLayout, Self.timer] + ticks).joined(separator: ",\n"))
        #expect(r.events.count == ReplayOptions.defaultMaxHeldEvents)
        #expect(r.diagnostics("too-many-events").last?.message.contains("TimerEvent") == true)
        // The per-tick cap reports the 19 ticks before the one that filled the queue; from then
        // on the firings are dropped as events, without looping over them.
        #expect(r.diagnostics("too-many-timer-firings").count == 19)
        #expect(r.final.time == 120 * 200_000)
    }

    @Test func theFiringCapHoldsForTheWholeTickWithDisplayLinkFrames() throws {
        // At 1 fps a 200 s tick has 199 display-link frames, each firing the 100 firings due in its
        // second: 20,000 in the tick, of which 10,000 are delivered.
        let options = ReplayOptions(captureTicks: true, fps: 1)
        let r = try replay(
            ([appViewLayout, Self.timer, #"{"type": "tick", "ms": 200000}"#]).joined(separator: ",\n"),
            options: options)
        #expect(r.events("TimerEvent").count == 10_000)
        let d = r.diagnostics("too-many-timer-firings")
        #expect(d.count == 1)
        #expect(d.first?.message == "tick: 10000 timer firings delivered, 10000 more dropped (at most 10000 per tick)")
    }
}

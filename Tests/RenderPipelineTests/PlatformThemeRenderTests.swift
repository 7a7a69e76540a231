import Foundation
import Primitives
import Testing
import WidgetTree

@testable import RenderPipeline

/// `--theme ios|android` switch the replay's behaviour too (the theme's platform profile reaches
/// ReplayOptions through the Renderer).
@Test func platformThemesReachTheReplay() throws {
    #expect(try PipelineHarness.renderer(theme: "default").replayOptions.platform == .neutral)
    #expect(try PipelineHarness.renderer(theme: "ios").replayOptions.platform == .ios)
    #expect(try PipelineHarness.renderer(theme: "android").replayOptions.platform == .android)
}

@Test func timersAndSpinnerUnderEachPlatform() throws {
    func replay(_ theme: String) throws -> ReplayResult {
        let r = try PipelineHarness.renderer(theme: theme)
        let (session, _) = try r.load(path: PipelineHarness.examples + "/timers-and-spinner.json")
        return r.replay(session)
    }
    let neutral = try replay("default")
    let ios = try replay("ios")
    let android = try replay("android")
    let nTimers = neutral.events.filter { $0.type == "TimerEvent" }
    #expect(nTimers.first?.time == 250 && nTimers.first?.internalId == 2)
    // Android: every 1000 ms whatever the interval; STOP is ignored, so the spinner keeps turning.
    let aTimers = android.events.filter { $0.type == "TimerEvent" }
    #expect(!aTimers.isEmpty && aTimers.allSatisfy { $0.time % 1000 == 0 })
    #expect(neutral.final[5]?.isStopped == true)
    #expect(android.final[5]?.isStopped == false)
    // iOS: the interval as given, but TimerEvent(0) to id 1.
    let iTimers = ios.events.filter { $0.type == "TimerEvent" }
    #expect(iTimers.map(\.time) == nTimers.map(\.time))
    #expect(iTimers.allSatisfy { $0.internalId == 1 })
}

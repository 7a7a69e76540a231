import Foundation
import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

@Suite struct TickReplayWorkTests {
    /// Decoding and replaying the tick benchmark (100 ticks, a capture per tick) does a bounded
    /// amount of work per step: counted (`ReplayWork`), not timed. A capture that copied or
    /// walked the whole tree per tick would show as more steps of work than steps of input.
    @Test func tickingBenchmarkReplaysInWorkLinearInItsSteps() throws {
        let path = URL(fileURLWithPath: examplesDirectory).deletingLastPathComponent().appendingPathComponent(
            "Benchmarks/messages-ticking.json"
        ).path
        let (s, d) = try SessionDecoder().decode(fileAt: path)
        #expect(d.isEmpty)
        let r = Replayer(session: s, options: ReplayOptions(captureTicks: true)).run()
        #expect(r.captures.filter { $0.kind == .tick }.count == 100)
        let work = r.final.work
        #expect(work[ReplayWork.steps] >= s.steps.count)
        #expect(work.total <= 4 * work[ReplayWork.steps], "\(work)")
    }
}

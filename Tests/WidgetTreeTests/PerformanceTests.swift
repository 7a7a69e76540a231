import Foundation
import SessionFormat
import Testing

@testable import WidgetTree

@Suite struct PerformanceTests {
    /// Decoding and replaying the tick benchmark (100 ticks, a capture per tick) stays well under a second.
    @Test func tickingBenchmarkReplaysQuickly() throws {
        let path = URL(fileURLWithPath: examplesDirectory).deletingLastPathComponent().appendingPathComponent(
            "Benchmarks/messages-ticking.json"
        ).path
        let start = Date()
        let (s, d) = try SessionDecoder().decode(fileAt: path)
        #expect(d.isEmpty)
        let r = Replayer(session: s, options: ReplayOptions(captureTicks: true)).run()
        let elapsed = Date().timeIntervalSince(start)
        #expect(r.captures.filter { $0.kind == .tick }.count == 100)
        #expect(elapsed < 2, "took \(elapsed) s")
    }
}

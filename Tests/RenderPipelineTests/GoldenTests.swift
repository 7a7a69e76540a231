import Foundation
import Snapshots
import Testing

/// Every sample session's final frame against its golden PNG and sidecar in Snapshots/, through the
/// Snapshots module (`assertSnapshot`, as `render check` and a user's test target do): the same
/// comparator, tolerance and record modes. `PREVIEW_RECORD=missing|failed|all swift test` records
/// goldens; a recorded golden still fails the run, so nothing passes by being recorded.
struct GoldenTests {
    static let sessions = PipelineHarness.sessions(in: PipelineHarness.examples).map { String($0.dropLast(5)) }

    @Test(arguments: sessions)
    func finalFrameMatchesGolden(_ name: String) throws {
        // Only the final frame (`""`): the named snapshots are `render check Examples`' business.
        try assertSnapshot(
            session: PipelineHarness.examples + "/" + name + ".json", snapshot: "",
            snapshots: PipelineHarness.snapshots, fontsDirectory: PipelineHarness.root + "/Fonts",
            failuresDirectory: PipelineHarness.failures
        ) { Issue.record(Comment(rawValue: $0)) }
    }

    @Test func everyGoldenHasASession() {
        let goldens = ((try? FileManager.default.contentsOfDirectory(atPath: PipelineHarness.snapshots)) ?? [])
            .filter { $0.hasSuffix(".png") }
            .map { String($0.dropLast(4)) }
            // NAME@SNAP.png is the named snapshot SNAP of NAME (recorded by `render check`).
            .map { $0.split(separator: "@", maxSplits: 1).first.map(String.init) ?? $0 }
        let orphans = goldens.filter { !Self.sessions.contains($0) }
        #expect(orphans.isEmpty, "goldens without a session: \(orphans)")
    }
}

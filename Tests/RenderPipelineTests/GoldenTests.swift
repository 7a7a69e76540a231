import Foundation
import Testing
import Primitives
@testable import RenderPipeline

/// Every sample session's final frame against its golden PNG in Snapshots/.
/// `PREVIEW_RECORD=missing|failed|all swift test` records goldens; a recorded golden still fails the
/// run, so nothing passes by being recorded.
struct GoldenTests {
    static let sessions = TestSupport.sessions(in: TestSupport.examples).map { String($0.dropLast(5)) }
    /// Share of pixels allowed to differ (compare-png's measure: 3x3 blur, channel difference > 40).
    static let tolerance = 0.001

    @Test(arguments: sessions)
    func finalFrameMatchesGolden(_ name: String) throws {
        let record = ProcessInfo.processInfo.environment["PREVIEW_RECORD"] ?? "never"
        let (frame, _, _) = try TestSupport.render(TestSupport.examples + "/" + name + ".json")
        let golden = TestSupport.snapshots + "/" + name + ".png"
        guard FileManager.default.fileExists(atPath: golden) else {
            if record == "missing" || record == "all" || record == "failed" {
                try TestSupport.writePNG(frame.bitmap, golden)
                Issue.record("\(name): recorded a new golden at \(golden); check it and run again")
            } else {
                Issue.record("\(name): no golden at \(golden) (record with PREVIEW_RECORD=missing)")
            }
            return
        }
        let expected = try TestSupport.readPNG(golden)
        let diff = ImageDiff.compare(expected, frame.bitmap)
        if let d = diff, d.mismatch <= Self.tolerance, record != "all" { return }
        let out = TestSupport.failures + "/golden-\(name).png"
        try TestSupport.writePNG(ImageDiff.composite(expected: expected, actual: frame.bitmap, diff: diff), out)
        if record == "all" || record == "failed" {
            try TestSupport.writePNG(frame.bitmap, golden)
            Issue.record("\(name): re-recorded the golden (\(record)); was \(diff.map { String(format: "%.3f%%", $0.mismatch * 100) } ?? "a different size")")
        } else {
            Issue.record("\(name): \(diff.map { String(format: "%.3f%%", $0.mismatch * 100) } ?? "size") differs from \(golden); expected | diff | actual in \(out). Reproduce: .build/release/render Examples/\(name).json -o /tmp/\(name).png")
        }
    }

    @Test func everyGoldenHasASession() {
        let goldens = ((try? FileManager.default.contentsOfDirectory(atPath: TestSupport.snapshots)) ?? [])
            .filter { $0.hasSuffix(".png") }
            .map { String($0.dropLast(4)) }
            // NAME@SNAP.png is the named snapshot SNAP of NAME (recorded by `render check`).
            .map { $0.split(separator: "@", maxSplits: 1).first.map(String.init) ?? $0 }
        let orphans = goldens.filter { !Self.sessions.contains($0) }
        #expect(orphans.isEmpty, "goldens without a session: \(orphans)")
    }
}

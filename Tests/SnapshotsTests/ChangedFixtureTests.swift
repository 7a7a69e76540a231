import Foundation
import Primitives
import RenderPipeline
import Testing

@testable import Snapshots

/// A shared session with one deliberately changed style, checked against the real golden in
/// Snapshots/: the failure names the element and the property. And the comparator's edge cases
/// through the whole golden comparison (not only ImageDiff).
struct ChangedFixtureTests {
    typealias S = Support

    /// A copy of `Examples/NAME.json` (same file name, so the same golden) with `edit` applied to
    /// its text, beside a link to the shared assets.
    func changedCopy(_ name: String, in dir: String, _ edit: (String) -> String) throws -> String {
        let original = try String(contentsOfFile: S.root + "/Examples/\(name).json", encoding: .utf8)
        let changed = edit(original)
        #expect(changed != original, "the edit must change the fixture")
        let path = dir + "/\(name).json"
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/assets", withDestinationPath: S.root + "/Examples/assets")
        return path
    }

    /// The final frame's outcome of `path` against the shared goldens.
    func checkFinal(_ path: String, failures: String) throws -> SnapshotOutcome {
        let settings = SnapshotSettings(
            snapshotsDirectory: S.root + "/Snapshots", failuresDirectory: failures, record: .never)
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let outcomes = SnapshotChecker(settings: settings).check(session: path, renderer: renderer)
        return try #require(outcomes.first { $0.snapshot == nil })
    }

    @Test func changedTextColourInASharedSessionNamesElementAndProperty() throws {
        let dir = S.tempDir("changed-colour")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // login-form: text 6 ("Welcome back") is #111827 in the golden's sidecar.
        let path = try changedCopy("login-form", in: dir) {
            $0.replacingOccurrences(
                of:
                    """
                    {\"type\": \"SET_STYLE\", \"internalId\": 6, \"value\": 0, \"textValue\": \"color\", \
                    \"textValue2\": \"#111827\"}
                    """,
                with:
                    """
                    {\"type\": \"SET_STYLE\", \"internalId\": 6, \"value\": 0, \"textValue\": \"color\", \
                    \"textValue2\": \"#555555\"}
                    """
            )
        }
        let o = try checkFinal(path, failures: dir + "/fail")
        #expect(!o.passed)
        #expect(o.message.contains("text 6 color #111827 -> #555555"), "\(o.message)")
        #expect(o.changes.contains { $0.kind == .restyled && $0.elementId == 6 && $0.property == "color" })
        #expect(o.message.contains("reproduce: render check"))
    }

    @Test func changedPaddingInASharedSessionNamesTheMovedElements() throws {
        let dir = S.tempDir("changed-padding")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // login-form: the form column 4 has padding 24; 30 moves its children 6 dp right and down.
        let path = try changedCopy("login-form", in: dir) {
            $0.replacingOccurrences(
                of:
                    """
                    {\"type\": \"SET_STYLE\", \"internalId\": 4, \"value\": 0, \"textValue\": \"padding\", \
                    \"textValue2\": \"24\"}
                    """,
                with:
                    """
                    {\"type\": \"SET_STYLE\", \"internalId\": 4, \"value\": 0, \"textValue\": \"padding\", \
                    \"textValue2\": \"30\"}
                    """
            )
        }
        let o = try checkFinal(path, failures: dir + "/fail")
        #expect(!o.passed)
        #expect(
            o.changes.contains {
                $0.kind == .moved && $0.elementId == 6 && $0.message == "text 6 moved 6 dp right, 6 dp down"
            })
        #expect(o.message.contains("moved 6 dp right, 6 dp down"), "\(o.message)")
        #expect(o.changes.contains { $0.kind == .resized && $0.elementId == 4 })
        #expect(!o.regions.isEmpty)
    }

    func settings(_ dir: String, _ mode: RecordMode, _ t: Tolerance = Tolerance()) -> SnapshotSettings {
        SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: mode, tolerance: t)
    }

    func evaluate(_ st: SnapshotSettings, _ b: Bitmap, _ s: SnapshotSidecar) throws -> SnapshotOutcome {
        try GoldenComparison(settings: st).evaluate(
            name: "card", session: "card.json", snapshot: nil, actual: b,
            sidecar: s, reproduce: "render check card.json")
    }

    @Test func comparisonOfIdenticalAndOnePixelChangedImages() throws {
        let dir = S.tempDir("one-pixel")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let side = SnapshotSidecar(
            environment: S.env, elements: [S.record(1, "text", [0, 0, 10, 10], colors: ["color": "#000000"])])
        let white = S.bitmap(30, 30, (255, 255, 255))
        _ = try evaluate(settings(dir, .missing), white, side)
        let strict = Tolerance(threshold: 0, maxMismatch: 0)
        // Identical: passes even at threshold 0 and no mismatch allowed.
        let same = try evaluate(settings(dir, .never, strict), white, side)
        #expect(same.status == .passed && same.mismatch == 0)
        // One pixel, one channel, by 8: fails at threshold 0 / max-mismatch 0, with the region around it.
        var one = white
        S.set(&one, 12, 17, (247, 255, 255))
        let o = try evaluate(settings(dir, .never, strict), one, side)
        #expect(o.status == .failed)
        #expect((o.mismatch ?? 0) > 0)
        #expect(
            o.regions.count == 1 && o.regions[0].x <= 12 && o.regions[0].maxX >= 13 && o.regions[0].y <= 17
                && o.regions[0].maxY >= 18)
        #expect(o.message.contains("painting only"))
        // The same pixel at the default tolerance passes.
        #expect(try evaluate(settings(dir, .never), one, side).status == .passed)
    }

    @Test func antiAliasingOnlyShiftPassesAtTheDefaultThroughTheComparison() throws {
        let dir = S.tempDir("aa-shift")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let side = SnapshotSidecar(environment: S.env, elements: [S.record(1, "view", [0, 0, 10, 20])])
        // A dark box whose right edge moves by a third of a pixel: only the edge column's coverage changes.
        func edge(_ grey: UInt8) -> Bitmap {
            var b = S.bitmap(24, 20, (255, 255, 255))
            for y in 0..<20 {
                for x in 0..<10 { S.set(&b, x, y, (20, 20, 20)) }
                S.set(&b, 10, y, (grey, grey, grey))
            }
            return b
        }
        _ = try evaluate(settings(dir, .missing), edge(170), side)
        #expect(try evaluate(settings(dir, .never), edge(100), side).status == .passed)
        #expect(
            try evaluate(settings(dir, .never, Tolerance(threshold: 0, maxMismatch: 0)), edge(100), side).status
                == .failed)
    }
}

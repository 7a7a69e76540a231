import Foundation
import Primitives
import RenderPipeline
import Testing

@testable import Snapshots

/// Record modes, tolerance and failure artefacts of one golden, on small hand-made bitmaps.
struct GoldenComparisonTests {
    typealias S = Support

    func settings(_ dir: String, _ mode: RecordMode, threshold: Int = 40, maxMismatch: Double = 0.001)
        -> SnapshotSettings
    {
        SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: mode,
            tolerance: Tolerance(threshold: threshold, maxMismatch: maxMismatch))
    }

    func sidecar(_ y: Double = 10, color: String = "#333333") -> SnapshotSidecar {
        SnapshotSidecar(
            environment: S.env,
            elements: [S.record(7, "button", [10, y, 40, 20], text: "OK", lines: 1, colors: ["color": color])])
    }

    func evaluate(_ st: SnapshotSettings, _ b: Bitmap, _ s: SnapshotSidecar, name: String = "card") throws
        -> SnapshotOutcome
    {
        try GoldenComparison(settings: st).evaluate(
            name: name, session: "Examples/card.json", snapshot: nil, actual: b,
            sidecar: s, reproduce: "render check Examples/card.json")
    }

    @Test func neverModeNeverWrites() throws {
        let dir = S.tempDir("never")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let o = try evaluate(settings(dir, .never), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        #expect(o.status == .missing && !o.passed)
        #expect(o.message.contains("no golden at \(dir)/snaps/card.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/snaps"))
    }

    @Test func missingModeRecordsAndStillFails() throws {
        let dir = S.tempDir("missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let st = settings(dir, .missing)
        let o = try evaluate(st, S.bitmap(8, 8, (255, 255, 255)), sidecar())
        #expect(o.status == .recorded && !o.passed)
        #expect(S.files(dir + "/snaps") == ["card.json", "card.png"])
        // The second run compares against what was recorded and passes.
        #expect(try evaluate(st, S.bitmap(8, 8, (255, 255, 255)), sidecar()).status == .passed)
        // A failing golden is not replaced in `missing` mode.
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png"))
        #expect(try evaluate(st, S.bitmap(8, 8, (0, 0, 0)), sidecar()).status == .failed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png")) == before)
    }

    @Test func failedModeReplacesOnlyFailingGoldens() throws {
        let dir = S.tempDir("failed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        let st = settings(dir, .failed)
        #expect(try evaluate(st, S.bitmap(8, 8, (255, 255, 255)), sidecar()).status == .passed)
        let o = try evaluate(st, S.bitmap(8, 8, (0, 0, 0)), sidecar())
        #expect(o.status == .recorded && o.message.contains("re-recorded"))
        #expect(try evaluate(settings(dir, .never), S.bitmap(8, 8, (0, 0, 0)), sidecar()).status == .passed)
    }

    @Test func allModeRewritesEvenMatchingGoldensAndFails() throws {
        let dir = S.tempDir("all")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        #expect(try evaluate(settings(dir, .all), S.bitmap(8, 8, (255, 255, 255)), sidecar()).status == .recorded)
    }

    @Test func missingSidecarIsRecordedInMissingModeButNotInNever() throws {
        let dir = S.tempDir("sidecar")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        try FileManager.default.removeItem(atPath: dir + "/snaps/card.json")
        let never = try evaluate(settings(dir, .never), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        #expect(never.status == .passed && never.notes.first?.contains("no sidecar") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/snaps/card.json"))
        #expect(try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar()).status == .recorded)
        #expect(FileManager.default.fileExists(atPath: dir + "/snaps/card.json"))
    }

    @Test func failureNamesElementPropertyRegionsAndReproduces() throws {
        let dir = S.tempDir("fail")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(40, 30, (255, 255, 255)), sidecar())
        var b = S.bitmap(40, 30, (255, 255, 255))
        for y in 10..<14 { for x in 5..<12 { S.set(&b, x, y, (0, 0, 0)) } }
        let o = try evaluate(settings(dir, .never), b, sidecar(14, color: "#555555"))
        #expect(o.status == .failed)
        #expect(o.changes.map(\.message) == ["button 7 moved 4 dp down", "button 7 color #333333 -> #555555"])
        #expect(o.message.contains("button 7 color #333333 -> #555555"))
        #expect(o.message.contains("reproduce: render check Examples/card.json"))
        #expect(o.regions.count == 1)
        #expect(o.diffImage == dir + "/fail/card.diff.png")
        #expect(S.files(dir + "/fail") == ["card.actual.json", "card.actual.png", "card.diff.png"])
    }

    @Test func environmentChangeIsReportedAsSuch() throws {
        let dir = S.tempDir("env")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        var s = sidecar()
        s.environment.rendererVersion = "0.2.0"
        // Other pixels in a new environment: changed, with the environment as a note.
        let o = try evaluate(settings(dir, .never), S.bitmap(8, 8, (0, 0, 0)), s)
        #expect(o.status == .failed)
        #expect(o.message.contains("environment changed") && o.message.contains("renderer version 0.1.0 -> 0.2.0"))
        // Same pixels in a new environment: passes, counted as such, with a note.
        let same = try evaluate(settings(dir, .never), S.bitmap(8, 8, (255, 255, 255)), s)
        #expect(same.passed && same.status == .environmentChanged)
        #expect(same.notes.contains { $0.contains("environment changed") })
    }

    @Test func environmentChangeNeverHidesElementChanges() throws {
        let dir = S.tempDir("env-and-elements")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), S.bitmap(8, 8, (255, 255, 255)), sidecar())
        var s = sidecar(color: "#555555")
        s.environment.rendererVersion = "0.2.0"
        s.environment.fonts["Roboto-Regular.ttf"] = "def"
        // Pixels within tolerance, environment changed, an element restyled: still a failure, worded.
        let o = try evaluate(settings(dir, .never), S.bitmap(8, 8, (255, 255, 255)), s)
        #expect(!o.passed && o.status == .failed)
        #expect(o.message.contains("renderer version 0.1.0 -> 0.2.0; font file Roboto-Regular.ttf sha256 abc -> def"))
        #expect(o.message.contains("button 7 color #333333 -> #555555"))
    }

    @Test func comparatorTolerances() throws {
        let white = S.bitmap(20, 20, (255, 255, 255))
        // Identical images pass.
        #expect(ImageDiff.compare(white, white, threshold: 0)?.mismatch == 0)
        // One pixel changed by 30 in one channel fails at threshold 0 ...
        var one = white
        S.set(&one, 10, 10, (225, 255, 255))
        #expect((ImageDiff.compare(white, one, threshold: 0)?.mismatch ?? 0) > 0)
        // ... and passes at the default.
        #expect(ImageDiff.compare(white, one, threshold: Tolerance().threshold)?.mismatch == 0)
        // An anti-aliased edge shifted by a sub-pixel (a column going from 50% to 75% grey) passes at the default.
        var a = white
        var b = white
        for y in 0..<20 {
            for x in 0..<8 {
                S.set(&a, x, y, (0, 0, 0))
                S.set(&b, x, y, (0, 0, 0))
            }
            S.set(&a, 8, y, (128, 128, 128))
            S.set(&b, 8, y, (64, 64, 64))
        }
        #expect(ImageDiff.compare(a, b, threshold: Tolerance().threshold)?.mismatch == 0)
        #expect((ImageDiff.compare(a, b, threshold: 0)?.mismatch ?? 0) > 0)
    }

    @Test func recordModeFromEnvironment() {
        #expect(RecordMode.fromEnvironment(["PREVIEW_RECORD": "missing"]) == .missing)
        #expect(RecordMode.fromEnvironment(["PREVIEW_RECORD": "ALL"]) == .all)
        #expect(RecordMode.fromEnvironment(["PREVIEW_RECORD": "bogus"]) == .never)
        #expect(RecordMode.fromEnvironment([:]) == .never)
    }

    @Test func goldenNames() {
        #expect(SnapshotSettings.goldenName(session: "Examples/login-form.json", snapshot: nil) == "login-form")
        #expect(
            SnapshotSettings.goldenName(session: "Examples/login-form.json", snapshot: "filled") == "login-form@filled")
    }
}

extension GoldenComparisonTests {
    @Test func elementChangeWithinPixelToleranceStillFailsUnlessPixelsOnly() throws {
        let dir = S.tempDir("semantic")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let white = S.bitmap(8, 8, (255, 255, 255))
        _ = try evaluate(settings(dir, .missing), white, sidecar())
        let o = try evaluate(settings(dir, .never), white, sidecar(color: "#555555"))
        #expect(o.status == .failed)
        #expect(
            o.message.contains("pixels within tolerance") && o.message.contains("button 7 color #333333 -> #555555"))
        var st = settings(dir, .never)
        st.tolerance.semantic = false
        #expect(try evaluate(st, white, sidecar(color: "#555555")).status == .passed)
    }
}

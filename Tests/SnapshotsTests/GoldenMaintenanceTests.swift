import Foundation
import RenderPipeline
import Testing

@testable import Snapshots

/// `render check --unused` and `--accept`: which goldens a session owns, which files are stale, and
/// how accept names select goldens.
struct GoldenMaintenanceTests {
    typealias S = Support

    @Test func staleGoldensAreTheFilesNoSessionProduces() throws {
        let dir = S.tempDir("unused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = S.writeSession(in: dir, name: "card")
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let names = try GoldenMaintenance.goldenNames(session: session, renderer: renderer)
        #expect(names == ["card", "card@start"])
        let snaps = dir + "/snaps"
        try FileManager.default.createDirectory(atPath: snaps + "/ios", withIntermediateDirectories: true)
        for f in [
            "card.png", "card.json", "card@start.png", "card@start.json", "card@gone.png", "old.png", "old.json",
            "notes.txt",
        ] {
            _ = FileManager.default.createFile(atPath: snaps + "/" + f, contents: Data())
        }
        #expect(
            GoldenMaintenance.unused(in: snaps, names: Set(names)) == [
                snaps + "/card@gone.png", snaps + "/old.json", snaps + "/old.png",
            ])
    }

    @Test func acceptNamesSelectGoldensBySession() {
        #expect(GoldenMaintenance.acceptFilter([]) == nil)
        #expect(
            GoldenMaintenance.acceptFilter(["login-form@filled", "login-form", "card@top"])
                == ["login-form": ["filled", ""], "card": ["top"]])
    }

    @Test func acceptReRecordsOnlyTheNamedFailingGolden() throws {
        let dir = S.tempDir("accept")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let record = SnapshotChecker(
            settings: SnapshotSettings(
                snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .missing))
        _ = record.check(session: path, renderer: renderer)
        _ = S.writeSession(in: dir, name: "card", buttonColor: "#00aa00")
        let finalBefore = FileManager.default.contents(atPath: dir + "/snaps/card.png")
        let accept = SnapshotChecker(
            settings: SnapshotSettings(
                snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .failed))
        let outcomes = accept.check(
            session: path, renderer: renderer, only: GoldenMaintenance.acceptFilter(["card@start"])?["card"])
        #expect(outcomes.map(\.name) == ["card@start"] && outcomes.map(\.status) == [.recorded])
        #expect(FileManager.default.contents(atPath: dir + "/snaps/card.png") == finalBefore)  // untouched
        let check = SnapshotChecker(
            settings: SnapshotSettings(snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail"))
        #expect(check.check(session: path, renderer: renderer).map(\.status) == [.passed, .failed])
    }
}

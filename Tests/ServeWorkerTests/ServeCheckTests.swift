import Foundation
import RenderPipeline
import ServeProtocol
import ServeWorker
import Snapshots
import TestSupport
import Testing

/// `render serve`'s Groups pane, the worker's side (issue 50): its `check` answer holds `render check`'s
/// verdicts and the groups `ChangeGroup.groups` makes of them, writes nothing, and checks a session again
/// once one of its goldens is written (an accepted group).
@Suite struct ServeCheckTests {
    @Test func theCheckAnswerIsRenderChecksGroupsAndFollowsTheGoldens() throws {
        let dir = try TemporaryFolder.make("serve-check")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try String(contentsOfFile: ServeWorkerTests.session, encoding: .utf8)
        let paths = ["a", "b"].map { dir + "/\($0).json" }
        for p in paths { try text.write(toFile: p, atomically: true, encoding: .utf8) }
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: Repository.fonts))
        func checker(_ record: RecordMode) -> SnapshotChecker {
            SnapshotChecker(
                settings: SnapshotSettings(
                    snapshotsDirectory: dir + "/gold", failuresDirectory: dir + "/fail", record: record))
        }
        for p in paths { _ = checker(.missing).check(session: p, renderer: renderer) }
        for p in paths {
            try text.replacingOccurrences(of: "\"#ffffff\"", with: "\"#e0e0e0\"").write(
                toFile: p, atomically: true, encoding: .utf8)
        }
        let outcomes = paths.flatMap { p in
            renderer.forgetLastFrame()
            return checker(.never).check(session: p, renderer: renderer)
        }
        let expected = ChangeGroup.groups(of: outcomes)
        let goldens = try FileManager.default.contentsOfDirectory(atPath: dir + "/gold").sorted()

        let worker = ServeWorkerTests.worker()
        let request = ["check", dir + "/gold", "default", "0", "session"] + paths
        let answer = try ServeWorkerTests.ok(worker.answer(request), CheckAnswer.self)
        #expect(answer.groups.map(\.id) == expected.map(\.id))
        #expect(answer.groups.map(\.words) == expected.map(\.words))
        #expect(answer.groups.map(\.snapshots) == expected.map(\.snapshots))
        #expect(answer.groups.first?.sessions == ["a.json", "b.json"])
        #expect(answer.summary == outcomes.countedInWords)
        #expect(answer.snapshots.map(\.status) == outcomes.map(\.status.rawValue))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/gold").sorted() == goldens)
        #expect(!FileManager.default.fileExists(atPath: dir + "/fail"))

        // a's goldens accepted: only b's snapshots are left in the groups.
        _ = checker(.failed).check(session: paths[0], renderer: renderer)
        let after = try ServeWorkerTests.ok(worker.answer(request), CheckAnswer.self)
        #expect(after.groups.map(\.sessions) == expected.map { _ in ["b.json"] })
    }
}

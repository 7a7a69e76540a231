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
        // A small screen (160 x 120 dp at scale 1, a snapshot and the final frame): cheap to render many times.
        let text = """
            {"format": "framework-session", "version": 1, "name": "small",
             "device": {"width": 160, "height": 120, "scale": 1},
             "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "t"},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
              {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
              {"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "background", "textValue2": "#ffffff"},
              {"type": "snapshot", "name": "start"},
              {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "Hello"}
             ]}
            """
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
        try FileManager.default.removeItem(atPath: dir + "/fail")  // render check's failure images, not the worker's

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

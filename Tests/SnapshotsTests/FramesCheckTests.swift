import Foundation
import RenderPipeline
import Testing

@testable import Snapshots

/// `render check --ticks`: every tick's frame against the frames golden; the first differing tick is
/// named with its time, its element changes and a diff image.
struct FramesCheckTests {
    typealias S = Support

    /// Three ticks; the label reads `texts[i]` after tick i; a snapshot `mid` after the second.
    func writeSession(_ dir: String, _ texts: [String]) -> String {
        var steps = """
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "t"},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
              {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "start"}
            """
        for (i, t) in texts.enumerated() {
            steps +=
                """
                ,\n  {\"type\": \"tick\", \"ms\": 100},\n  {\"type\": \"SET_TEXT_VALUE\", \"internalId\": 4, \
                \"textValue\": \"\(t)\"}
                """
            if i == 1 { steps += ",\n  {\"type\": \"snapshot\", \"name\": \"mid\"}" }
        }
        let json = """
            {"format": "framework-session", "version": 1, "name": "ticks", "device": {"width": 160, "height": 120, \
            "scale": 1},
             "steps": [\(steps)]}
            """
        let path = dir + "/ticks.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    @Test func firstDifferingTickIsNamedWithItsChanges() throws {
        let dir = S.tempDir("frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = RenderOptions(fontsDirectory: S.fonts)
        options.captureTicks = true
        let renderer = try Renderer(options: options)
        let path = writeSession(dir, ["one", "two", "three"])
        let settings = { (m: RecordMode) in
            SnapshotSettings(snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: m)
        }
        // Goldens first (the frames golden refers to them), then the frames.
        _ = SnapshotChecker(settings: settings(.missing)).check(session: path, renderer: renderer)
        let recorded = SnapshotChecker(settings: settings(.missing)).checkFrames(session: path, renderer: renderer)
        #expect(recorded.status == .recorded)
        let golden = try JSONDecoder().decode(
            FramesGolden.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/ticks.frames/frames.json")))
        #expect(golden.frames.map(\.time) == [100, 200, 200, 300, 300])
        #expect(golden.frames.map(\.kind) == ["tick", "tick", "snapshot", "tick", "final"])
        // Only changed pixels are stored: the snapshot and final frames equal the ticks before them, and
        // the second and last ticks equal the snapshot's and the final golden, which they start from.
        #expect(golden.frames[2].patch == nil && golden.frames[4].patch == nil)
        #expect(golden.frames[3].base == "ticks.png" && golden.frames[3].patch == nil)
        #expect(golden.frames[1].base == "ticks@mid.png" && golden.frames.compactMap(\.patch) == ["0000.png"])
        #expect(SnapshotChecker(settings: settings(.never)).checkFrames(session: path, renderer: renderer).passed)

        // The second tick goes wrong; the snapshot after it and the final frame are right again.
        _ = writeSession(dir, ["one", "TWO!", "three"])
        let o = SnapshotChecker(settings: settings(.never)).checkFrames(session: path, renderer: renderer)
        #expect(o.status == .failed)
        #expect(o.message.contains("first difference at frame 1, tick at 200 ms"))
        #expect(o.changes.map(\.message).contains { $0.contains("text 4") && $0.contains("TWO!") })
        #expect(o.diffImage.map { FileManager.default.fileExists(atPath: $0) } == true)
        #expect(o.accept?.contains("--accept ticks.frames") == true)
    }
}

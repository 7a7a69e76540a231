import Foundation
import RenderPipeline
import Testing

@testable import Snapshots

/// `render watch`'s loop with a fake clock: the files change between polls, as an editor would
/// change them, and the loop renders again; a broken save is reported and watching goes on.
struct WatchLoopTests {
    typealias S = Support

    /// A loop over `paths` whose sleeps advance a fake clock and run `onSleep(n)` (n = 1, 2, ...).
    func loop(
        _ paths: [String], maxRenders: Int, onSleep: @escaping (Int) -> Void,
        render: @escaping () -> WatchLoop.Result
    ) -> (WatchLoop, () -> [String], () -> Int) {
        let box = LogBox()
        var l = WatchLoop(
            watched: { paths }, render: render, log: { box.lines.append($0) },
            sleep: { ms in
                box.sleeps += 1
                box.slept += ms
                onSleep(box.sleeps)
            })
        l.maxRenders = maxRenders
        l.clock = { String(format: "t+%05d", box.slept) }
        return (l, { box.lines }, { box.slept })
    }

    final class LogBox {
        var lines: [String] = []
        var sleeps = 0
        var slept = 0
    }

    @Test func touchingTheSessionRendersAgainWithRealFilesAndTheRealRenderer() throws {
        let dir = S.tempDir("watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        var labels: [String] = []
        let render: () -> WatchLoop.Result = {
            do {
                let (session, _) = try renderer.load(path: path)
                let replay = renderer.replay(session)
                labels.append(replay.final.elements[5]?.text ?? "?")
                return .init(ok: true, line: "ok")
            } catch { return .init(ok: false, line: "failed: \(error)") }
        }
        // Nothing changes for three polls; then the label is edited; then a file appears in assets.
        let (l, lines, slept) = loop(
            [path, dir + "/assets"], maxRenders: 3,
            onSleep: { n in
                if n == 4 { _ = S.writeSession(in: dir, name: "card", label: "Edited text") }
                if n == 8 {
                    _ = FileManager.default.createFile(atPath: dir + "/assets/new.png", contents: Data([1, 2, 3]))
                }
            }, render: render)
        let result = l.run()
        #expect(result.renders == 3 && result.failures == 0)
        #expect(labels == ["Hello", "Edited text", "Edited text"])
        #expect(lines().count == 3)
        #expect(lines()[0].hasPrefix("[t+00000] rendered: ok"))
        #expect(lines()[1].contains("changed \(path): ok"))
        #expect(lines()[2].contains("changed \(dir)/assets/new.png (added): ok"))
        // The change at poll 4 is rendered after one more quiet poll (300 ms apart), not at once.
        #expect(lines()[1].hasPrefix("[t+01500]"))
        #expect(slept() % 300 == 0)
    }

    @Test func aBrokenSaveIsReportedAndWatchingGoesOn() throws {
        let dir = S.tempDir("watch-broken")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let render: () -> WatchLoop.Result = {
            do {
                _ = try renderer.load(path: path)
                return .init(ok: true, line: "ok")
            } catch {
                return .init(ok: false, line: "failed: \(error)")
            }
        }
        let (l, lines, _) = loop(
            [path], maxRenders: 3,
            onSleep: { n in
                // half-written save
                if n == 2 { try? Data("{\"format\": \"framework-sess".utf8).write(to: URL(fileURLWithPath: path)) }
                if n == 6 { _ = S.writeSession(in: dir, name: "card", label: "Fixed") }
            }, render: render)
        let result = l.run()
        #expect(result.renders == 3 && result.failures == 1)
        #expect(lines()[1].contains("failed"))
        #expect(lines()[2].hasSuffix(": ok"))
    }

    @Test func noChangeMeansNoRenderAndStampsSeeSizeAndTime() throws {
        let dir = S.tempDir("watch-stamps")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/a.json"
        _ = FileManager.default.createFile(atPath: file, contents: Data("{}".utf8))
        let before = FileStamps.scan([file, dir + "/missing"])
        #expect(before.count == 1 && before[file]?.size == 2)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: file)
        #expect(FileStamps.scan([file]) != before)
        var renders = 0
        var (l, _, _) = loop(
            [file], maxRenders: 2, onSleep: { _ in },
            render: {
                renders += 1
                return .init(ok: true, line: "ok")
            })
        // Bounded: stop the endless quiet loop after 20 polls by making the scan report a change then.
        var polls = 0
        let real = l.scan
        l.scan = { paths in
            polls += 1
            return polls > 20 ? [:] : real(paths)
        }
        l.run()
        #expect(renders == 2 && polls > 20)
    }
}

import Foundation
import Primitives
import RenderPipeline
import Testing

@testable import Gallery
@testable import Snapshots

/// The gallery on two tiny sessions: every session and state is in the index, repeats are stored
/// once, shards split the sessions, and the folder is replaced atomically.
struct GalleryTests {
    typealias S = Support

    func build(
        _ sessions: [String], out: String, themes: [String] = ["default"], shard: Shard = .all,
        snapshots: String? = nil
    ) throws -> (GalleryManifest, [String]) {
        var o = GalleryOptions(outputDirectory: out, fontsDirectory: S.fonts)
        o.themes = themes
        o.snapshotsDirectory = snapshots
        o.shard = shard
        o.workers = 2
        var lines: [String] = []
        let lock = NSLock()
        let m = try GalleryBuilder(
            options: o,
            progress: { l in
                lock.lock()
                lines.append(l)
                lock.unlock()
            }
        ).build(sessions: sessions)
        return (m, lines)
    }

    @Test func indexHasEverySessionSnapshotThemeAndState() throws {
        let dir = S.tempDir("gallery")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = S.writeSession(in: dir, name: "alpha")
        let b = S.writeSession(in: dir, name: "beta", label: "Other")
        let (m, progress) = try build([a, b], out: dir + "/g", themes: ["default", "ios"])
        #expect(m.sessions == ["alpha", "beta"])
        #expect(progress.count == 4 && progress.allSatisfy { $0.hasPrefix("[") })
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        for s in ["alpha", "beta"] {
            let cards = m.cards.filter { $0.session == s }
            // final + snapshot `start`, in two themes.
            let frames = cards.filter { $0.section == .frame }
            #expect(
                frames.map { "\($0.snapshot ?? "final")/\($0.theme)" } == [
                    "start/default", "start/ios", "final/default", "final/ios",
                ])
            // Button 4 has a HOVER style: NORMAL, ACTIVE, SELECTED, HOVER; event layout 6 has none.
            let states = cards.filter { $0.section == .state }.map { "\($0.element!) \($0.state)" }
            #expect(
                states == [
                    "button 4 NORMAL", "button 4 ACTIVE", "button 4 SELECTED", "button 4 HOVER",
                    "eventLayout 6 NORMAL", "eventLayout 6 ACTIVE", "eventLayout 6 SELECTED",
                ])
            #expect(html.contains("<h2>\(s)</h2>"))
        }
        #expect(html.components(separatedBy: "class=\"card").count - 1 == m.cards.count)
        for s in ["NORMAL", "ACTIVE", "SELECTED", "HOVER"] { #expect(html.contains("<th>\(s)</th>")) }
        #expect(!html.contains("<th>DISABLED</th>"))
        // Every image the page names exists.
        for c in m.cards { #expect(FileManager.default.fileExists(atPath: dir + "/g/" + c.image)) }
        // HOVER (red background) looks different from NORMAL.
        let button = m.cards.filter { $0.session == "alpha" && $0.element == "button 4" }
        #expect(button.first { $0.state == "HOVER" }!.image != button.first { $0.state == "NORMAL" }!.image)
    }

    @Test func repeatedImagesAreStoredOnce() throws {
        let dir = S.tempDir("dedupe")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Two sessions with identical content: every picture of the second repeats the first.
        let a = S.writeSession(in: dir, name: "one")
        let b = S.writeSession(in: dir, name: "two")
        let (m, _) = try build([a, b], out: dir + "/g")
        let images = S.files(dir + "/g/img")
        #expect(m.imagesOffered == m.cards.count)
        #expect(images.count == m.imagesStored)
        #expect(images.count == Set(m.cards.map(\.image)).count)
        #expect(images.count * 2 <= m.cards.count)
        // Names are the sha256 of the bytes.
        for f in images {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/g/img/" + f))
            #expect(f == SHA256.hex(Array(bytes)) + ".png")
        }
    }

    @Test func shardsSplitSessions() throws {
        // By a hash of the name (FNV-1a 64; "a" is the algorithm's published test vector).
        #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
        let items = ["x/a.json", "b.json", "c", "d.json", "e"]
        #expect(Shard("1/2")!.select(sessions: items) == ["x/a.json", "c", "e"])
        #expect(Shard("2/2")!.select(sessions: items) == ["b.json", "d.json"])
        #expect(Shard.all.select(sessions: items) == items)
        // Adding sessions moves none of the others; every session is in exactly one of 3 shards.
        let more = items + ["f", "g", "h", "i"]
        for k in 1...3 {
            let shard = Shard(index: k, count: 3)!
            #expect(shard.select(sessions: more).filter { items.contains($0) } == shard.select(sessions: items))
        }
        #expect((1...3).flatMap { Shard(index: $0, count: 3)!.select(sessions: more) }.sorted() == more.sorted())
        #expect(Shard("3/2") == nil && Shard("0/1") == nil && Shard("x") == nil)
        let dir = S.tempDir("shard")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = ["s1", "s2", "s3"].map { S.writeSession(in: dir, name: $0) }
        var o = GalleryOptions(outputDirectory: dir + "/g", fontsDirectory: S.fonts)
        o.themes = ["default"]
        o.states = false
        o.snapshotsDirectory = nil
        o.shard = Shard("2/2")!
        #expect(try GalleryBuilder(options: o).build(sessions: paths).sessions == ["s1", "s3"])
    }

    @Test func goldensGiveStatusCompareViewsAndSemanticDiff() throws {
        let dir = S.tempDir("goldens")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Goldens recorded from a blue button; the gallery renders a green one.
        let path = S.writeSession(in: dir, name: "card")
        let settings = SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .missing)
        _ = SnapshotChecker(settings: settings).check(
            session: path, renderer: try Renderer(options: RenderOptions(fontsDirectory: S.fonts)))
        _ = S.writeSession(in: dir, name: "card", buttonColor: "#00aa00")
        let (m, _) = try build([path], out: dir + "/g", snapshots: dir + "/snaps")
        let final = m.cards.first { $0.section == .frame && $0.snapshot == nil }!
        #expect(final.status == "failed" && final.golden != nil && final.diff != nil)
        #expect(final.changes.contains("button 4 background #3366cc -> #00aa00"))
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        #expect(
            html.contains("onion skin") && html.contains("class=\"wipe\"") && html.contains("data-filter=\"failed\""))
    }

    @Test func rebuildReplacesTheFolderAtomically() throws {
        let dir = S.tempDir("atomic")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = S.writeSession(in: dir, name: "one")
        var o = GalleryOptions(outputDirectory: dir + "/g", fontsDirectory: S.fonts)
        o.themes = ["default"]
        o.states = false
        o.snapshotsDirectory = nil
        _ = try GalleryBuilder(options: o).build(sessions: [a])
        _ = FileManager.default.createFile(atPath: dir + "/g/stale.txt", contents: Data())
        _ = try GalleryBuilder(options: o).build(sessions: [a])
        #expect(S.files(dir + "/g") == ["gallery.json", "img", "index.html"])
        // No temporary sibling (.g.XXXXXX) is left, and the new folder is readable as a mkdir'd one.
        #expect(S.files(dir).filter { $0.hasPrefix(".") }.isEmpty)
        var st = stat()
        #expect(stat(dir + "/g", &st) == 0 && st.st_mode & 0o700 == 0o700 && st.st_mode & 0o005 != 0)
    }
}

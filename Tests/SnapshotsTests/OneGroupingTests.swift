import Foundation
import Primitives
import RenderPipeline
import Testing

@testable import Gallery
@testable import Snapshots

/// One grouping (issue 50): `Grouping.group`'s rule, and the gallery of a folder with goldens grouping its
/// changed cards as `render check` groups the same folder's outcomes (the same ids, words and snapshots).
struct OneGroupingTests {
    typealias S = Support

    @Test func itemsGatherUnderEachKeyInFirstSeenOrderOncePerKey() {
        // "c" has no key; "a1" gives "a" twice (once in its group) and "all".
        let keys = { (s: String) -> [String] in s == "c" ? [] : [String(s.prefix(1)), String(s.prefix(1)), "all"] }
        let g = Grouping.group(["a1", "b1", "a2", "c"], by: keys)
        #expect(g.map(\.key) == ["a", "all", "b"])
        #expect(g.map(\.members) == [["a1", "a2"], ["a1", "b1", "a2"], ["b1"]])
    }

    @Test func theGalleryGroupsAsRenderCheckDoes() throws {
        let dir = S.tempDir("one-grouping")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = ["alpha", "beta"].map { S.writeSession(in: dir, name: $0) }
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        func check(_ record: RecordMode) -> [SnapshotOutcome] {
            let c = SnapshotChecker(
                settings: SnapshotSettings(
                    snapshotsDirectory: dir + "/gold", failuresDirectory: dir + "/fail", record: record))
            return paths.flatMap { p in
                renderer.forgetLastFrame()
                return c.check(session: p, renderer: renderer)
            }
        }
        #expect(check(.missing).allSatisfy { $0.status == .recorded })
        // The button's colour in both sessions, and the label's text in beta's final frame.
        _ = S.writeSession(in: dir, name: "alpha", buttonColor: "#2255bb")
        _ = S.writeSession(in: dir, name: "beta", label: "Bye", buttonColor: "#2255bb")
        let expected = ChangeGroup.groups(of: check(.never))
        #expect(expected.count >= 2)

        var o = GalleryOptions(outputDirectory: dir + "/g", fontsDirectory: S.fonts)
        (o.themes, o.snapshotsDirectory, o.states, o.workers) = (["default"], dir + "/gold", false, 2)
        let m = try GalleryBuilder(options: o).build(sessions: paths)
        let groups = try #require(m.groups)
        #expect(groups.map(\.id) == expected.map(\.id))
        #expect(groups.map(\.words) == expected.map(\.words))
        #expect(groups.map(\.snapshots) == expected.map(\.snapshots))
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        for g in expected {
            #expect(html.contains("id=\"group-\(g.id)\""))
            #expect(html.contains("--accept-group \(g.id) --snapshots"))
        }
        // The gallery wrote nothing beside the goldens it read.
        #expect(!FileManager.default.fileExists(atPath: dir + "/gold/alpha.actual.png"))
    }
}

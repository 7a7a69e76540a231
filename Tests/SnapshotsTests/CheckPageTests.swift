import Foundation
import RenderPipeline
import Testing

@testable import Gallery
@testable import Snapshots

/// `render check --html DIR`: failures first with their words, views, regions and accept command;
/// passed goldens after, collapsed; images copied beside the page.
struct CheckPageTests {
    typealias S = Support

    @Test func failuresComeFirstWithWhatChangedAndTheAcceptCommand() throws {
        let dir = S.tempDir("check-page")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let settings = { (m: RecordMode) in
            SnapshotSettings(snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: m)
        }
        _ = SnapshotChecker(settings: settings(.missing)).check(session: path, renderer: renderer)
        _ = S.writeSession(in: dir, name: "card", label: "Hello", buttonColor: "#00aa00")
        // The button shows in the snapshot and the final frame: both fail.
        var outcomes = SnapshotChecker(settings: settings(.never)).check(session: path, renderer: renderer)
        _ = S.writeSession(in: dir, name: "other")
        outcomes += SnapshotChecker(settings: settings(.missing)).check(
            session: dir + "/other.json", renderer: renderer)
        outcomes += SnapshotChecker(settings: settings(.never)).check(session: dir + "/other.json", renderer: renderer)
        let report = CheckReport(
            rendererVersion: "0.2.0", recordMode: .never, tolerance: Tolerance(), outcomes: outcomes)
        try CheckPage.write(
            report.relative(goldens: dir + "/snaps", files: dir + "/fail"), to: dir + "/review",
            images: ReportImages(goldens: dir + "/snaps", files: dir + "/fail"))
        let html = try String(contentsOfFile: dir + "/review/index.html", encoding: .utf8)
        let review = try #require(html.range(of: "To review (2)"))
        let passed = try #require(html.range(of: "Passed and recorded (4)"))
        let failure = try #require(html.range(of: "button 4 background #3366cc -&gt; #00aa00"))
        #expect(review.lowerBound < failure.lowerBound && failure.lowerBound < passed.lowerBound)
        #expect(html.contains("render check \(path) --accept card@start --snapshots \(dir)/snaps"))
        // One command for every failing golden on the page, above the cards.
        let all = try #require(html.range(of: "Accept all shown (2 goldens)"))
        #expect(html.contains("render check \(path) --accept card@start card --snapshots \(dir)/snaps"))
        #expect(all.lowerBound < failure.lowerBound)
        #expect(html.contains("<span class=\"badge\">changed</span>") && !html.contains(">failed</span>"))
        #expect(html.contains("class=\"region\""))
        #expect(html.contains("<details class=\"entry passed\"><summary>other@start"))
        // Every image the page names exists beside it.
        let names = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(!names.isEmpty)
        for n in Set(names) { #expect(FileManager.default.fileExists(atPath: dir + "/review/" + n), "\(n)") }
    }
}

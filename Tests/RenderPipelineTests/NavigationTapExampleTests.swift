import Primitives
import Testing

@testable import RenderPipeline

/// Examples/example1-third-page.json (semantics.md 7 item 37): the tap on "Page 3" (item 19) turns
/// the flipper (15) in the default and ios looks, the app creates the page's content after the
/// tap, and the final frame shows it; the android look keeps page 1 and hears only a click.
@Suite struct NavigationTapExampleTests {
    static let afterTap = [
        #"{"time":2300,"type":"ValueEvent","internalId":15,"value":2}"#,
        #"{"time":2300,"type":"VisibilityEvent","internalId":15,"visible":true}"#,
        #"{"time":2300,"type":"ValueEvent","internalId":19,"value":1}"#,
    ]

    /// (events at or after the tap, the "third-page" frame).
    func run(_ theme: String) throws -> ([String], Bitmap) {
        let r = try PipelineHarness.snapshots(
            of: "example1-third-page", renderer: try PipelineHarness.renderer(theme: theme))
        return (r.events.filter { $0.hasPrefix(#"{"time":2300"#) }, try #require(r.frames["third-page"]))
    }

    @Test(arguments: ["default", "ios"])
    func theTabBarTurnsThePage(theme: String) throws {
        let (events, frame) = try run(theme)
        #expect(events == Self.afterTap)
        // Page 3 (#ff0000, margin 20) fills the flipper: red at 200 dp across, 400 dp down, where
        // page 1 was maroon; the view's green (#008000) shows in its 20 dp margin at x = 10 dp.
        #expect(frame.matches(600, 1200, [255, 0, 0]))
        #expect(frame.matches(30, 1200, [0, 128, 0]))
    }

    @Test func androidKeepsPageOne() throws {
        let (events, frame) = try run("android")
        #expect(events == [#"{"time":2300,"type":"ValueEvent","internalId":19,"value":0}"#])
        // Page 1's maroon (#800000) beside test.png, as before the tap.
        #expect(frame.matches(150, 600, [128, 0, 0]))
    }
}

import Foundation
import Primitives
import RenderPipeline
import TestSupport
import XCTest

@testable import Accessibility

/// The large-text pass (LargeTextCheck): the planted cases of Fixtures/large-text.json exactly, the
/// work it does (second layouts counted), and what `--no-large-text` leaves out.
final class LargeTextTests: XCTestCase {
    static let fixtures = PlantedCorpusTests.fixtures

    func audit(_ name: String, fontScale: Double = 1, largeText: Bool = true) throws -> (
        findings: [Finding], layouts: Int
    ) {
        var o = RenderOptions(fontsDirectory: Repository.fonts)
        o.fontScale = fontScale
        let renderer = try Renderer(options: o)
        var audit = AccessibilityAudit(renderer: renderer)
        audit.largeText = largeText
        let (session, _) = try renderer.load(path: Self.fixtures + "/\(name).json")
        let (found, diagnostics) = try audit.run(session)
        XCTAssertEqual(diagnostics.map(\.message), [], "\(name) replays cleanly")
        return (found, audit.largeTextLayouts)
    }

    /// Clean: the paragraph that wraps (its box grows), the label with an ellipsis already at 1.0,
    /// "Download the album" (it wraps in the row at 2.0 and pushes its neighbour out instead).
    static let largeTextFindings = [
        // 40 dp high: two 16 dp lines fit at 1.0; at 1.3 the second line stands past the box.
        #"final: text 10 "Your order ships within two business day…": "#
            + "cut at font scale 1.3 (1 of 2 lines shown, 1 partly)",
        // A 28 dp card with overflow: hidden: one line fits at 1.0 and 1.3 (24.4 dp), not at 2.0.
        #"final: text 21 "Fine at 1.3 only": cut at font scale 2.0 (its one line cut short)"#,
        // 96 dp wide after a label that grows: at 2.0 it starts at 316 dp and ends past the 360 dp screen.
        #"final: text 32 "Buy now": overflows the screen width at font scale 2.0 (to 412.25 dp of 360)"#,
    ]

    func testPlantedCases() throws {
        let (found, layouts) = try audit("large-text")
        XCTAssertEqual(found.map { "\($0.screen): \($0.message)" }, Self.largeTextFindings)
        XCTAssertEqual(found.map(\.check), [.largeText, .largeText, .largeText])
        // One screen, laid out again at 1.3 and at 2.0.
        XCTAssertEqual(layouts, 2)
    }

    /// The JSON record keeps the other checks' keys: lines shown and needed, the frame as rendered.
    func testJSONLine() throws {
        let first = try audit("large-text").findings[0]
        XCTAssertEqual(first.frame, Rect(x: 16, y: 16, width: 328, height: 40))
        XCTAssertEqual(first.measured, 1)
        XCTAssertEqual(first.needed, 2)
        XCTAssertTrue(first.json.hasPrefix(#"{"screen":"final","check":"large-text","element":10,"type":"text","#))
        XCTAssertTrue(first.json.contains(#""measured":1,"needed":2,"#), first.json)
    }

    func testSkippedWhenOff() throws {
        let (found, layouts) = try audit("large-text", largeText: false)
        XCTAssertEqual(found, [])
        XCTAssertEqual(layouts, 0)
    }

    /// Rendered at font scale 1.5 already, only 2.0 is above it: one second layout; the card's line
    /// (cut at 2.0) still counts, text 10 is cut as rendered (not a large-text finding).
    func testScalesAboveTheRenderersOwn() throws {
        let (found, layouts) = try audit("large-text", fontScale: 1.5)
        XCTAssertEqual(layouts, 1)
        XCTAssertFalse(found.contains { $0.element == 10 }, "\(found.map(\.message))")
        XCTAssertTrue(found.allSatisfy { $0.message.contains("font scale 2.0") }, "\(found.map(\.message))")
    }

    /// Lines counted against a box: whole, partly inside, or out (no layout, a hand-made paragraph).
    func testFitCountsWholeAndPartialLines() {
        func line(_ y: Double, _ text: String) -> LineLayout {
            LineLayout(rect: Rect(x: 0, y: y, width: 100, height: 20), baseline: y + 15, text: text, runs: [])
        }
        let p = ParagraphLayout(
            size: Size(width: 100, height: 60), lines: [line(0, "one "), line(20, "two "), line(40, "three")])
        let t = LargeTextCheck.Placed(key: "text", paragraph: p, origin: Point(x: 10, y: 10))
        let f = LargeTextCheck.fit(t, uncut: nil, in: Rect(x: 10, y: 10, width: 100, height: 45))
        XCTAssertEqual(f, LargeTextCheck.Fit(shown: 2, needed: 3, partial: 1, minX: 10, maxX: 110))
        // A cut paragraph: an ellipsized last line is not shown whole, and the uncut layout says how many lines.
        var cut = p
        cut.lines = [line(0, "one "), line(20, "two…")]
        cut.truncated = true
        let whole = LargeTextCheck.Placed(key: "text", paragraph: cut, origin: Point(x: 10, y: 10))
        let g = LargeTextCheck.fit(whole, uncut: p, in: Rect(x: 0, y: 0, width: 400, height: 400))
        XCTAssertEqual(g.shown, 1)
        XCTAssertEqual(g.needed, 3)
        XCTAssertTrue(g.isCut)
    }

    /// `render a11y --no-large-text`: the fixture's only findings are large-text ones.
    func testCommandOption() throws {
        guard let render = Repository.renderBinary() else { throw XCTSkip("render not built") }
        let path = Self.fixtures + "/large-text.json"
        let on = try Subprocess.run(render, ["a11y", path])
        XCTAssertEqual(on.status, 6, on.stderr)
        XCTAssertTrue(on.stdout.hasPrefix(path + ": 3 findings\n"), on.stdout)
        let off = try Subprocess.run(render, ["a11y", path, "--no-large-text"])
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertEqual(off.stdout, path + ": no findings\n")
    }
}

import Primitives
import Styles
import Testing
import WidgetTree

@testable import Layout
@testable import Painting

/// Painting must stay O(n log n) in the number of elements: each test paints a hand-built tree of
/// N and of 8N elements and compares the work counted (`DisplayList.work`, kinds in `PaintWork`),
/// kind by kind. Counts, not time.
@Suite struct PaintComplexityTests {
    /// Every kind of work grows at most as n log n from `small` (size n) to `large` (size 8n).
    static func expectNLogN(
        _ small: DisplayList, _ large: DisplayList, n: Int, m: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(small.work[PaintWork.elements] >= n, sourceLocation: sourceLocation)
        for problem in WorkCounts.growthBeyondNLogN(small.work, large.work, n: n, m: m) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    static var boxStyle: ResolvedStyle {
        var s = ResolvedStyle()
        s.background = .color(Color(r: 200, g: 220, b: 240))
        return s
    }

    @Test func aLongListOfBoxesIsLinear() {
        func list(_ n: Int) -> DisplayList {
            var f = PaintingFixture()
            for i in 0..<n {
                f.add(
                    100 + i, .frameLayout, frame: Rect(x: 0, y: Double(i % 64) * 10, width: 360, height: 10),
                    style: Self.boxStyle)
            }
            return f.paint()
        }
        let a = list(1000)
        let b = list(8000)
        #expect(b.items.count > 8000)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func aDeepChainIsLinear() {
        // Nested boxes, each clipping its child: painting recurses once per level.
        func chain(_ n: Int) -> DisplayList {
            var f = PaintingFixture()
            var style = Self.boxStyle
            style.overflowHidden = true
            for d in 0..<n {
                f.add(
                    100 + d, .frameLayout, parent: d == 0 ? 2 : 99 + d,
                    frame: Rect(x: 0, y: 0, width: 360, height: 640), style: style)
            }
            return f.paint()
        }
        let a = chain(25)
        let b = chain(200)
        #expect(b.items.count > 200)
        Self.expectNLogN(a, b, n: 25, m: 200)
    }
}

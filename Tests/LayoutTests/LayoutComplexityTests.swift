import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// A layout pass must stay O(n log n) in the number of elements, whatever the shape of the tree:
/// each test lays out a tree of N and of 8N elements and compares the work the pass counted
/// (`LayoutResult.work`, kinds in `LayoutWork`), kind by kind. Counts, not time. (Without the
/// per-spec size cache, nested weighted layouts measure their subtrees again at every level: the
/// nested test then sees about 56x the work for 8x the depth and fails.)
@Suite struct LayoutComplexityTests {
    /// Every kind of work grows at most as n log n from `small` (size n) to `large` (size 8n).
    static func expectNLogN(
        _ small: LayoutResult, _ large: LayoutResult, n: Int, m: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(small.work[LayoutWork.measures] >= n, sourceLocation: sourceLocation)
        for problem in WorkCounts.growthBeyondNLogN(small.work, large.work, n: n, m: m) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// A vertical linear layout (id 3) under the view with `n` children, each made by `child`.
    static func column(_ n: Int, _ child: (inout TreeBuilder, Int, Int) -> Void) -> TreeBuilder {
        var b = TreeBuilder.screen()
        b.add(3, .linearLayout, parent: 2, value: 1) { s in
            s.width = .matchParent
            s.height = .wrapContent
        }
        for i in 0..<n { child(&b, 100 + i, 3) }
        return b
    }

    @Test func aLongColumnOfLabelsIsLinear() {
        func tree(_ n: Int) -> TreeBuilder {
            Self.column(n) { b, id, parent in
                b.add(id, .text, parent: parent, text: "row \(id)") { s in s.width = .matchParent }
            }
        }
        let a = tree(1000).layout()
        let b = tree(8000).layout()
        #expect(b.frames.count > 8000)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func weightedRowsInAColumnAreLinear() {
        // Each row shares its width between a weighted label and a fixed box, so every row is
        // measured, then stretched: several runs per element, a constant number of them.
        func tree(_ n: Int) -> TreeBuilder {
            Self.column(n / 3) { b, id, parent in
                b.add(id, .linearLayout, parent: parent, value: 2) { s in s.width = .matchParent }
                b.add(100_000 + id, .text, parent: id, text: "label \(id)") { s in
                    s.width = .fixed(0)
                    s.weight = 1
                }
                b.add(200_000 + id, .frameLayout, parent: id) { s in
                    s.width = .fixed(40)
                    s.height = .fixed(40)
                }
            }
        }
        let a = tree(1000).layout()
        let b = tree(8000).layout()
        #expect(b.frames.count > 7900)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func deeplyNestedWeightedLayoutsAreLinearInDepth() {
        // A chain of wrap-content linear layouts, each with a weighted child: the classic case where
        // a container measures a child more than once per level (measure, then stretch).
        func tree(_ depth: Int) -> TreeBuilder {
            var b = TreeBuilder.screen()
            var parent = 2
            for d in 0..<depth {
                let id = 100 + d
                b.add(id, .linearLayout, parent: parent, value: d % 2 == 0 ? 1 : 2) { s in
                    s.width = .wrapContent
                    s.height = .wrapContent
                    s.weight = 1
                }
                b.add(10_000 + d, .text, parent: id, text: "level \(d)")
                parent = id
            }
            return b
        }
        // 25 and 200 levels (the layout stops at 256).
        let a = tree(25).layout()
        let b = tree(200).layout()
        #expect(b.frames.count > 400)
        Self.expectNLogN(a, b, n: 50, m: 400)
    }

    @Test func aScrollListIsLinear() {
        func tree(_ n: Int) -> TreeBuilder {
            var b = TreeBuilder.screen()
            b.add(3, .scrollLayout, parent: 2) { s in
                s.width = .matchParent
                s.height = .matchParent
            }
            b.add(4, .linearLayout, parent: 3, value: 1) { s in
                s.width = .matchParent
                s.height = .wrapContent
            }
            for i in 0..<(n / 2) {
                b.add(100 + i, .frameLayout, parent: 4) { s in
                    s.width = .matchParent
                    s.height = .wrapContent
                }
                b.declare(100 + i, height: .wrapContent)
                b.add(100_000 + i, .text, parent: 100 + i, text: "item \(i)")
            }
            return b
        }
        let a = tree(1000).layout()
        let b = tree(8000).layout()
        #expect((b.scrollContent[3]?.height ?? 0) > 7 * (a.scrollContent[3]?.height ?? 0))
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }
}

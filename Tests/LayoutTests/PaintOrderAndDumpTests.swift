import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

@Test func paintOrderIsViewThenBarsThenOverlaysSkippingHidden() {
    var b = TreeBuilder.screen()
    b.add(20, .dialog, parent: 1, text: "D")
    b.add(9, .actionBar, parent: 2, text: "T")
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .text, parent: 3, text: "a")
    b.add(5, .text, parent: 3, text: "b")
    b.tree.elements[5]!.isVisible = false
    b.tree.overlayIds = [20]
    let r = b.layout(Device(width: 360, height: 640, scale: 2, statusBar: 24))
    #expect(r.paintOrder == [1, 2, 3, 4, 9, 20])
    let dump = LayoutDump.text(r)
    #expect(
        dump == """
            1 application 0,0 360x640
              2 frameView 0,0 360x640
                3 linearLayout 0,80 8x20
                  4 text 0,80 8x20
                9 actionBar 0,24 360x56
              20 dialog 24,316 312x88

            """)
}

@Test func dumpUsesAtMostTwoDecimals() {
    var b = TreeBuilder.screen()
    b.add(3, .frameLayout, parent: 2) { s in
        s.width = .fixed(10.123)
        s.height = .fixed(1)
    }
    b.add(4, .frameLayout, parent: 3) { s in
        s.width = .fixed(1)
        s.height = .fixed(1)
        s.gravity = Gravity(horizontal: .center)
    }
    let dump = LayoutDump.text(b.layout())
    #expect(dump.contains("3 frameLayout 0,0 10.12x1"))
    #expect(dump.contains("4 frameLayout 4.56,0 1x1"))
}

@Test func deepTreesAreCappedInsteadOfOverflowingTheStack() {
    var b = TreeBuilder.screen()
    var parent = 2
    for id in 3..<2003 {
        b.add(id, .linearLayout, parent: parent, value: 1) { s in
            s.width = .matchParent
            s.weight = 1
        }
        parent = id
    }
    let r = b.layout()
    #expect(r.frames[3] != nil)
    #expect(r.frames[2002] == nil)
    #expect(r.paintOrder.count < 300)
}

/// `levels` nested linear layouts, each with a weighted label and a fixed box (3 elements a level).
func nestedWeightedLayouts(_ levels: Int) -> LayoutResult {
    var b = TreeBuilder.screen()
    var parent = 2
    for depth in 0..<levels {
        let id = 10 + depth * 10
        b.add(id, .linearLayout, parent: parent, value: depth % 3 == 0 ? 1 : 2) { s in
            s.weight = 1
            s.width = .matchParent
            if depth % 4 == 0 { s.height = .matchParent }
        }
        b.add(id + 1, .text, parent: id, text: "x") { s in
            s.weight = 1
            s.width = .matchParent
        }
        b.add(id + 2, .frameLayout, parent: id) { s in
            s.width = .matchParent
            s.height = .fixed(3)
        }
        parent = id
    }
    return b.layout()
}

@Test func nestedWeightedLayoutsMeasureEachElementABoundedNumberOfTimes() {
    // Each level measures its weighted child twice: about 2^depth measures without the per-spec
    // size cache. Counted at 25 and 100 levels (75 and 300 elements).
    let small = nestedWeightedLayouts(25)
    let large = nestedWeightedLayouts(100)
    #expect(large.frames[1000] != nil)
    #expect(small.work[LayoutWork.measures] >= 75)
    // Not exponential: today's counts (6,959 measures and 20,690 size requests at 100 levels) with
    // room for noise; more is a regression.
    #expect(large.work[LayoutWork.measures] <= 8_000, "\(large.work)")
    #expect(large.work[LayoutWork.sizeRequests] <= 24_000, "\(large.work)")
    // Not n log n either (issue 30 found it when this test stopped timing): 4x the depth is 22x
    // the measures and 38x the size requests. When layout becomes linear here, this known issue
    // stops being recorded and the test fails until the block is removed.
    withKnownIssue("nested weighted layouts with a match-parent height every 4th level: work grows as depth^2 or more")
    {
        for problem in WorkCounts.growthBeyondNLogN(small.work, large.work, n: 75, m: 300) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}

@Test func dumpListsToastsWithTheirOpacity() {
    var b = TreeBuilder.screen()
    b.tree.toasts = [Toast(text: "Saved", start: 100, duration: 1000, anchorId: 2)]
    b.tree.time = 1000
    let dump = LayoutDump.text(b.layout())
    #expect(dump.hasSuffix("toast \"Saved\" 144,540 72x36 opacity 0.33\n"))
}

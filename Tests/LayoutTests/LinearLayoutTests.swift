import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// A horizontal row (id 3) filling the view's width, with padding `pad`.
private func row(padding pad: Double = 0, _ configure: (inout ResolvedStyle) -> Void = { _ in }) -> TreeBuilder {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 2) { s in
        s.width = .matchParent
        s.padding = Sides(all: pad)
        configure(&s)
    }
    return b
}

@Test func weightsOneTwoOneShare344() {
    var b = row(padding: 8)
    for (id, weight) in [(4, 1.0), (5, 2.0), (6, 1.0)] {
        b.add(id, .frameLayout, parent: 3) { s in
            s.width = .fixed(0)
            s.height = .fixed(40)
            s.weight = weight
        }
    }
    let r = b.layout()
    #expect(r.frames[4] == Rect(8, 8, 86, 40))
    #expect(r.frames[5] == Rect(94, 8, 172, 40))
    #expect(r.frames[6] == Rect(266, 8, 86, 40))
    #expect(r.frames[3] == Rect(0, 0, 360, 56))
}

@Test func weightedChildGetsMeasuredSizePlusShare() {
    var b = row()
    b.add(4, .text, parent: 3, text: "abcd") { s in s.weight = 1 }  // 32 measured
    b.add(5, .text, parent: 3, text: "ab") { s in s.weight = 1 }  // 16 measured
    let r = b.layout()
    // Leftover 360 - 48 = 312, 156 each.
    #expect(r.frames[4]?.width == 188)
    #expect(r.frames[5]?.width == 172)
    #expect(r.frames[5]?.x == 188)
}

@Test func negativeLeftoverShrinksWeightedChildrenNeverBelowZero() {
    var b = row { s in s.width = .fixed(100) }
    b.add(4, .frameLayout, parent: 3) { s in
        s.width = .fixed(80)
        s.height = .fixed(10)
    }
    b.add(5, .frameLayout, parent: 3) { s in
        s.width = .fixed(30)
        s.height = .fixed(10)
        s.weight = 1
    }
    b.add(6, .frameLayout, parent: 3) { s in
        s.width = .fixed(4)
        s.height = .fixed(10)
        s.weight = 1
    }
    let r = b.layout()
    // Leftover -14: -7 each would make child 6 negative; it clamps at 0 and 5 absorbs the rest.
    #expect(r.frames[5]?.width == 20)
    #expect(r.frames[6]?.width == 0)
    #expect(r.frames[6]?.x == 100)
    #expect(LinearLayout.distribute(leftover: -20, measured: [30, 10], weights: [1, 1]) == [20, 0])
}

@Test func mainAxisMatchParentCountsAsWeightOne() {
    var b = row()
    b.add(4, .frameLayout, parent: 3) { s in
        s.width = .fixed(100)
        s.height = .fixed(10)
    }
    b.add(5, .text, parent: 3, text: "abcd") { s in s.width = .matchParent }  // 32 measured
    b.add(6, .frameLayout, parent: 3) { s in
        s.width = .fixed(0)
        s.height = .fixed(10)
        s.weight = 1
    }
    let r = b.layout()
    // Leftover 360 - 132 = 228, 114 each.
    #expect(r.frames[5] == Rect(100, 0, 146, 20))
    #expect(r.frames[6] == Rect(246, 0, 114, 10))
}

@Test func crossAxisGravityCentresTheMarginBoxAndMatchParentStretches() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1) { s in s.width = .matchParent }
    b.add(4, .text, parent: 3, text: "abc") { s in
        s.gravity = Gravity(horizontal: .center)
        s.margin = Sides(top: 0, right: 30, bottom: 0, left: 10)
    }
    b.add(5, .text, parent: 3, text: "abc") { s in s.gravity = Gravity(horizontal: .right) }
    b.add(6, .text, parent: 3, text: "abc")
    b.add(7, .text, parent: 3, text: "abc") { s in
        s.width = .matchParent
        s.margin = Sides(all: 12)
    }
    b.add(8, .text, parent: 3, text: "abc") { s in s.gravity = Gravity(horizontal: .center, vertical: .bottom) }
    let r = b.layout()
    #expect(r.frames[4] == Rect(158, 0, 24, 20))  // (360 - 64) / 2 + 10
    #expect(r.frames[5] == Rect(336, 20, 24, 20))
    #expect(r.frames[6] == Rect(0, 40, 24, 20))
    #expect(r.frames[7] == Rect(12, 72, 336, 20))
    #expect(r.frames[8] == Rect(168, 104, 24, 20))  // only the cross part of gravity applies
}

@Test func paddingBorderAndMarginsOffsetChildren() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1) { s in
        s.padding = Sides(all: 10)
        s.border = Sides(all: BorderSide(width: 2))
        s.margin = Sides(all: 5)
    }
    b.add(4, .text, parent: 3, text: "abcd") { s in
        s.margin = Sides(top: 3, right: 0, bottom: 4, left: 6)
        s.padding = Sides(all: 1)
    }
    b.add(5, .text, parent: 3, text: "ab")
    let r = b.layout()
    // Border box = content + padding + border; the layout wraps its children.
    #expect(r.frames[3] == Rect(5, 5, 24 + 6 + 34, 24 + 3 + 22 + 4 + 20))
    #expect(r.frames[4] == Rect(5 + 12 + 6, 5 + 12 + 3, 34, 22))
    #expect(r.frames[5] == Rect(17, 5 + 12 + 3 + 22 + 4, 16, 20))
    #expect(r.textOrigins[4] == Point(x: 24, y: 21))
}

@Test func minWinsOverMaxAndWrapIsCappedButFixedIsNot() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1) { s in s.width = .matchParent }
    b.add(4, .text, parent: 3, text: "abcdefghij") { s in s.maxWidth = 40 }  // wraps to 5 chars a line
    b.add(5, .text, parent: 3, text: "ab") { s in
        s.minWidth = 100
        s.maxWidth = 50
    }
    b.add(6, .frameLayout, parent: 3) { s in
        s.width = .fixed(500)
        s.height = .fixed(10)
    }
    b.add(7, .text, parent: 3, text: String(repeating: "x", count: 60))  // 480 wide natural
    b.add(8, .frameLayout, parent: 3) { s in
        s.width = .fixed(-5)
        s.height = .fixed(10)
        s.minHeight = 30
    }
    let r = b.layout()
    #expect(r.frames[4]?.size == Size(width: 40, height: 40))
    #expect(r.frames[5]?.width == 100)
    #expect(r.frames[6]?.width == 500)
    #expect(r.frames[7]?.width == 360)
    #expect(r.frames[8]?.size == Size(width: 0, height: 30))
}

@Test func weightsDoNotShareUnderWrapContentOrInAScrollView() {
    var b = TreeBuilder.screen()
    b.add(3, .scrollLayout, parent: 2)
    b.add(4, .linearLayout, parent: 3, value: 1) { s in s.width = .matchParent }
    b.add(5, .text, parent: 4, text: "a") { s in s.weight = 1 }
    b.add(6, .linearLayout, parent: 4, value: 2)
    b.add(7, .text, parent: 6, text: "ab") { s in s.weight = 3 }
    let r = b.layout()
    #expect(r.frames[5]?.height == 20)
    #expect(r.frames[7]?.width == 16)
    #expect(r.frames[4]?.height == 40)
}

@Test func unknownDirectionIsVerticalAndHiddenChildrenTakeNoSpace() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 7)
    b.add(4, .text, parent: 3, text: "a")
    b.add(5, .text, parent: 3, text: "b")
    b.add(6, .text, parent: 3, text: "c")
    b.tree.elements[5]!.isVisible = false
    let r = b.layout()
    #expect(r.frames[6] == Rect(0, 20, 8, 20))
    #expect(r.frames[5] == nil)
    #expect(!r.paintOrder.contains(5))
}

@Test func weightedChildrenAreMeasuredAgainstTheSpaceTheUnweightedLeft() {
    var b = row { s in s.width = .fixed(120) }
    b.add(4, .frameLayout, parent: 3) { s in
        s.width = .fixed(20)
        s.height = .fixed(10)
    }
    b.add(5, .text, parent: 3, text: String(repeating: "a", count: 10)) { s in s.weight = 1 }  // 80 each
    b.add(6, .text, parent: 3, text: String(repeating: "b", count: 10)) { s in s.weight = 1 }
    let r = b.layout()
    // Leftover 100 - 160 = -60: both shrink by 30 to 50 and wrap to two lines.
    #expect(r.frames[5] == Rect(20, 0, 50, 40))
    #expect(r.frames[6] == Rect(70, 0, 50, 40))
}

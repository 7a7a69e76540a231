import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// A 200 dp scroll view (id 3) holding a column (id 4) of 30 labels of 20 dp: 600 dp of content.
private func scroll(offset: Int) -> LayoutResult {
    var b = TreeBuilder.screen()
    b.add(3, .scrollLayout, parent: 2, value: offset) { s in
        s.height = .fixed(200)
        s.margin.top = 10
    }
    b.add(4, .linearLayout, parent: 3, value: 1) { s in s.width = .matchParent }
    for i in 0..<30 { b.add(10 + i, .text, parent: 4, text: "row \(i)") }
    return b.layout()
}

@Test func scrollOffsetShiftsTheContentAndIsClamped() {
    let r = scroll(offset: 120)
    #expect(r.scrollContent[3] == Size(width: 360, height: 600))
    #expect(r.scrollOffsets[3] == 120)
    #expect(r.frames[3] == Rect(0, 10, 360, 200))
    #expect(r.frames[4] == Rect(0, 10 - 120, 360, 600))
    #expect(r.frames[16]?.y == Double(10))
    #expect(scroll(offset: 5000).scrollOffsets[3] == 400)
    #expect(scroll(offset: 5000).frames[4]?.y == Double(-390))
    #expect(scroll(offset: -30).scrollOffsets[3] == 0)
}

@Test func scrollLaysOutOnlyItsFirstChild() {
    var b = TreeBuilder.screen()
    b.add(3, .scrollLayout, parent: 2)
    b.add(4, .text, parent: 3, text: "a")
    b.add(5, .text, parent: 3, text: "b")
    let r = b.layout()
    #expect(r.frames[4] != nil)
    #expect(r.frames[5] == nil)
    #expect(r.scrollContent[3] == Size(width: 360, height: 20))
    #expect(r.scrollOffsets[3] == 0)
}

@Test(arguments: [(0, 4), (1, 5), (2, 6), (9, 6), (-3, 4)])
func flipperShowsOnePageAtFullSize(value: Int, shown: Int) {
    var b = TreeBuilder.screen()
    b.add(3, .flipperLayout, parent: 2, value: value) { s in
        s.height = .fixed(300)
        s.padding = Sides(all: 10)
    }
    for id in 4...6 { b.add(id, .text, parent: 3, text: "page \(id)") }
    let r = b.layout()
    #expect(r.frames[shown] == Rect(10, 10, 340, 280))
    for id in 4...6 where id != shown { #expect(r.frames[id] == nil) }
}

@Test func pagerBehavesLikeAFlipper() {
    var b = TreeBuilder.screen()
    b.add(3, .pager, parent: 2, value: 1)
    b.add(4, .frameLayout, parent: 3)
    b.add(5, .linearLayout, parent: 3, value: 1)
    let r = b.layout()
    #expect(r.frames[5] == Rect(0, 0, 360, 640))
    #expect(r.frames[4] == nil)
}

@Test func autoColumnsDealChildrenIntoEqualColumns() {
    var b = TreeBuilder.screen()
    b.add(3, .autoColumnLayout, parent: 2) { s in s.width = .fixed(300) }
    for (i, id) in (4...8).enumerated() { b.add(id, .text, parent: 3, text: String(repeating: "x", count: 10 + i % 2)) }
    let r = b.layout()
    // Widest child 88: 3 columns of 100.
    #expect(r.frames[4] == Rect(0, 0, 80, 20))
    #expect(r.frames[5] == Rect(100, 0, 88, 20))
    #expect(r.frames[6] == Rect(200, 0, 80, 20))
    #expect(r.frames[7] == Rect(0, 20, 88, 20))
    #expect(r.frames[8] == Rect(100, 20, 80, 20))
    #expect(r.frames[3] == Rect(0, 0, 300, 40))
}

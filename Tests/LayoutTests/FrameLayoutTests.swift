import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

private let phone = Device(width: 390, height: 844, scale: 3, statusBar: 47)

/// A frame layout (id 3) filling the content area (y 47..844) with one 24x20 label (id 4).
private func frame(_ configure: (inout ResolvedStyle) -> Void, parent: (inout ResolvedStyle) -> Void = { _ in })
    -> LayoutResult
{
    var b = TreeBuilder.screen()
    b.add(3, .frameLayout, parent: 2, parent)
    b.add(4, .text, parent: 3, text: "abc", configure)
    return b.layout(phone)
}

@Test(arguments: [
    (Gravity(horizontal: .left, vertical: .top), Point(x: 12, y: 59)),
    (Gravity(horizontal: .center, vertical: .top), Point(x: 183, y: 59)),
    (Gravity(horizontal: .right, vertical: .top), Point(x: 354, y: 59)),
    (Gravity(horizontal: .left, vertical: .center), Point(x: 12, y: 435.5)),
    (Gravity(horizontal: .center, vertical: .center), Point(x: 183, y: 435.5)),
    (Gravity(horizontal: .right, vertical: .center), Point(x: 354, y: 435.5)),
    (Gravity(horizontal: .left, vertical: .bottom), Point(x: 12, y: 812)),
    (Gravity(horizontal: .center, vertical: .bottom), Point(x: 183, y: 812)),
    (Gravity(horizontal: .right, vertical: .bottom), Point(x: 354, y: 812)),
])
func gravityPlacesOnBothAxesWithMargins(gravity: Gravity, origin: Point) {
    let r = frame { s in
        s.gravity = gravity
        s.margin = Sides(all: 12)
    }
    #expect(r.frames[3] == Rect(0, 47, 390, 797))
    #expect(r.frames[4] == Rect(x: origin.x, y: origin.y, width: 24, height: 20))
}

@Test func defaultGravityIsTopLeft() {
    let r = frame { _ in }
    #expect(r.frames[4] == Rect(0, 47, 24, 20))
}

@Test func offsetsFromInsideThePaddingAndMarginsAdd() {
    let r = frame({ s in
        s.offsets.top = 96
        s.offsets.left = 48
    })
    #expect(r.frames[4] == Rect(48, 143, 24, 20))
    let r2 = frame({ s in
        s.offsets.bottom = 96
        s.offsets.right = 48
    })
    #expect(r2.frames[4] == Rect(318, 728, 24, 20))
    let r3 = frame(
        { s in
            s.offsets.top = 10
            s.offsets.left = 10
            s.margin = Sides(all: 5)
        },
        parent: { s in s.padding = Sides(all: 20) })
    #expect(r3.frames[4] == Rect(35, 47 + 35, 24, 20))
}

@Test func leftAndRightTogetherSetTheWidth() {
    let r = frame { s in
        s.offsets.top = 560
        s.offsets.left = 40
        s.offsets.right = 40
        s.height = .fixed(44)
    }
    #expect(r.frames[4] == Rect(40, 607, 310, 44))
}

@Test func anOffsetOnOneAxisLeavesTheOtherToGravity() {
    let r = frame { s in
        s.offsets.top = 100
        s.gravity = Gravity(horizontal: .right, vertical: .bottom)
        s.margin = Sides(all: 4)
    }
    #expect(r.frames[4] == Rect(390 - 4 - 24, 47 + 104, 24, 20))
}

@Test func laterChildrenOverlayAndMatchParentFills() {
    var b = TreeBuilder.screen()
    b.add(3, .frameLayout, parent: 2)
    b.add(4, .frameLayout, parent: 3) { s in s.margin = Sides(all: 10) }  // fills by default
    b.add(5, .eventLayout, parent: 3)  // wraps its content
    b.add(6, .text, parent: 5, text: "ab") { s in s.padding = Sides(all: 2) }
    let r = b.layout(phone)
    #expect(r.frames[4] == Rect(10, 57, 370, 777))
    #expect(r.frames[5] == Rect(0, 47, 20, 24))
    #expect(r.paintOrder.firstIndex(of: 4)! < r.paintOrder.firstIndex(of: 5)!)
}

@Test func wrapFrameStretchesMatchParentChildrenToItsSize() {
    var b = TreeBuilder.screen()
    b.add(3, .frameLayout, parent: 2)
    b.declare(3, width: .wrapContent, height: .wrapContent)
    b.add(4, .text, parent: 3, text: "abcdefgh")
    b.add(5, .frameLayout, parent: 3) { s in s.height = .fixed(5) }
    let r = b.layout(phone)
    #expect(r.frames[3] == Rect(0, 47, 64, 20))
    #expect(r.frames[5] == Rect(0, 47, 64, 5))
}

import Primitives
import SessionFormat
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout

@Test func buttonIsTitlePlusPaddingAtLeastItsMinHeight() {
    var b = TreeBuilder.screen()
    // 36: the min-height the theme's widgetDefaults give a button (a default, not a floor).
    b.add(3, .button, parent: 2, text: "OK") { s in
        s.padding = Sides(top: 4, right: 16, bottom: 4, left: 16)
        s.minHeight = 36
    }
    b.add(4, .button, parent: 2, text: "Go") { s in
        s.padding = Sides(top: 8, right: 16, bottom: 8, left: 16)
        s.icon = "star.png"
        s.iconAttachment = .left
        s.gravity = Gravity(vertical: .bottom)
    }
    let r = b.layout()
    #expect(r.frames[3] == Rect(0, 0, 48, 36))
    #expect(r.textOrigins[3] == Point(x: 16, y: 8))  // centred in the 36 tall box
    // Icon 24 + gap 6 + title 16; height 24 + 16.
    #expect(r.frames[4] == Rect(0, 600, 78, 40))
    #expect(r.iconFrames[4] == Rect(16, 608, 24, 24))
    #expect(r.textOrigins[4] == Point(x: 46, y: 610))
    // No min-height: the title and padding alone.
    var c = TreeBuilder.screen()
    c.add(3, .button, parent: 2, text: "OK") { s in s.padding = Sides(top: 4, right: 16, bottom: 4, left: 16) }
    #expect(c.layout().frames[3] == Rect(0, 0, 48, 28))
}

@Test func textFieldSwitchCheckboxPickerSpinnerPageControl() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .textField, parent: 3, text: "abc")
    b.add(5, .switchControl, parent: 3, value: 0, text: "On")
    b.tree.elements[5]!.text2 = "Off"
    b.add(6, .checkbox, parent: 3, text: "Agree")
    b.add(7, .picker, parent: 3, value: 1)
    b.tree.elements[7]!.options = [Option(id: 0, label: "a"), Option(id: 2, label: "bbb")]
    b.add(8, .progressSpinner, parent: 3)
    b.add(9, .pageControl, parent: 3, value: 3)
    b.add(10, .progressSpinner, parent: 3)
    b.tree.elements[10]!.isStopped = true
    let r = b.layout()
    #expect(r.frames[4] == Rect(0, 0, 40, 40))  // 24 text + 2 x 8, theme height 40
    #expect(r.textOrigins[4] == Point(x: 8, y: 10))
    #expect(r.frames[5] == Rect(0, 40, 24 + 8 + 36, 20))  // "Off", gap, track
    #expect(r.iconFrames[5] == Rect(32, 43, 36, 14))
    #expect(r.frames[6] == Rect(0, 60, 18 + 8 + 40, 20))
    #expect(r.textOrigins[6] == Point(x: 26, y: 60))
    #expect(r.frames[7] == Rect(0, 80, 24 + 10 + 16, 36))
    #expect(r.paragraphs[7]?.lines.first?.text == "bbb")
    #expect(r.frames[8] == Rect(0, 116, 24, 24))
    #expect(r.frames[9] == Rect(0, 140, 40, 8))
    #expect(r.frames[10] == nil)
}

@Test func passwordFieldShowsDotsAndEmptyFieldShowsHint() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .textField, parent: 3, text: "secret")
    b.tree.elements[4]!.flags = 1
    b.add(5, .textField, parent: 3) { s in s.hint = "Name" }
    let r = b.layout()
    #expect(r.paragraphs[4]?.lines.first?.text == "••••••")
    #expect(r.paragraphs[5]?.lines.first?.text == "Name")
}

@Test func imageSizeFromTheStoreElsePlaceholderElseFixed() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .imageView, parent: 3)
    b.tree.elements[4]!.content = .asset("test.png")
    b.add(5, .imageView, parent: 3)
    b.add(6, .imageView, parent: 3) { s in
        s.width = .fixed(100)
        s.height = .fixed(50)
    }
    var store = ImageStore()
    store[ImageStore.assetKey("test.png")] = ImageStore.Entry(bitmap: Bitmap(width: 600, height: 300), density: 3)
    let r = b.engine(images: store).layout(b.tree, device: Device())
    #expect(r.frames[4] == Rect(0, 0, 200, 100))
    #expect(r.frames[5] == Rect(0, 100, 48, 48))
    #expect(r.frames[6] == Rect(0, 148, 100, 50))
}

@Test func labelWrapsToTheWidthAvailableMinusPaddingAndTextSitsAtTheTop() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1) { s in s.width = .fixed(100) }
    b.add(4, .text, parent: 3, text: String(repeating: "x", count: 20)) { s in s.padding = Sides(all: 5) }
    b.add(5, .text, parent: 3, text: "abc") { s in
        s.height = .fixed(60)
        s.width = .fixed(90)
        s.padding = Sides(all: 3)
    }
    let r = b.layout()
    // 90 of content: 11 characters (88) a line, two lines.
    #expect(r.frames[4] == Rect(0, 0, 98, 50))
    #expect(r.paragraphs[4]?.lines.count == 2)
    #expect(r.textOrigins[5] == Point(x: 3, y: 53))
    #expect(r.styles[4]?.padding == Sides(all: 5))
}

@Test func listViewShowsCellRows() {
    var b = TreeBuilder.screen()
    b.add(3, .listView, parent: 2)
    b.tree.elements[3]!.cells = [
        Cell(row: 1, column: 0, sheet: 0, text: "b"), Cell(row: 0, column: 0, sheet: 0, text: "a"),
    ]
    b.declare(3, width: .wrapContent)
    let r = b.layout()
    #expect(r.paragraphs[3]?.lines.map(\.text) == ["a", "b"])
    #expect(r.frames[3]?.height == 40)
}

@Test func radioGroupOptionsAreRows() {
    var b = TreeBuilder.screen()
    b.add(3, .radioGroup, parent: 2, value: 2)
    b.tree.elements[3]!.options = [Option(id: 1, label: "One"), Option(id: 2, label: "Three")]
    let r = b.layout()
    // Rows of max(20, 18) + 8; width = mark 18 + gap 8 + widest label 40.
    #expect(r.frames[3] == Rect(0, 0, 66, 56))
    #expect(r.rows[3] == [Rect(0, 0, 66, 28), Rect(0, 28, 66, 28)])
    #expect(r.extraTexts[3]?.map(\.origin) == [Point(x: 26, y: 4), Point(x: 26, y: 32)])
}

@Test func recordsPlaceTheStoredImageAndLeaveNoneWhenTheStoreLacksIt() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .imageView, parent: 3) { s in
        s.width = .fixed(100)
        s.height = .fixed(50)
        s.imageScale = .center
    }
    b.tree.elements[4]!.content = .asset("test.png")
    b.add(5, .imageView, parent: 3)
    b.tree.elements[5]!.content = .asset("missing.png")
    var store = ImageStore()
    store[ImageStore.assetKey("test.png")] = ImageStore.Entry(bitmap: Bitmap(width: 600, height: 300), density: 3)
    let r = b.engine(images: store).layout(b.tree, device: Device())
    // 200 x 100 dp at its own size, centred on the 100 x 50 box: it overflows, so it is clipped to the box.
    #expect(r[4]?.image?.key == ImageStore.assetKey("test.png"))
    #expect(r[4]?.image?.dest == Rect(-50, -25, 200, 100))
    #expect(r[4]?.image?.clip == RoundedRect(rect: Rect(0, 0, 100, 50)))
    // No pixels in the store: no placement, so painting shows the placeholder.
    #expect(r[5]?.image == nil)
}

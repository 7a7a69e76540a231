import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// The records layout hands painting: what painting used to work out itself is decided here.

@Test func aButtonWithoutItsOwnBackgroundGetsTheThemesLook() {
    var b = TreeBuilder.screen()
    b.add(3, .button, parent: 2, text: "OK")
    b.add(4, .button, parent: 2, text: "Red") { $0.background = .color(Color(rgb: 0xff0000)) }
    let r = b.layout()
    #expect(r[3]?.look == BoxLook(background: .color(Color(rgb: 0xe0e0e0)), radii: Corners(all: 4), shadow: nil))
    #expect(r[4]?.look.background == .color(Color(rgb: 0xff0000)))
    #expect(r[4]?.look.radii == .zero)  // its own box: the theme's radius goes with the theme's colour
}

@Test func aDialogPanelKeepsTheThemesShapeAndShadow() {
    var b = TreeBuilder.screen()
    b.add(10, .dialog, parent: 1, text: "Title") { $0.background = .color(Color(rgb: 0x00ff00)) }
    b.tree.overlayIds = [10]
    let look = b.layout()[10]?.look
    #expect(look?.background == .color(Color(rgb: 0x00ff00)))
    #expect(look?.radii == Corners(all: 8))
    #expect(look?.shadow?.offsetY == 4 && look?.shadow?.blur == 16)  // the theme's "0 4 16 #40000000"
}

@Test func childrenArePaintedInPaintOrderAndKnowTheirLaidOutParent() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2)
    b.add(4, .text, parent: 3, text: "a")
    b.add(5, .text, parent: 3, text: "b")
    b.add(6, .actionBar, parent: 2, text: "Bar")  // placed by the screen: not a painted child
    let r = b.layout()
    #expect(r[2]?.children == [3])
    #expect(r[3]?.children == [4, 5])
    #expect(r[4]?.parent == 3 && r[3]?.parent == 2 && r[2]?.parent == 1 && r[1]?.parent == nil)
    #expect(r[4]?.depth == 3 && r[6]?.depth == 2)  // application 0, view 1; the view's bar under it
    #expect(r[4]?.text == "a")
}

@Test func anEmptyTextViewShowsItsHintAsPlaceholder() {
    var b = TreeBuilder.screen()
    b.add(3, .textView, parent: 2) {
        $0.hint = "Notes"
        $0.hintColor = Color(rgb: 0x9e9e9e)
        $0.width = .fixed(200)
    }
    b.add(4, .textView, parent: 2, text: "Written")
    let r = b.layout()
    #expect(r[3]?.placeholder?.role == .hint)
    #expect(r[3]?.placeholder?.paragraph.lines.map(\.text) == ["Notes"])
    #expect(r[3]?.placeholder?.origin == r[3]?.textOrigin)
    #expect(r[4]?.placeholder == nil)  // its paragraph shows its text
}

@Test func aTextViewsErrorLineIsAnExtraTextUnderIt() {
    var b = TreeBuilder.screen()
    b.add(3, .textView, parent: 2, text: "x")
    b.tree.elements[3]?.errorText = "Too short"
    let r = b.layout()
    let error = r[3]?.extraTexts.first { $0.role == .error }
    #expect(error?.paragraph.lines.map(\.text) == ["Too short"])
    #expect(error?.origin.y == (r[3]?.frame.maxY ?? 0) + 2)
}

@Test func aPickersArrowIsCentredInItsColumn() throws {
    var b = TreeBuilder.screen()
    b.add(3, .picker, parent: 2)
    b.tree.elements[3]?.options = [Option(id: 1, label: "One")]
    let r = b.layout()
    let arrow = try #require(r[3]?.arrow)
    let column = try #require(r[3]?.iconFrame)
    #expect(arrow.role == .arrow)
    #expect(arrow.paragraph.lines.map(\.text) == ["▾"])
    #expect(arrow.origin == Point(x: column.midX - 4, y: column.midY - 10))  // 8 x 20 in the fake measurer
}

@Test func theStatusClockIsLaidOutOnlyInThePlatformLooksWithAStatusBand() {
    var b = TreeBuilder.screen()
    b.add(3, .frameLayout, parent: 2)
    var ios = testTheme
    ios.name = "ios"
    let engine = LayoutEngine(theme: ios, measurer: FakeMeasurer())
    let band = Device(width: 390, height: 844, scale: 3, statusBar: 47)
    #expect(engine.layout(b.tree, device: band).screen.statusClock?.lines.map(\.text) == ["9:41"])
    #expect(engine.layout(b.tree, device: Device(width: 390, height: 844, scale: 3)).screen.statusClock == nil)
    #expect(b.layout(band).screen.statusClock == nil)  // the test theme is neither ios nor android
}

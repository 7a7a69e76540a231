import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

private let android = Device(width: 360, height: 640, scale: 2, statusBar: 24)

/// ADD_OPTION on an action bar: one icon box per option (theme icon size 24, 24 apart), the group
/// ending 16 from the right edge, or 16 before Save; the title's room ends 16 before the group.
@Test func actionBarOptionIconsSitAtTheRightInOptionOrder() {
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 1, text: "A long title that would reach the icons")
    b.tree.elements[9]!.options = [Option(id: 1, label: "search.png"), Option(id: 2, label: "share.png")]
    let r = b.layout(android)
    // 360 - 16 = 344 right edge: share at 320, search 24 + 24 before it at 272; y 24 + (56 - 24) / 2.
    #expect(r.rows[9] == [Rect(272, 40, 24, 24), Rect(320, 40, 24, 24)])
    // The title is cut to end by 272 - 16 = 256: (256 - 16) / 8 = 30 characters of the fake font.
    #expect((r.paragraphs[9]?.size.width ?? 0) <= 240)
    #expect(r.paragraphs[9]?.size.width ?? 0 > 200)
}

@Test func actionBarOptionIconsGoBeforeSave() {
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 1, text: "T")
    b.tree.elements[9]!.flags = 2
    b.tree.elements[9]!.options = [Option(id: 1, label: "search.png")]
    let r = b.layout(android)
    // "Save" is 4 x 8 = 32 wide at 360 - 16 - 32 = 312; the icon ends 16 before it, at 296.
    let save = r.extraTexts[9]?.first { $0.role == .save }
    #expect(save?.origin.x == 312)
    #expect(r.rows[9] == [Rect(272, 40, 24, 24)])
}

@Test func actionBarWithoutOptionsHasNoIconRow() {
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 1, text: "T")
    #expect(b.layout(android).rows[9] == nil)
}

/// SET_ERROR 1 on a text field: what follows moves down by the error line (2 + one 20 line of
/// the fake font), the field's own box stays, and the error is placed 2 under it; SET_ERROR 0
/// moves it back.
@Test func textFieldErrorLinePushesTheNextSiblingDown() {
    func layout(error: String?) -> LayoutResult {
        var b = TreeBuilder.screen()
        b.add(3, .linearLayout, parent: 2, value: 1)
        b.add(4, .textField, parent: 3, text: "abc")
        b.tree.elements[4]!.errorText = error
        b.add(5, .text, parent: 3, text: "next")
        return b.layout()
    }
    let plain = layout(error: nil)
    let failed = layout(error: "Bad value")
    let cleared = layout(error: "")
    #expect(plain.frames[4] == Rect(0, 0, 40, 40))
    #expect(plain.frames[5] == Rect(0, 40, 32, 20))
    #expect(failed.frames[4]?.height == 40)
    #expect(failed.frames[5] == Rect(0, 62, 32, 20))
    #expect(failed.frames[3]?.height == 82)
    #expect(failed.extraTexts[4]?.first { $0.role == .error }?.origin.y == 42)
    // The field is sized, then placed: its error line is recorded once, so it is painted once.
    #expect(failed.extraTexts[4]?.filter { $0.role == .error }.count == 1)
    #expect(cleared.frames[5] == plain.frames[5])
}

@Test func textViewErrorLineTakesRoomToo() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .textView, parent: 3, text: "abc")
    b.tree.elements[4]!.errorText = "Too short"
    b.add(5, .text, parent: 3, text: "next")
    let r = b.layout()
    #expect(r.frames[5]?.y == (r.frames[4]?.maxY ?? 0) + 22)
}

/// RadioGroup options: rows as tall as the taller of label (20) and ring, plus the row padding;
/// the label after ring and gap. The theme's `radioButton` numbers win over the checkbox's.
@Test func radioGroupRowsFollowTheRadioLook() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2, value: 1)
    b.add(4, .radioGroup, parent: 3, value: 2)
    b.tree.elements[4]!.options = [Option(id: 1, label: "One"), Option(id: 2, label: "Two")]
    let plain = b.layout()
    #expect(plain.rows[4]?.map(\.height) == [28, 28])  // max(20, 18) + 8
    #expect(plain.extraTexts[4]?.first?.origin == Point(x: 18 + 8, y: 4))
    var theme = testTheme
    var look = Theme.RadioButtonLook()
    look.size = 30
    look.labelGap = 10
    look.rowPadding = 4
    theme.radioButton = look
    let styles = b.styles
    let r = LayoutEngine(
        theme: theme, measurer: FakeMeasurer(), images: ImageStore(),
        styleOverride: { el in styles[el.id] ?? ResolvedStyle() }
    )
    .layout(b.tree, device: Device(width: 360, height: 640, scale: 2))
    #expect(r.rows[4]?.map(\.height) == [34, 34])  // max(20, 30) + 4
    #expect(r.extraTexts[4]?.last?.origin == Point(x: 40, y: 34 + 7))
    #expect(r.frames[4]?.height == 68)
}

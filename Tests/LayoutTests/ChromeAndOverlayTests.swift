import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

private let android = Device(width: 360, height: 640, scale: 2, statusBar: 24)

@Test func actionBarSitsBelowTheStatusBarAndPushesContentDown() {
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 1, text: "Title")
    b.tree.elements[9]!.text2 = "Sub"
    b.add(3, .frameLayout, parent: 2)
    let r = b.layout(android)
    #expect(r.frames[9] == Rect(0, 24, 360, 56))
    #expect(r.contentArea == Rect(0, 80, 360, 560))
    #expect(r.frames[3] == Rect(0, 80, 360, 560))
    #expect(r.frames[2] == Rect(0, 0, 360, 640))
    #expect(r.bars == [9])
    // Title at x 16, title (20) and subtitle (20) centred together in the 56 bar.
    #expect(r.textOrigins[9] == Point(x: 16, y: 24 + 8))
    #expect(r.extraTexts[9]?.first?.role == .subtitle)
    #expect(r.extraTexts[9]?.first?.origin == Point(x: 16, y: 24 + 28))
}

@Test func backButtonMovesTheTitle() {
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 2, text: "Title")
    b.tree.elements[9]!.flags = 3
    let r = b.layout(android)
    #expect(r.textOrigins[9]?.x == Double(72))
    #expect(r.iconFrames[9] == Rect(16, 24 + 16, 24, 24))
    #expect(r.extraTexts[9]?.first(where: { $0.role == .save }) != nil)
}

@Test func navigationBarAtTheBottomWithEqualItems() {
    var b = TreeBuilder.screen()
    b.add(9, .navigationBar, parent: 1)
    for (i, id) in (10...12).enumerated() { b.add(id, .navigationBarItem, parent: 9, text: "Page \(i + 1)") }
    b.add(3, .frameLayout, parent: 2)
    var device = android
    device.safeAreaBottom = 34
    let r = b.layout(device)
    #expect(r.frames[9] == Rect(0, 640 - 34 - 56, 360, 90))
    #expect(r.frames[10] == Rect(0, 550, 120, 56))
    #expect(r.frames[11] == Rect(120, 550, 120, 56))
    #expect(r.frames[12] == Rect(240, 550, 120, 56))
    #expect(r.contentArea == Rect(0, 24, 360, 526))
    #expect(r.frames[3] == Rect(0, 24, 360, 526))
    // Label "Page 2" (48 wide) centred in its item.
    #expect(r.textOrigins[11]?.x == Double(120 + 36))
    #expect(r.paintOrder.suffix(4) == [9, 10, 11, 12])
}

@Test func aViewsOwnBarShowsOnlyWhileTheViewIsActive() {
    var b = TreeBuilder.screen()
    b.add(5, .frameView, parent: 1)
    b.add(9, .actionBar, parent: 5, text: "Other view")
    b.add(3, .text, parent: 5, text: "hidden view")
    b.add(4, .text, parent: 2, text: "shown")
    var r = b.layout(android)
    #expect(r.frames[9] == nil && r.frames[3] == nil && r.frames[5] == nil)
    #expect(r.frames[4] == Rect(0, 24, 40, 20))
    b.tree.activeViewId = 5
    r = b.layout(android)
    #expect(r.frames[9] == Rect(0, 24, 360, 56))
    #expect(r.frames[3] == Rect(0, 80, 88, 20))
    #expect(r.frames[4] == nil)
}

@Test func dialogPanelIsCentredInTheContentArea() {
    var b = TreeBuilder.screen()
    b.add(20, .dialog, parent: 1, text: "Delete?")
    b.add(21, .text, parent: 20, text: "hello")
    b.add(22, .linearLayout, parent: 20, value: 2) { s in s.width = .matchParent }
    b.tree.overlayIds = [20]
    let r = b.layout(android)
    // 312 wide (360 - 48); 56 header + 16 + 20 + 16 tall; centred in 24..640.
    let panel = Rect(24, 24 + (616 - 108) / 2, 312, 108)
    #expect(r.frames[20] == panel)
    #expect(r.overlays == [20])
    #expect(r.frames[21] == Rect(40, panel.y + 72, 40, 20))
    #expect(r.frames[22] == Rect(40, panel.y + 92, 280, 0))
    #expect(r.textOrigins[20] == Point(x: 40, y: panel.y + 18))
    let wide = b.layout(Device(width: 1000, height: 640, scale: 1))
    #expect(wide.frames[20]?.width == 560)
    #expect(wide.frames[20]?.x == 220)
    // Hidden: not laid out.
    b.tree.elements[20]!.isVisible = false
    #expect(b.layout(android).frames[20] == nil)
}

@Test func drawerAndActionSheet() {
    var b = TreeBuilder.screen()
    b.add(30, .navigationView, parent: 1)
    b.add(31, .linearLayout, parent: 30, value: 1) { s in s.width = .matchParent }
    b.add(40, .actionSheet, parent: 1, text: "Share")
    b.tree.elements[40]!.options = [Option(id: 1, label: "Copy"), Option(id: 2, label: "Mail")]
    b.tree.overlayIds = [30, 40]
    let r = b.layout(Device(width: 390, height: 844, scale: 3, statusBar: 47))
    #expect(r.frames[30] == Rect(0, 47, 315, 797))
    #expect(r.frames[31] == Rect(0, 47, 315, 0))
    let sheetH = 44.0 + 3 * 56
    #expect(r.frames[40] == Rect(0, 844 - sheetH, 390, sheetH))
    #expect(r.rows[40]?.count == 4)
    #expect(r.rows[40]?.last == Rect(0, 844 - 56, 390, 56))
    #expect(r.extraTexts[40]?.map(\.role) == [.option, .option, .cancel])
    #expect(r.overlays == [30, 40])
    #expect(r.paintOrder.suffix(3) == [30, 31, 40])
}

@Test(arguments: [(500, 1.0), (1000, 1.0), (1200, 1.0), (1350, 0.5), (1425, 0.25)])
func toastFadesOverItsLast300ms(time: Int, opacity: Double) {
    var b = TreeBuilder.screen()
    b.tree.toasts = [Toast(text: "hi", start: 0, duration: 1500, anchorId: 2)]
    b.tree.time = time
    let r = b.layout(android)
    #expect(r.toasts.count == 1)
    #expect(abs((r.toasts.first?.opacity ?? -1) - opacity) < 1e-9)
    // "hi" = 16 x 20 plus padding 8 16; bottom edge 64 above the content bottom (640).
    #expect(r.toasts.first?.frame == Rect(156, 640 - 64 - 36, 48, 36))
    #expect(r.toasts.first?.origin == Point(x: 172, y: 548))
}

@Test func toastIsGoneWhenItsTimeIsUp() {
    var b = TreeBuilder.screen()
    b.tree.toasts = [
        Toast(text: "hi", start: 0, duration: 1500, anchorId: 2),
        Toast(text: "later", start: 2000, duration: 0, anchorId: 2),
    ]
    b.tree.time = 1500
    #expect(b.layout(android).toasts.isEmpty)
    b.tree.time = 3999
    #expect(b.layout(android).toasts.map(\.text) == ["later"])  // 0 = the theme's 2000 ms
}

@Test func barsThatOverlayContentLeaveTheContentAreaAlone() {
    var theme = testTheme
    theme.actionBar.overlaysContent = true
    theme.navigationBar.overlaysContent = true
    var b = TreeBuilder.screen()
    b.add(9, .actionBar, parent: 1, text: "T")
    b.add(10, .navigationBar, parent: 1)
    b.add(3, .frameLayout, parent: 2)
    let styles = b.styles
    let engine = LayoutEngine(theme: theme, measurer: FakeMeasurer(), styleOverride: { styles[$0.id] })
    let r = engine.layout(b.tree, device: Device(width: 390, height: 844, scale: 3, statusBar: 47, safeAreaBottom: 34))
    #expect(r.contentArea == Rect(0, 47, 390, 763))
    #expect(r.frames[9] == Rect(0, 47, 390, 56))
    #expect(r.frames[10] == Rect(0, 754, 390, 90))
}

@Test func searchBarSitsAboveTheNavigationBar() {
    var b = TreeBuilder.screen()
    b.add(10, .navigationBar, parent: 2)
    b.add(11, .searchBar, parent: 2) { s in s.hint = "Search" }
    let r = b.layout(android)
    #expect(r.frames[10] == Rect(0, 584, 360, 56))
    #expect(r.frames[11] == Rect(0, 528, 360, 56))
    #expect(r.contentArea == Rect(0, 24, 360, 504))
    #expect(r.paragraphs[11]?.lines.first?.text == "Search")
    #expect(r.bars == [11, 10])
    // The rounded field, inset 8 in the bar, is its one row; its radius is half its height, at most 8.
    #expect(r[11]?.rows == [Rect(8, 536, 344, 40)])
    guard case .searchBar(let look)? = r[11]?.control else {
        Issue.record("no search bar look")
        return
    }
    #expect(look.fieldRadius == 8)
}

@Test func aTallDialogIsCappedAtTheContentHeightMinus48() {
    var b = TreeBuilder.screen()
    b.add(20, .dialog, parent: 1, text: "Long")
    b.add(21, .text, parent: 20, text: String(repeating: "x", count: 2000))
    b.tree.overlayIds = [20]
    let r = b.layout(android)
    #expect(r.frames[20] == Rect(24, 48, 312, 616 - 48))
}

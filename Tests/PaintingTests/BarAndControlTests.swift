import Primitives
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout
@testable import Painting

@Suite struct BarAndControlTests {
    func runs(_ list: DisplayList) -> [(GlyphRun, Point)] {
        list.items.compactMap { if case .glyphs(let r, let o) = $0 { return (r, o) } else { return nil } }
    }

    /// Laid out and painted, the first item is selected unless another one is.
    @Test(arguments: [nil, 12] as [Int?])
    func navigationBarSelectsTheFirstOrTheSelectedItem(selected: Int?) {
        var f = PaintingFixture()
        f.tree.elements[10] = Element(id: 10, kind: .navigationBar, parent: 1)
        f.tree.elements[1]?.children.append(10)
        for (i, id) in [11, 12, 13].enumerated() {
            var item = Element(id: id, kind: .navigationBarItem, parent: 10)
            item.text = "Page \(i + 1)"
            item.isSelected = id == selected
            f.tree.elements[id] = item
            f.tree.elements[10]?.children.append(id)
        }
        let layout = LayoutEngine(theme: PaintingFixture.theme, text: PaintingFixture.textEngine, images: f.images)
            .layout(f.tree, device: f.device)
        let list = Painter().paint(layout, device: f.device)
        let colours = runs(list).map { ($0.1.x < 120 ? 11 : $0.1.x < 240 ? 12 : 13, $0.0.color) }
        let blue = Color(rgb: 0x1a73e8)
        let grey = Color(rgb: 0x5f6368)
        let expectedSelected = selected ?? 11
        #expect(colours.count == 3)
        for (id, c) in colours { #expect(c == (id == expectedSelected ? blue : grey)) }
    }

    @Test func pageControlDrawsOneDotPerPageInLayoutsRow() {
        var f = PaintingFixture()
        f.add(3, .pageControl, frame: Rect(x: 0, y: 0, width: 100, height: 8)) { $0.value = 3 }
        f.layout.iconFrames[3] = Rect(x: 30, y: 0, width: 40, height: 8)
        let dots = f.dumpLines().filter { $0.hasPrefix("fill") && $0.contains("8x8") }
        #expect(dots == ["fill 30,0 8x8 r 4 #424242", "fill 46,0 8x8 r 4 #bdbdbd", "fill 62,0 8x8 r 4 #bdbdbd"])
    }

    @Test func buttonIconGoesWhereLayoutPutIt() {
        var f = PaintingFixture()
        f.images[ImageStore.assetKey("dots.png")] = ImageStore.Entry(bitmap: Bitmap(width: 72, height: 72), density: 3)
        f.add(3, .button, frame: Rect(x: 0, y: 0, width: 120, height: 80), style: style { $0.icon = "dots.png" })
        f.layout.iconFrames[3] = Rect(x: 48, y: 10, width: 24, height: 24)
        #expect(f.dumpLines().contains("image asset:dots.png dest 48,10 24x24"))
    }

    @Test func actionSheetRowsFromLayoutGetSeparators() {
        var f = PaintingFixture()
        var sheet = Element(id: 10, kind: .actionSheet, parent: 1)
        sheet.options = [Option(id: 1, label: "A")]
        f.tree.elements[10] = sheet
        f.layout.overlays = [10]
        f.layout.frames[10] = Rect(x: 0, y: 528, width: 360, height: 112)
        f.layout.rows[10] = [Rect(x: 0, y: 528, width: 360, height: 56), Rect(x: 0, y: 584, width: 360, height: 56)]
        let p = PaintingFixture.textEngine.layout(
            AttributedText("A"), style: ParagraphStyle(ResolvedStyle()), maxWidth: nil)
        f.layout.extraTexts[10] = [PlacedText(role: .option, paragraph: p, origin: Point(x: 175, y: 546))]
        let lines = f.dumpLines()
        #expect(lines.filter { $0.hasSuffix("x1 #e0e0e0") } == ["fill 0,584 360x1 #e0e0e0"])
        #expect(lines.contains { $0.hasPrefix("glyphs") && $0.contains("at (175, 546)") })
    }

    @Test func pressedOverlayOnlyWhenTheThemeHasOne() {
        var f = PaintingFixture()
        f.add(3, .button, frame: Rect(x: 0, y: 0, width: 80, height: 36)) { $0.isPressed = true }
        // The default theme has no pressed overlay: one fill for the button.
        #expect(f.paint().colorFills.filter { $0.0.rect == Rect(x: 0, y: 0, width: 80, height: 36) }.count == 1)
        // An Android-like theme lays its ripple colour over the pressed button, inside its outline.
        var android = PaintingFixture.theme
        android.button.pressedOverlay = "#33000000"
        let fills = f.paint(theme: android).colorFills.filter { $0.0.rect == Rect(x: 0, y: 0, width: 80, height: 36) }
        #expect(fills.map(\.1) == [Color(rgb: 0xe0e0e0), Color(r: 0, g: 0, b: 0, a: 0x33)])
        #expect(fills.allSatisfy { $0.0.radii == Corners(all: 4) })
    }
}

import Primitives
import SessionFormat
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout
@testable import Painting

@Suite struct ScreenTests {
    let scrim = Color(r: 0, g: 0, b: 0, a: 0x66)

    @Test func dialogPaintsScrimThenPanelWithShadowThenChildren() {
        var f = PaintingFixture()
        var dialog = Element(id: 10, kind: .dialog, parent: 1)
        dialog.text = "Delete file?"
        dialog.children = [11]
        f.tree.elements[10] = dialog
        f.tree.elements[11] = Element(id: 11, kind: .frameLayout, parent: 10)
        f.tree.overlayIds = [10]
        f.layout.overlays = [10]
        f.layout.frames[10] = Rect(x: 24, y: 200, width: 312, height: 200)
        f.layout.frames[11] = Rect(x: 40, y: 256, width: 280, height: 40)
        f.layout.styles[11] = style { $0.background = .color(Color(rgb: 0x00ff00)) }
        let title = StyleResolver(theme: PaintingFixture.theme).looks.dialog.title
        let titleStyle = ParagraphStyle(
            font: FontSpec(family: title.family, weight: title.weight), size: title.size, color: title.color)
        f.layout.paragraphs[10] = PaintingFixture.textEngine.layout(
            AttributedText("Delete file?"), style: titleStyle, maxWidth: nil)
        f.layout.textOrigins[10] = Point(x: 40, y: 216)
        let all = f.dumpLines()
        let lines = all.filter { !$0.hasPrefix("glyphs") }
        // The title in the 56 header, 16 in from the panel's left edge.
        #expect(all.contains { $0.hasPrefix("glyphs") && $0.contains("#212121") && $0.contains("at (40, ") })
        let expected = [
            "fill 0,0 360x640 #66000000",
            "shadow 24,200 312x200 r 8 offset (0, 4) blur 16 spread 0 #40000000",
            "fill 24,200 312x200 r 8 #ffffff",
            "fill 40,256 280x40 #00ff00",
        ]
        #expect(Array(lines.suffix(4)) == expected)
    }

    @Test func actionSheetIsAPanelRoundedAtTheTopOverTheScrim() {
        var f = PaintingFixture()
        var sheet = Element(id: 10, kind: .actionSheet, parent: 1)
        sheet.text = "Share"
        sheet.options = [Option(id: 1, label: "Copy link"), Option(id: 2, label: "Send")]
        f.tree.elements[10] = sheet
        f.layout.overlays = [10]
        f.layout.frames[10] = Rect(x: 0, y: 428, width: 360, height: 212)
        let lines = f.dumpLines()
        // The theme's radius at the top corners only, over the scrim.
        #expect(Array(lines.suffix(2)) == ["fill 0,0 360x640 #66000000", "fill 0,428 360x212 r 8,8,0,0 #ffffff"])
    }

    @Test func drawerIsAWhitePanelOverTheScrim() {
        var f = PaintingFixture()
        f.tree.elements[10] = Element(id: 10, kind: .navigationView, parent: 1)
        f.layout.overlays = [10]
        f.layout.frames[10] = Rect(x: 0, y: 0, width: 285, height: 640)
        #expect(Array(f.dumpLines().suffix(2)) == ["fill 0,0 360x640 #66000000", "fill 0,0 285x640 #ffffff"])
    }

    @Test func toastIsARoundedLabelInAFadingLayer() {
        var f = PaintingFixture()
        f.layout.toasts = [
            LaidOutToast(
                text: "Saved", frame: Rect(x: 140, y: 540, width: 80, height: 36),
                background: Color(rgb: 0x323232).withAlphaMultiplied(by: 0.92), radius: 8, paragraph: .empty,
                origin: Point(x: 150, y: 548), opacity: 0.5)
        ]
        let lines = f.dumpLines()
        #expect(lines.contains("layer 0.5"))
        #expect(lines.contains("  fill 140,540 80x36 r 8 #eb323232"))
        #expect(lines.last == "endLayer")
    }

    @Test func statusBandAndSafeAreaTakeTheBarsColours() {
        var f = PaintingFixture()
        f.device = Device(width: 360, height: 640, scale: 2, statusBar: 24, safeAreaBottom: 34)
        var bar = Element(id: 20, kind: .actionBar, parent: 1)
        bar.text = ""
        f.tree.elements[20] = bar
        f.tree.elements[21] = Element(id: 21, kind: .navigationBar, parent: 1)
        f.layout.bars = [20, 21]
        f.layout.frames[20] = Rect(x: 0, y: 24, width: 360, height: 56)
        f.layout.styles[20] = style { $0.background = .color(Color(rgb: 0x3949ab)) }
        f.layout.frames[21] = Rect(x: 0, y: 550, width: 360, height: 56)
        f.layout.styles[21] = style { $0.background = .color(Color(rgb: 0xff0000)) }
        let lines = f.dumpLines()
        let band = lines.firstIndex(of: "fill 0,0 360x24 #3949ab")
        let safe = lines.firstIndex(of: "fill 0,606 360x34 #ff0000")
        let barFill = lines.firstIndex(of: "fill 0,24 360x56 #3949ab")
        #expect(band != nil && safe != nil && barFill != nil)
        #expect(band! < barFill!)
        // The bar's bottom line and the navigation bar's top line come from the theme.
        #expect(lines.contains("fill 0,79 360x1 #e0e0e0"))
        #expect(lines.contains("fill 0,550 360x1 #e0e0e0"))
    }

    @Test func iosLookDrawsTheClockBatteryAndHomeIndicatorOnADarkBar() throws {
        var f = PaintingFixture()
        f.device = Device(width: 390, height: 844, scale: 3, statusBar: 47, safeAreaBottom: 34)
        f.layout.frames[2] = Rect(x: 0, y: 47, width: 390, height: 763)
        f.layout.styles[2] = style { $0.background = .color(Color(rgb: 0x1a237e)) }
        var ios = PaintingFixture.theme
        ios.name = "ios"
        let lines = DisplayListDump.dump(f.paint(theme: ios)).split(separator: "\n").map(String.init)
        // Both bands take the view's dark colour; glyphs on it are white.
        #expect(lines.contains("fill 0,0 390x47 #1a237e"))
        #expect(lines.contains("fill 0,810 390x34 #1a237e"))
        #expect(lines.contains { $0.hasPrefix("glyphs") && $0.contains("#ffffff") })
        #expect(lines.last == "fill 128,831 134x5 r 2.5 #ffffff")
        // The default look has neither.
        #expect(!f.dumpLines().contains { $0.hasPrefix("glyphs") || $0.contains("134x5") })
    }

    @Test func applicationBackgroundIsUnderTheActiveView() {
        var f = PaintingFixture()
        f.layout.styles[1] = style { $0.background = .color(Color(rgb: 0x00ff00)) }
        f.layout.styles[2] = style { $0.background = .color(Color(rgb: 0x008000)) }
        #expect(Array(f.dumpLines().suffix(2)) == ["fill 0,0 360x640 #00ff00", "fill 0,0 360x640 #008000"])
    }

    @Test func launchScreenIsTheAssetFullScreen() {
        var f = PaintingFixture()
        f.device.launchScreen = "splash.png"
        f.tree.showsLaunchScreen = true
        f.images[ImageStore.assetKey("splash.png")] = ImageStore.Entry(
            bitmap: Bitmap(width: 720, height: 1280), density: 2)
        #expect(
            f.dumpLines() == ["size 360x640", "fill 0,0 360x640 #ffffff", "image asset:splash.png dest 0,0 360x640"])
    }

    @Test func backArrowIsDrawnForFlagBit0() {
        var f = PaintingFixture()
        var bar = Element(id: 20, kind: .actionBar, parent: 2)
        bar.flags = 1
        f.tree.elements[20] = bar
        f.layout.bars = [20]
        f.layout.frames[20] = Rect(x: 0, y: 0, width: 360, height: 56)
        f.layout.iconFrames[20] = Rect(x: 16, y: 16, width: 24, height: 24)  // layout's left button
        let strokes = f.dumpLines().filter { $0.hasPrefix("strokePath") }
        #expect(
            strokes == ["strokePath M20,28 L36,28 #212121 width 2", "strokePath M27,21 L20,28 L27,35 #212121 width 2"])
    }

    @Test func dumpIsStableAndReadable() {
        let list = DisplayList(
            size: Size(width: 10, height: 10),
            items: [
                .save,
                .clip(
                    RoundedRect(
                        rect: Rect(x: 0.254, y: 1, width: 2, height: 3),
                        radii: Corners(topLeft: 1, topRight: 0, bottomRight: 0, bottomLeft: 0))),
                .fill(
                    RoundedRect(rect: Rect(x: 0, y: 0, width: 1, height: 1)),
                    .radialGradient(
                        center: Point(x: 0.5, y: 0.5), radius: 0.70711,
                        stops: [
                            ColorStop(position: 0, color: .white), ColorStop(position: 1, color: .transparent),
                        ])),
                .strokePath(
                    [.move(.zero), .arc(center: Point(x: 1, y: 1), radius: 2, start: 0, end: 3.14159), .close],
                    color: .black, width: 1, dash: [3, 3], roundCaps: false),
                .restore,
            ])
        #expect(
            DisplayListDump.dump(list) == """
                size 10x10
                save
                  clip 0.25,1 2x3 r 1,0,0,0
                  fill 0,0 1x1 radial (0.5, 0.5) r 0.71 [#ffffff@0 #00000000@1]
                  strokePath M0,0 A1,1 r2 0..3.14 Z #000000 width 1 dash [3 3]
                restore

                """)
    }
}

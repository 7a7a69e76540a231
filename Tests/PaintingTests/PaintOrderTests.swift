import Primitives
import Styles
import Testing

@testable import Layout
@testable import Painting

@Suite struct PaintOrderTests {
    let red = Color(rgb: 0xff0000), blue = Color(rgb: 0x0000ff)

    @Test func shadowThenBackgroundThenBorderThenChildren() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 10, y: 10, width: 100, height: 100),
            style: style {
                $0.shadow = Shadow(offsetY: 2, blur: 8, color: Color(r: 0, g: 0, b: 0, a: 0x33))
                $0.background = .color(red)
                $0.borderRadius = Corners(all: 12)
                $0.border = Sides(all: BorderSide(width: 1, style: .solid, color: .black))
            })
        f.add(
            4, .frameLayout, parent: 3, frame: Rect(x: 20, y: 20, width: 10, height: 10),
            style: style { $0.background = .color(blue) })
        let lines = f.dumpLines()
        let expected = [
            "size 360x640",
            "fill 0,0 360x640 #ffffff",
            "shadow 10,10 100x100 r 12 offset (0, 2) blur 8 spread 0 #33000000",
            "fill 10,10 100x100 r 12 #ff0000",
            "border 10,10 100x100 r 12 widths 1 colors #000000 styles solid",
            "fill 20,20 10x10 #0000ff",
        ]
        #expect(lines == expected)
    }

    @Test func radiiThatDoNotFitAreScaledDownLikeCSS() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 48, height: 48),
            style: style {
                $0.background = .color(red)
                $0.borderRadius = Corners(all: 100)
            })
        #expect(f.dumpLines().contains("fill 0,0 48x48 r 24 #ff0000"))
    }

    @Test func opacityLayerWrapsTheWholeSubtree() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 100, height: 100),
            style: style {
                $0.background = .color(red)
                $0.opacity = 0.5
            })
        f.add(
            4, .frameLayout, parent: 3, frame: Rect(x: 0, y: 0, width: 10, height: 10),
            style: style { $0.background = .color(blue) })
        f.add(
            5, .frameLayout, frame: Rect(x: 200, y: 0, width: 10, height: 10),
            style: style { $0.background = .color(blue) })
        let lines = f.dumpLines()
        #expect(
            Array(lines[2...6]) == [
                "layer 0.5", "  fill 0,0 100x100 #ff0000", "  fill 0,0 10x10 #0000ff", "endLayer",
                "fill 200,0 10x10 #0000ff",
            ])
    }

    @Test func invisibleOpacitySkipsTheSubtree() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 100, height: 100),
            style: style {
                $0.background = .color(red)
                $0.opacity = 0
            })
        #expect(f.paint().items.count == 1)
    }

    @Test func zoomScalesAboutTheCentre() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 100, height: 50),
            style: style {
                $0.background = .color(red)
                $0.zoom = 2
            })
        #expect(
            Array(f.dumpLines()[2...5]) == ["save", "  scale 2 about (50, 25)", "  fill 0,0 100x50 #ff0000", "restore"])
    }

    @Test func scrollLayoutClipsItsChildrenToItsPaddingBox() {
        var f = PaintingFixture()
        f.add(
            3, .scrollLayout, frame: Rect(x: 0, y: 100, width: 200, height: 200),
            style: style {
                $0.border = Sides(all: BorderSide(width: 2, style: .solid, color: .black))
            })
        f.add(
            4, .linearLayout, parent: 3, frame: Rect(x: 2, y: 52, width: 196, height: 800),
            style: style { $0.background = .color(blue) })
        let lines = f.dumpLines()
        let clip = lines.firstIndex(of: "  clip 2,102 196x196")
        let child = lines.firstIndex(of: "  fill 2,52 196x800 #0000ff")
        #expect(clip != nil && child != nil)
        #expect(lines.firstIndex(of: "save")! < clip! && clip! < child! && child! < lines.firstIndex(of: "restore")!)
    }

    @Test func overflowHiddenClipsToTheRoundedPaddingBox() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 100, height: 100),
            style: style {
                $0.overflowHidden = true
                $0.borderRadius = Corners(all: 10)
                $0.border = Sides(all: BorderSide(width: 4, style: .solid, color: .black))
            })
        f.add(
            4, .frameLayout, parent: 3, frame: Rect(x: 0, y: 0, width: 10, height: 10),
            style: style { $0.background = .color(blue) })
        #expect(f.dumpLines().contains("  clip 4,4 92x92 r 6"))
    }

    @Test func unclippedChildrenOfPlainLayoutsGetNoClip() {
        var f = PaintingFixture()
        f.add(3, .linearLayout, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        f.add(
            4, .frameLayout, parent: 3, frame: Rect(x: 90, y: 90, width: 50, height: 50),
            style: style { $0.background = .color(blue) })
        #expect(!f.paint().items.contains { if case .clip = $0 { return true } else { return false } })
    }

    @Test func childrenFollowPaintOrder() {
        var f = PaintingFixture()
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 0, width: 10, height: 10),
            style: style { $0.background = .color(red) })
        f.add(
            4, .frameLayout, frame: Rect(x: 0, y: 0, width: 10, height: 10),
            style: style { $0.background = .color(blue) })
        f.layout.paintOrder = [2, 4, 3]
        #expect(f.paint().colorFills.map(\.1).suffix(2) == [blue, red])
    }
}

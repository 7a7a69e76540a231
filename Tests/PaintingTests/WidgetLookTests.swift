import Primitives
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout
@testable import Painting

@Suite struct WidgetLookTests {
    @Test func fitCenterLetterboxesAndCenterCropOverflows() {
        let box = Rect(x: 0, y: 0, width: 100, height: 100)
        let img = Size(width: 200, height: 100)
        #expect(
            ImageFit.destination(imageSize: img, in: box, mode: .fitCenter) == Rect(x: 0, y: 25, width: 100, height: 50)
        )
        #expect(
            ImageFit.destination(imageSize: img, in: box, mode: .centerCrop)
                == Rect(x: -50, y: 0, width: 200, height: 100))
        #expect(
            ImageFit.destination(imageSize: img, in: box, mode: .fitStart) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(
            ImageFit.destination(imageSize: img, in: box, mode: .fitEnd) == Rect(x: 0, y: 50, width: 100, height: 50))
        #expect(
            ImageFit.destination(imageSize: Size(width: 20, height: 10), in: box, mode: .centerInside)
                == Rect(x: 40, y: 45, width: 20, height: 10))
        #expect(
            ImageFit.destination(imageSize: img, in: box, mode: .center) == Rect(x: -50, y: 0, width: 200, height: 100))
    }

    func imageFixture(_ mode: ImageScale, radius: Double = 0) -> PaintingFixture {
        var f = PaintingFixture()
        f.images[ImageStore.assetKey("photo.png")] = ImageStore.Entry(
            bitmap: Bitmap(width: 400, height: 200), density: 2)
        f.add(
            3, .imageView, frame: Rect(x: 10, y: 10, width: 100, height: 100),
            style: style {
                $0.imageScale = mode
                $0.borderRadius = Corners(all: radius)
            }
        ) { $0.content = .asset("photo.png") }
        return f
    }

    @Test func imageViewFitCenterNeedsNoClip() {
        #expect(imageFixture(.fitCenter).dumpLines().contains("image asset:photo.png dest 10,35 100x50"))
    }

    @Test func imageViewCenterCropIsClippedToTheView() {
        #expect(
            imageFixture(.centerCrop).dumpLines().contains(
                "image asset:photo.png dest -40,10 200x100 clip 10,10 100x100"))
    }

    @Test func borderRadiusClipsImages() {
        #expect(
            imageFixture(.fitCenter, radius: 50).dumpLines().contains(
                "image asset:photo.png dest 10,35 100x50 clip 10,10 100x100 r 50"))
    }

    @Test func imageViewWithoutPixelsShowsThePlaceholder() {
        var f = PaintingFixture()
        f.add(3, .imageView, frame: Rect(x: 0, y: 0, width: 48, height: 48)) {
            $0.imageURLs = [ImageURL(url: "https://example.com/a.jpg", width: 128, height: 128)]
        }
        let lines = f.dumpLines()
        #expect(lines.contains("fill 0,0 48x48 #e0e0e0"))
        #expect(lines.contains("border 0,0 48x48 widths 1 colors #bdbdbd styles solid"))
    }

    func switchFixture(on: Bool) -> DisplayList {
        var f = PaintingFixture()
        f.add(3, .switchControl, frame: Rect(x: 0, y: 0, width: 100, height: 20)) { $0.value = on ? 1 : 0 }
        f.layout.iconFrames[3] = Rect(x: 64, y: 3, width: 36, height: 14)
        return f.paint()
    }

    @Test func switchTrackAndThumbFollowTheState() {
        let off = switchFixture(on: false).colorFills
        let on = switchFixture(on: true).colorFills
        #expect(
            off.contains {
                $0.0 == RoundedRect(rect: Rect(x: 64, y: 3, width: 36, height: 14), radii: Corners(all: 7))
                    && $0.1 == Color(rgb: 0xbdbdbd)
            })
        #expect(on.contains { $0.0.rect == Rect(x: 64, y: 3, width: 36, height: 14) && $0.1 == Color(rgb: 0x43a047) })
        // Thumb: white, 20, at the track's left end when off and its right end when on.
        #expect(off.contains { $0.0.rect == Rect(x: 64, y: 0, width: 20, height: 20) && $0.1 == .white })
        #expect(on.contains { $0.0.rect == Rect(x: 80, y: 0, width: 20, height: 20) && $0.1 == .white })
    }

    @Test func checkedCheckboxIsFilledWithATick() {
        var f = PaintingFixture()
        f.add(3, .checkbox, frame: Rect(x: 0, y: 0, width: 100, height: 18)) { $0.value = 1 }
        f.layout.iconFrames[3] = Rect(x: 0, y: 0, width: 18, height: 18)
        let lines = f.dumpLines()
        #expect(lines.contains("fill 0,0 18x18 r 2 #1a73e8"))
        #expect(lines.contains { $0.hasPrefix("strokePath M3.96,9.36") && $0.hasSuffix("#ffffff width 2 round") })
    }

    /// The brightest spoke points at 6 o'clock half a second after creation.
    @Test func spinnerTurnsHalfARevolutionIn500ms() {
        var f = PaintingFixture()
        f.tree.time = 700
        f.add(3, .progressSpinner, frame: Rect(x: 0, y: 0, width: 24, height: 24)) { $0.createdAt = 200 }
        let spokes = f.paint().items.compactMap { item -> ([PathSegment], Color)? in
            if case .strokePath(let p, let c, _, _, _) = item { return (p, c) } else { return nil }
        }
        #expect(spokes.count == 12)
        let head = spokes.first { $0.1.a == 255 }
        #expect(head?.0 == [.move(Point(x: 12, y: 18)), .line(Point(x: 12, y: 23))])
        #expect(head?.1 == Color(r: 0x75, g: 0x75, b: 0x75))
        // Opacities decrease from the head backwards: 12 distinct alphas.
        #expect(Set(spokes.map(\.1.a)).count == 12)
    }

    @Test func stoppedSpinnerIsHidden() {
        var f = PaintingFixture()
        f.add(3, .progressSpinner, frame: Rect(x: 0, y: 0, width: 24, height: 24)) { $0.isStopped = true }
        #expect(f.paint().items.count == 1)
    }

    @Test func buttonWithoutBackgroundTakesTheThemeLook() {
        var f = PaintingFixture()
        f.add(3, .button, frame: Rect(x: 0, y: 0, width: 80, height: 36))
        #expect(f.dumpLines().contains("fill 0,0 80x36 r 4 #e0e0e0"))
    }

    /// The run carries its underline box; the rasterizer draws it with the glyphs (no second fill).
    @Test func textRunsAreDrawnAtTheParagraphOriginWithUnderlines() {
        var f = PaintingFixture()
        f.add(3, .text, frame: Rect(x: 10, y: 10, width: 50, height: 20))
        let run = GlyphRun(
            face: FaceID(0), size: 15, color: .black, glyphs: [PositionedGlyph(id: 7, x: 0, y: 14)],
            underlineBox: Rect(x: 0, y: 16, width: 30, height: 1))
        f.layout.paragraphs[3] = ParagraphLayout(
            size: Size(width: 30, height: 18),
            lines: [LineLayout(rect: Rect(x: 0, y: 0, width: 30, height: 18), baseline: 14, text: "a", runs: [run])])
        f.layout.textOrigins[3] = Point(x: 10, y: 10)
        #expect(Array(f.dumpLines().suffix(1)) == ["glyphs face 0 size 15 #000000 n 1 at (10, 10) first 7@(0, 14)"])
        #expect(!f.dumpLines().contains("fill 10,26 30x1 #000000"))
        // Text taller than the label is clipped to its padding box.
        f.layout.frames[3] = Rect(x: 10, y: 10, width: 50, height: 10)
        #expect(
            Array(f.dumpLines().suffix(4)) == [
                "save", "  clip 10,10 50x10", "  glyphs face 0 size 15 #000000 n 1 at (10, 10) first 7@(0, 14)",
                "restore",
            ])
    }
}

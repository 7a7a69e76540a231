import CairoFonts
import Primitives
import Styles
import Testing

@testable import TextLayout

@Suite struct GlyphDrawingTests {
    /// Draws a paragraph into a white surface at `scale` pixels per dp, as the rasterizer does.
    func render(_ l: ParagraphLayout, width: Int, height: Int, scale: Double = 2) throws -> Bitmap {
        let surface = try CairoSurface(width: width, height: height)
        let ctx = CairoContext(surface: surface)
        ctx.setColor(.white)
        ctx.paint()
        for line in l.lines {
            for run in line.runs {
                let face = try #require(TestFonts.library.face(run.face))
                ctx.drawGlyphMasks(
                    run.glyphs.map { (id: $0.id, x: $0.x * scale, y: ($0.y * scale).rounded()) },
                    face: face, pixelSize: run.size * scale, color: run.color)
            }
        }
        return surface.bitmap()
    }

    func darkPixels(_ b: Bitmap, in xs: Range<Int>, _ ys: Range<Int>) -> Int {
        var n = 0
        for y in ys {
            for x in xs {
                let c = b.color(x: x, y: y)
                if Int(c.r) + Int(c.g) + Int(c.b) < 300 { n += 1 }
            }
        }
        return n
    }

    @Test func glyphMasksPutInkWhereTheTextIs() throws {
        let l = TestFonts.engine.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        let b = try render(l, width: 120, height: 60)
        let w = Int((l.size.width * 2).rounded(.up))
        let h = Int((l.size.height * 2).rounded(.up))
        #expect(darkPixels(b, in: 0..<w, 0..<h) > 150)
        #expect(darkPixels(b, in: w + 2..<120, 0..<60) == 0)
        #expect(darkPixels(b, in: 0..<120, h + 2..<60) == 0)
        // The "H" stem: dark at its left edge near x = 2..5 px, half way up the cap height.
        let mid = Int((l.lines[0].baseline * 2) - 10)
        #expect(darkPixels(b, in: 0..<6, mid..<mid + 1) >= 1)
    }

    @Test func colourEmojiKeepsItsColours() throws {
        let l = TestFonts.engine.layout(AttributedText("😀"), style: TestFonts.roboto(20), maxWidth: nil)
        let b = try render(l, width: 60, height: 60)
        var yellow = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let c = b.color(x: x, y: y)
                if c.r > 200 && c.g > 150 && c.b < 100 { yellow += 1 }
            }
        }
        #expect(yellow > 200)
    }

    @Test func glyphOutlinesFillInUserSpace() throws {
        let fonts = TestFonts.library
        let face = try #require(fonts.face(fonts.resolve(FontSpec(family: "Roboto", weight: 700))))
        let surface = try CairoSurface(width: 80, height: 80)
        let ctx = CairoContext(surface: surface)
        ctx.setColor(.white)
        ctx.paint()
        ctx.scale(2, 2)
        let id = face.glyphIndex(0x49)  // "I"
        ctx.appendGlyphOutlines([(id: id, x: 10, y: 30)], face: face, size: 30)
        ctx.setColor(.black)
        ctx.fill()
        let b = surface.bitmap()
        // The bar of "I" (about 4.4 dp wide) starts a little right of x = 10 dp and rises from the baseline.
        #expect(b.color(x: 25, y: 40).r < 60)
        #expect(b.color(x: 25, y: 64).r > 200)
        #expect(b.color(x: 70, y: 40).r > 200)
    }
}

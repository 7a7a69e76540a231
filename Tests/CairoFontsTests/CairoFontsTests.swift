import CairoFonts
import Compositing
import Primitives
import TestSupport
import Testing

// The Cairo and font boundary on its own: a glyph lands where it is asked to, with the same bytes
// through the compositors' fast path as through Cairo; surfaces, masks and the blur bridge.

private let roboto = Repository.fonts + "/Roboto-Regular.ttf"

/// The box of pixels darker than white in `b`: (minX, minY, maxX, maxY), or nil.
private func ink(_ b: Bitmap) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<b.height {
        for x in 0..<b.width where b.color(x: x, y: y) != .white {
            let o = box ?? (x, y, x, y)
            box = (min(o.0, x), min(o.1, y), max(o.2, x), max(o.3, y))
        }
    }
    return box
}

private func drawI(at x: Double, _ y: Double, direct: Bool) throws -> Bitmap {
    let face = try FontFace(path: roboto)
    let surface = try CairoSurface(width: 60, height: 60)
    let ctx = CairoContext(surface: surface)
    ctx.drawsMasksDirectly = direct
    ctx.setColor(.white)
    ctx.paint()
    ctx.drawGlyphMasks([(id: face.glyphIndex(0x49), x: x, y: y)], face: face, pixelSize: 30, color: .black)
    surface.flush()
    return surface.bitmap()
}

@Test func aGlyphIsDrawnWhereItIsPlaced() throws {
    let face = try FontFace(path: roboto)
    #expect(face.hasGlyph(0x49) && face.glyphIndex(0x49) != 0)
    let a = try #require(ink(try drawI(at: 10, 40, direct: true)))
    // "I" is a vertical bar standing on the baseline (y = 40), its top near the cap height (~0.71 em).
    #expect(a.3 == 39)
    #expect(a.1 >= 40 - 23 && a.1 <= 40 - 19)
    #expect(a.0 >= 10 && a.2 <= 18)
    // Moved by whole pixels, the ink moves by as much.
    let b = try #require(ink(try drawI(at: 25, 50, direct: true)))
    #expect(b.0 - a.0 == 15 && b.1 - a.1 == 10 && b.2 - a.2 == 15 && b.3 - a.3 == 10)
}

@Test func theCompositorsGiveCairosBytesForGlyphs() throws {
    for x in [10.0, 10.25, 10.5, 10.75] {
        #expect(try drawI(at: x, 40, direct: true).pixels == drawI(at: x, 40, direct: false).pixels)
    }
}

@Test func aMaskBlursThroughTheCompositorsBlur() throws {
    let mask = try CairoMask(width: 30, height: 30)
    mask.withPixels { p, stride in p[15 * stride + 15] = 255 }
    BlurMask.gaussian(mask, sigma: 2)
    let rows = mask.rows
    #expect(rows.width == 30 && rows.height == 30)
    let centre = rows.data[15 * rows.stride + 15]
    #expect(centre > 0 && centre < 255)
    #expect(rows.data[15 * rows.stride + 18] > 0 && rows.data[0] == 0)
    #expect(throws: NativeError.self) { try CairoMask(width: 0, height: 5) }
}

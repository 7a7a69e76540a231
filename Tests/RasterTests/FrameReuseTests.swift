import Painting
import Primitives
import Testing

@testable import Raster

/// A full repaint skips the leading fills an opaque full-frame fill covers (`OpaqueCover`), and a
/// rasterizer that forgot its last frame paints the next one on that frame's memory: neither may
/// change a pixel.

private let card = RasterTestSupport.rect(10, 20, 80, 40, radius: 8)

/// A small screen: window white, root background, a card with a shadow and a translucent stripe.
private func screen(background: Color) -> [DisplayItem] {
    [
        .fill(RasterTestSupport.rect(0, 0, 100, 100), .color(.white)),
        .fill(RasterTestSupport.rect(0, 0, 100, 100), .color(background)),
        .shadow(card, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
        .fill(card, .color(.white)),
        .fill(RasterTestSupport.rect(5, 70, 90, 10), .color(Color(r: 200, g: 0, b: 0, a: 100))),
    ]
}

@Test func leadingOpaqueFillsAreFoundAndOnlyThey() {
    let t = [DeviceTransform](repeating: DeviceTransform(scale: 2), count: 6)
    #expect(
        OpaqueCover.lastCover(screen(background: Color(rgb: 0xf2f2f7)), transforms: t, width: 200, height: 200) == 1)
    // Translucent, rounded, smaller than the frame, or after another item: not a cover.
    let translucent: [DisplayItem] = [
        .fill(RasterTestSupport.rect(0, 0, 100, 100), .color(Color(r: 1, g: 2, b: 3, a: 254)))
    ]
    let rounded: [DisplayItem] = [.fill(RasterTestSupport.rect(0, 0, 100, 100, radius: 1), .color(.white))]
    let short: [DisplayItem] = [.fill(RasterTestSupport.rect(0, 0, 100, 99.7), .color(.white))]
    let late: [DisplayItem] = [.save, .fill(RasterTestSupport.rect(0, 0, 100, 100), .color(.white))]
    for items in [translucent, rounded, short, late] {
        #expect(OpaqueCover.lastCover(items, transforms: t, width: 200, height: 200) == nil)
    }
}

@Test func skippingCoveredFillsKeepsEveryPixel() throws {
    let items = screen(background: Color(rgb: 0xf2f2f7))
    // A save/restore pair first changes no pixel but ends the leading run: everything is painted.
    let painted = try RasterTestSupport.render([.save, .restore] + items, scale: 3)
    let skipped = try RasterTestSupport.render(items, scale: 3)
    #expect(painted.pixels == skipped.pixels)
    #expect(skipped.color(x: 1, y: 1) == Color(rgb: 0xf2f2f7))
}

@Test func aForgottenFrameIsRepaintedLikeAFreshOne() throws {
    let r = try RasterTestSupport.rasterizer()
    do {  // the frame is not held past here, so its memory is reused rather than copied
        let first = try RasterTestSupport.render(screen(background: Color(rgb: 0x336699)), scale: 2, with: r)
        #expect(first.color(x: 1, y: 1) == Color(rgb: 0x336699))
    }
    // Without a cover the reused memory must be filled white again; with one, covered.
    let uncovered = Array(screen(background: .white).dropFirst(2))
    for next in [screen(background: Color(rgb: 0xf2f2f7)), uncovered] {
        r.forgetLastFrame()
        let reused = try RasterTestSupport.render(next, scale: 2, with: r)
        let fresh = try RasterTestSupport.render(next, scale: 2)
        #expect(reused.pixels == fresh.pixels)
    }
}

/// Equal cards down a flat page, each shadow reaching the next card: after the first cards the
/// shadows are copied from a composited tile where they fall on the page untouched, and the
/// pixels are those of compositing every one.
@Test func copiedShadowTilesKeepEveryPixel() throws {
    var items: [DisplayItem] = [.fill(RasterTestSupport.rect(0, 0, 120, 400), .color(Color(rgb: 0xf2f2f7)))]
    for i in 0..<6 {
        let c = RasterTestSupport.rect(10, 10 + Double(i) * 60, 100, 50, radius: 12)
        items += [
            .shadow(c, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
            .fill(c, .color(.white)),
        ]
    }
    func render(tiles: Bool) throws -> (Bitmap, Int) {
        let r = try RasterTestSupport.rasterizer(RasterTestSupport.options { $0.copiesShadowTiles = tiles })
        let b = try RasterTestSupport.render(items, w: 120, h: 400, scale: 3, with: r)
        return (b, r.shadowTilesMade)
    }
    let (copied, made) = try render(tiles: true)
    let (composited, none) = try render(tiles: false)
    #expect(made >= 1 && none == 0)
    #expect(copied.pixels == composited.pixels)
}

import Painting
import Primitives
import Styles
import Testing
import TextLayout

@testable import Raster

private typealias S = RasterTestSupport
private let red = Color(rgb: 0xff0000)
private let green = Color(rgb: 0x00ff00)
private let blue = Color(rgb: 0x0000ff)
private let yellow = Color(rgb: 0xffff00)

@Test func shadowDarkensOutsideButNotUnderATranslucentFill() throws {
    let box = S.rect(30, 30, 40, 40, radius: 6)
    let translucent = Color(r: 255, g: 0, b: 0, a: 128)
    let withShadow = try S.render([
        .shadow(box, offset: Point(x: 0, y: 4), blur: 8, spread: 0, color: .black),
        .fill(box, .color(translucent)),
    ])
    let plain = try S.render([.fill(box, .color(translucent))])
    #expect(withShadow.color(x: 50, y: 50) == plain.color(x: 50, y: 50))  // nothing shows through the fill
    #expect(withShadow.color(x: 50, y: 72).level < 200)  // just below: dark
    #expect(withShadow.color(x: 50, y: 28).level > withShadow.color(x: 50, y: 72).level)  // offset down
    #expect(withShadow.color(x: 5, y: 5) == .white)  // beyond 3 sigma
}

@Test func shadowSpreadWithoutBlurIsASharpRing() throws {
    let b = try S.render([.shadow(S.rect(40, 40, 20, 20), offset: .zero, blur: 0, spread: 5, color: blue)], scale: 2)
    #expect(b.color(x: 71, y: 100) == blue)  // 35 dp .. 40 dp is the spread ring
    #expect(b.color(x: 69, y: 100) == .white)
    #expect(b.color(x: 100, y: 100) == .white)  // never under the element
}

@Test func blurredShadowMasksAreCachedBetweenFrames() throws {
    let r = try S.rasterizer()
    let items: [DisplayItem] = [
        .shadow(S.rect(10, 10, 30, 30, radius: 4), offset: .zero, blur: 6, spread: 0, color: .black),
        .shadow(S.rect(50, 50, 30, 30, radius: 4), offset: .zero, blur: 6, spread: 0, color: .black),
    ]
    let a = try S.render(items, with: r)
    let b = try S.render(items, with: r)
    #expect(r.shadowBlurCount == 1)  // same size, radii and sigma: one blur in all
    #expect(a == b)
}

@Test func borderSidesHaveTheirOwnColours() throws {
    let b = try S.render([
        .border(
            S.rect(10, 10, 80, 60), widths: Sides(all: 4),
            colors: Sides(top: red, right: green, bottom: blue, left: yellow),
            styles: Sides(all: .solid))
    ])
    #expect(b.color(x: 50, y: 11) == red)
    #expect(b.color(x: 88, y: 40) == green)
    #expect(b.color(x: 50, y: 68) == blue)
    #expect(b.color(x: 11, y: 40) == yellow)
    #expect(b.color(x: 50, y: 40) == .white)  // inside the border
    #expect(b.color(x: 50, y: 14) == .white)
}

@Test func uniformRoundedBorderUsesInnerRadius() throws {
    // radius 20, width 4: inner radius 16; the corner of the ring is inside the outer arc only.
    let b = try S.render([
        .border(
            S.rect(10, 10, 80, 80, radius: 20), widths: Sides(all: 4),
            colors: Sides(all: blue), styles: Sides(all: .solid))
    ])
    #expect(b.color(x: 50, y: 11) == blue)
    #expect(b.color(x: 11, y: 11) == .white)
    #expect(b.color(x: 50, y: 50) == .white)
    #expect(b.color(x: 17, y: 17).b > 200 && b.color(x: 17, y: 17).r < 60)  // on the rounded ring's diagonal
}

@Test func dashedBorderHasGaps() throws {
    let b = try S.render([
        .border(
            S.rect(10, 10, 80, 40), widths: Sides(all: 2), colors: Sides(all: .black),
            styles: Sides(all: .dashed))
    ])
    var runs = 0
    var previous = Color.white
    for x in 10..<90 {
        let c = b.color(x: x, y: 11)
        if c.level < 128 && previous.level >= 128 { runs += 1 }
        previous = c
    }
    // 80 px from corner to corner: 7 dashes of 6 px with gaps stretched to 6.3 px, a dash on each corner.
    #expect(runs == 7)
    #expect(b.color(x: 10, y: 11).level < 30)
    #expect(b.color(x: 89, y: 11).level < 30)
}

@Test func dottedBorderDrawsRoundDots() throws {
    let b = try S.render(
        [
            .border(
                S.rect(10, 10, 80, 40), widths: Sides(all: 4), colors: Sides(all: .black),
                styles: Sides(all: .dotted))
        ], scale: 2)
    // Dots of 8 px diameter: the centre of the first dot is dark, the midpoint between dots white.
    var dark = 0
    var light = 0
    for x in 20..<180 {
        if b.color(x: x, y: 24).level < 64 { dark += 1 } else if b.color(x: x, y: 24).level > 192 { light += 1 }
    }
    #expect(dark > 40 && light > 40)
}

@Test func imageIsScaledIntoDest() throws {
    let px = Bitmap(
        width: 2, height: 2,
        straightRGBA: [
            255, 0, 0, 255, 0, 255, 0, 255,
            0, 0, 255, 255, 255, 255, 0, 255,
        ])
    var store = ImageStore()
    store["asset:q.png"] = ImageStore.Entry(bitmap: px, density: 1)
    let b = try S.render(
        [
            .image(key: "asset:q.png", dest: Rect(x: 10, y: 10, width: 40, height: 40), clip: nil, smooth: false),
            .image(key: "asset:missing.png", dest: Rect(x: 60, y: 60, width: 10, height: 10), clip: nil, smooth: true),
        ],
        images: store)
    #expect(b.color(x: 15, y: 15) == red)
    #expect(b.color(x: 45, y: 15) == green)
    #expect(b.color(x: 15, y: 45) == blue)
    #expect(b.color(x: 45, y: 45) == yellow)
    #expect(b.color(x: 9, y: 9) == .white)
    #expect(b.color(x: 50, y: 50) == .white)  // no edge padding past dest
    #expect(b.color(x: 65, y: 65) == .white)  // a missing key is skipped
}

@Test func imageClipRoundsItsCorners() throws {
    var store = ImageStore()
    store["k"] = ImageStore.Entry(bitmap: Bitmap(width: 1, height: 1, straightRGBA: [0, 0, 255, 255]), density: 1)
    let b = try S.render(
        [
            .image(
                key: "k", dest: Rect(x: 0, y: 0, width: 100, height: 100),
                clip: S.rect(0, 0, 100, 100, radius: 50), smooth: true)
        ], images: store)
    #expect(b.color(x: 2, y: 2) == .white)
    #expect(b.color(x: 50, y: 50) == blue)
}

@Test func glyphsAreDrawnAtTheirDevicePositions() throws {
    let r = try S.rasterizer()
    let id = r.fonts.resolve(FontSpec(family: "Roboto"))
    let face = try #require(r.fonts.face(id))
    let h = face.glyphIndex(UInt32(("H" as Unicode.Scalar).value))
    let run = GlyphRun(
        face: id, size: 20, color: .black, glyphs: [PositionedGlyph(id: h, x: 0, y: 20)],
        underlineBox: Rect(x: 0, y: 22, width: 14, height: 1))
    let b = try S.render([.glyphs(run, origin: Point(x: 10, y: 10))], w: 50, h: 50, scale: 2)
    // "H" at 40 px: its left stem starts about 3 px right of x = 20 and reaches up from the baseline (y = 60).
    var ink = 0
    for y in 34..<60 { for x in 20..<50 where b.color(x: x, y: y).level < 128 { ink += 1 } }
    #expect(ink > 100)
    #expect(b.color(x: 30, y: 20) == .white)  // nothing above the cap height
    #expect(b.color(x: 30, y: 64) == .black)  // the underline box, 22 dp below the origin
}

/// Items that cannot reach the surface are neither prepared nor drawn (a label 10^5 dp away costs
/// nothing), and the picture is the one without them.
@Test func itemsFarOutsideTheSurfaceAreCulled() throws {
    let r = try S.rasterizer()
    let id = r.fonts.resolve(FontSpec(family: "Roboto"))
    let face = try #require(r.fonts.face(id))
    let h = face.glyphIndex(UInt32(("H" as Unicode.Scalar).value))
    let glyphs = (0..<2000).map { PositionedGlyph(id: h, x: Double($0) * 12, y: 20) }
    let near: [DisplayItem] = [.fill(S.rect(5, 5, 20, 20), .color(.black))]
    let far: [DisplayItem] = [
        .glyphs(GlyphRun(face: id, size: 20, color: .black, glyphs: glyphs), origin: Point(x: 100_000, y: 10)),
        .shadow(S.rect(-90_000, 10, 100, 100), offset: Point(x: 0, y: 0), blur: 40, spread: 0, color: .black),
        .fill(S.rect(10, 50_000, 20, 20), .color(.black)),
    ]
    let culled = try S.render(near + far, w: 50, h: 50, scale: 2, with: r)
    #expect(r.culledItems == 3)
    #expect(culled == (try S.render(near, w: 50, h: 50, scale: 2)))
    _ = try S.render(near, w: 50, h: 50, scale: 2, with: r)
    #expect(r.culledItems == 0)
}

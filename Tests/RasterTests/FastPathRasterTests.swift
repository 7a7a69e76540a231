import Painting
import Primitives
import Testing
import TextLayout

@testable import Raster

/// The rasterizer's fast paths (masks composited directly, shadow boxes cut in pieces, shadow
/// tiles) against its general path (every one of them off): the same bytes, for text and shadows
/// at fractional positions and scales, under rectangle and rounded clips, in translucent layers,
/// partly covered, in translucent colours, and split into bands or not.
private typealias S = RasterTestSupport

/// Which fast paths are on.
private struct Paths {
    var direct = true
    var pieces = true
    var tiles = true
    static let none = Paths(direct: false, pieces: false, tiles: false)
}

private func render(_ items: [DisplayItem], w: Double, h: Double, scale: Double, _ paths: Paths, bands: Int) throws
    -> Bitmap
{
    let r = try S.rasterizer()
    r.drawsMasksDirectly = paths.direct
    r.keepsShadowBoxMasks = paths.pieces
    r.copiesShadowTiles = paths.tiles
    r.bandCount = bands
    return try S.render(items, w: w, h: h, scale: scale, with: r)
}

/// The first differing pixel and how many differ ("" when none), short enough for a failure message.
private func difference(_ a: Bitmap, _ b: Bitmap) -> String {
    guard a.width == b.width, a.height == b.height else { return "sizes differ" }
    var count = 0
    var first = ""
    for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
        if count == 0 {
            first = "(\(i / 4 % a.width), \(i / 4 / a.width)): \(Array(a.pixels[i..<i + 4])) vs \(Array(b.pixels[i..<i + 4]))"
        }
        count += 1
    }
    return count == 0 ? "" : "\(count) pixels differ, first at \(first)"
}

private func expectSameBytes(_ items: [DisplayItem], w: Double, h: Double, _ label: String) throws {
    let variants: [(String, Paths)] = [
        ("all", Paths()), ("direct", Paths(direct: true, pieces: false, tiles: false)),
        ("pieces", Paths(direct: false, pieces: true, tiles: false)),
    ]
    for scale in [1.0, 2.5, 3.0] {
        let general = try render(items, w: w, h: h, scale: scale, .none, bands: 1)
        for (name, paths) in variants {
            for bands in [1, 2] {
                let fast = try render(items, w: w, h: h, scale: scale, paths, bands: bands)
                let d = difference(fast, general)
                #expect(d.isEmpty, "\(label), \(name) at scale \(scale), \(bands) band(s): \(d)")
            }
        }
    }
}

private func text(_ r: Rasterizer, _ s: String, size: Double, color: Color, at origin: Point, dx: Double = 0)
    -> DisplayItem
{
    let id = r.fonts.resolve(FontSpec(family: "Roboto"))
    let face = r.fonts.face(id)!
    var x = dx
    let glyphs = s.unicodeScalars.map { c -> PositionedGlyph in
        defer { x += size * 0.55 + 0.13 }
        return PositionedGlyph(id: face.glyphIndex(c.value), x: x, y: size)
    }
    return .glyphs(GlyphRun(face: id, size: size, color: color, glyphs: glyphs), origin: origin)
}

@Test func glyphFastPathKeepsCairosBytes() throws {
    let r = try S.rasterizer()
    let grey = Color(r: 0x77, g: 0x77, b: 0x77)
    let translucent = Color(r: 0x19, g: 0x76, b: 0xd2, a: 0x99)
    let items: [DisplayItem] = [
        .fill(S.rect(0, 0, 160, 120), .color(Color(rgb: 0xf2f2f7))),
        .fill(S.rect(10, 10, 100, 40, radius: 8), .color(.white)),
        text(r, "Hello, wrapped world", size: 15, color: grey, at: Point(x: 12.33, y: 11.17)),
        text(r, "Quarter px 0123", size: 12, color: translucent, at: Point(x: 3.1, y: 40.4), dx: 0.26),
        // Off the left and bottom edges, and across the band split.
        text(r, "Edge", size: 20, color: .black, at: Point(x: -6.7, y: 100.5)),
        text(r, "Bands", size: 30, color: Color(r: 200, g: 30, b: 60, a: 0xf0), at: Point(x: 20, y: 45.2)),
        // Under a rectangle clip, a rounded clip (Cairo draws it) and in a translucent layer.
        .save, .clip(S.rect(30, 60, 50.4, 14)),
        text(r, "Clipped text", size: 14, color: .black, at: Point(x: 25, y: 58)),
        .restore, .save, .clip(S.rect(90, 55, 60, 30, radius: 12)),
        text(r, "Round clip", size: 14, color: grey, at: Point(x: 85, y: 60)),
        .restore, .beginLayer(opacity: 0.5),
        text(r, "Layer", size: 16, color: .black, at: Point(x: 100, y: 90)),
        .endLayer,
        // Partly covered by a later translucent fill.
        text(r, "Covered", size: 18, color: .black, at: Point(x: 5, y: 75)),
        .fill(S.rect(0, 80, 40, 10), .color(Color(r: 255, g: 255, b: 255, a: 0x80))),
    ]
    try expectSameBytes(items, w: 160, h: 120, "text")
}

@Test func shadowFastPathsKeepCairosBytes() throws {
    let page = Color(rgb: 0xf2f2f7)
    var items: [DisplayItem] = [.fill(S.rect(0, 0, 200, 260), .color(page))]
    // Cards close enough that each shadow falls on the previous card's, as in a list.
    for i in 0..<4 {
        let c = S.rect(12, 8 + Double(i) * 45, 150, 36, radius: 12)
        items += [
            .shadow(c, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
            .fill(c, .color(.white)),
            .border(
                c, widths: Sides(all: 1), colors: Sides(all: Color(rgb: 0xdddddd)),
                styles: Sides(all: .solid)),
        ]
    }
    let odd = RoundedRect(
        rect: Rect(x: 20.4, y: 190.6, width: 70.3, height: 30.2),
        radii: Corners(topLeft: 0, topRight: 14.3, bottomRight: 3, bottomLeft: 9.5))
    items += [
        // Mixed radii at fractional dp, a spread, a translucent colour, an offset up-left.
        .shadow(odd, offset: Point(x: -3.3, y: -1.2), blur: 6, spread: 2.4, color: Color(r: 30, g: 60, b: 200, a: 0x80)),
        .fill(odd, .color(.white)),
        // A circle (corners meet: the whole box under the path clip) and a square shadow.
        .shadow(S.rect(120, 190, 40, 40, radius: 20), offset: Point(x: 0, y: 4), blur: 12, spread: 0,
            color: Color(r: 0, g: 0, b: 0, a: 0x4d)),
        .shadow(S.rect(170, 200, 20, 20), offset: Point(x: 1, y: 1), blur: 3, spread: -1, color: .black),
        // A wide blur (blurred at reduced resolution), across the edge of the surface.
        .shadow(S.rect(150, 10, 80, 60, radius: 10), offset: Point(x: 0, y: 6), blur: 70, spread: 0,
            color: Color(r: 0, g: 0, b: 0, a: 0x40)),
        // Under a rounded clip (Cairo composites) and a translucent layer.
        .save, .clip(S.rect(0, 100, 90, 60, radius: 16)),
        .shadow(S.rect(10, 110, 60, 30, radius: 6), offset: Point(x: 2, y: 2), blur: 10, spread: 0, color: .black),
        .restore, .beginLayer(opacity: 0.6),
        .shadow(S.rect(100, 120, 60, 30, radius: 6), offset: Point(x: 0, y: 3), blur: 8, spread: 1, color: .black),
        .endLayer,
    ]
    try expectSameBytes(items, w: 200, h: 260, "shadows")
}

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
    var covered = true
    static let none = Paths(direct: false, pieces: false, tiles: false, covered: false)
}

private func render(_ items: [DisplayItem], w: Double, h: Double, scale: Double, _ paths: Paths, bands: Int) throws
    -> Bitmap
{
    let r = try S.rasterizer(
        S.options {
            $0.drawsMasksDirectly = paths.direct
            $0.keepsShadowBoxMasks = paths.pieces
            $0.copiesShadowTiles = paths.tiles
            $0.skipsCoveredItems = paths.covered
            $0.bandCount = bands
        })
    return try S.render(items, w: w, h: h, scale: scale, with: r)
}

/// The first differing pixel and how many differ ("" when none), short enough for a failure message.
private func difference(_ a: Bitmap, _ b: Bitmap) -> String {
    guard a.width == b.width, a.height == b.height else { return "sizes differ" }
    var count = 0
    var first = ""
    for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
        if count == 0 {
            let (pa, pb) = (Array(a.pixels[i..<i + 4]), Array(b.pixels[i..<i + 4]))
            first = "(\(i / 4 % a.width), \(i / 4 / a.width)): \(pa) vs \(pb)"
        }
        count += 1
    }
    return count == 0 ? "" : "\(count) pixels differ, first at \(first)"
}

private func expectSameBytes(_ items: [DisplayItem], w: Double, h: Double, _ label: String) throws {
    let variants: [(String, Paths)] = [
        ("all", Paths()), ("direct", Paths(direct: true, pieces: false, tiles: false, covered: false)),
        ("pieces", Paths(direct: false, pieces: true, tiles: false, covered: false)),
        ("covered", Paths(direct: false, pieces: false, tiles: false, covered: true)),
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

/// `count` list cards (a shadow, a white fill, and with `bordered` a 1 dp grey border), 150 dp wide
/// at x = 12, `step` dp apart from `top`.
private func listCards(_ count: Int, top: Double, step: Double, height: Double, bordered: Bool) -> [DisplayItem] {
    (0..<count).flatMap { i -> [DisplayItem] in
        let c = S.rect(12, top + Double(i) * step, 150, height, radius: 12)
        var card: [DisplayItem] = [
            .shadow(c, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
            .fill(c, .color(.white)),
        ]
        if bordered {
            card.append(
                .border(
                    c, widths: Sides(all: 1), colors: Sides(all: Color(rgb: 0xdddddd)), styles: Sides(all: .solid)))
        }
        return card
    }
}

@Test func shadowFastPathsKeepCairosBytes() throws {
    let page = Color(rgb: 0xf2f2f7)
    var items: [DisplayItem] = [.fill(S.rect(0, 0, 200, 260), .color(page))]
    // Cards close enough that each shadow falls on the previous card's, as in a list.
    items += listCards(4, top: 8, step: 45, height: 36, bordered: true)
    let odd = RoundedRect(
        rect: Rect(x: 20.4, y: 190.6, width: 70.3, height: 30.2),
        radii: Corners(topLeft: 0, topRight: 14.3, bottomRight: 3, bottomLeft: 9.5))
    items += [
        // Mixed radii at fractional dp, a spread, a translucent colour, an offset up-left.
        .shadow(
            odd, offset: Point(x: -3.3, y: -1.2), blur: 6, spread: 2.4, color: Color(r: 30, g: 60, b: 200, a: 0x80)),
        .fill(odd, .color(.white)),
        // A circle (corners meet: the whole box under the path clip) and a square shadow.
        .shadow(
            S.rect(120, 190, 40, 40, radius: 20), offset: Point(x: 0, y: 4), blur: 12, spread: 0,
            color: Color(r: 0, g: 0, b: 0, a: 0x4d)),
        .shadow(S.rect(170, 200, 20, 20), offset: Point(x: 1, y: 1), blur: 3, spread: -1, color: .black),
        // A wide blur (blurred at reduced resolution), across the edge of the surface.
        .shadow(
            S.rect(150, 10, 80, 60, radius: 10), offset: Point(x: 0, y: 6), blur: 70, spread: 0,
            color: Color(r: 0, g: 0, b: 0, a: 0x40)),
        // Under a rounded clip (Cairo composites) and a translucent layer.
        .save, .clip(S.rect(0, 100, 90, 60, radius: 16)),
        .shadow(S.rect(10, 110, 60, 30, radius: 6), offset: Point(x: 2, y: 2), blur: 10, spread: 0, color: .black),
        .restore, .beginLayer(opacity: 0.6),
        .shadow(S.rect(100, 120, 60, 30, radius: 6), offset: Point(x: 0, y: 3), blur: 8, spread: 1, color: .black),
        .endLayer,
    ]
    // Cards cut by the surface's edges (their box masks are made under the cut): off the bottom
    // and right, off the top and left.
    for c in [S.rect(110.3, 236, 120, 40, radius: 10), S.rect(-20, -12.5, 80, 30, radius: 8)] {
        items += [
            .shadow(c, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
            .fill(c, .color(.white)),
        ]
    }
    try expectSameBytes(items, w: 200, h: 260, "shadows")
}

/// A list card cut by the surface's bottom edge, or by the row where the frame's bands meet, still
/// composites the inside of its box through kept masks (made under the cut), with Cairo's bytes.
@Test func shadowBoxMasksCoverCardsTheFrameCuts() throws {
    let page = Color(rgb: 0xf2f2f7)
    var items: [DisplayItem] = [.fill(S.rect(0, 0, 200, 260), .color(page))]
    // 55 dp apart from y = 10: the last card crosses the bottom edge (260 dp).
    items += listCards(5, top: 10, step: 55, height: 40, bordered: false)
    let cairo = try render(items, w: 200, h: 260, scale: 3, .none, bands: 1)
    for bands in [1, 2] {
        let fast = try S.rasterizer(S.options { $0.bandCount = bands })
        let made = try S.render(items, w: 200, h: 260, scale: 3, with: fast)
        // One set for the cards the frame holds whole, one for the cut card (and more where the
        // bands' seam cuts a card).
        #expect(bands == 1 ? fast.shadowBoxMasksMade == 2 : fast.shadowBoxMasksMade >= 2)
        let d = difference(made, cairo)
        #expect(d.isEmpty, "\(bands) band(s): \(d)")
    }
}

/// Opaque fills and one-colour solid borders through kept coverage (`CoverageFills`), equal shapes
/// at many positions sharing it.
@Test func coverageFillsKeepCairosBytes() throws {
    let dd = Color(rgb: 0xdddddd)
    var items: [DisplayItem] = [
        .fill(S.rect(0, 0, 200, 240), .color(Color(rgb: 0xf2f2f7))),
        .shadow(
            S.rect(12, 8, 150, 36, radius: 12), offset: Point(x: 0, y: 2), blur: 8, spread: 0,
            color: Color(r: 0, g: 0, b: 0, a: 0x33)),
    ]
    // Cards at fractional dp with mixed radii, their borders, avatars (circles: Cairo whole).
    for (i, y) in [8.0, 50.3, 93.7, 131.1].enumerated() {
        let card = RoundedRect(
            rect: Rect(x: 12.2 + Double(i), y: y, width: 150.5, height: 36.4),
            radii: Corners(topLeft: 12, topRight: Double(i) * 3, bottomRight: 12.7, bottomLeft: 0.4))
        items += [
            .fill(card, .color(.white)),
            .border(
                card, widths: Sides(top: 1, right: 2, bottom: 1.4, left: 0.5), colors: Sides(all: dd),
                styles: Sides(all: .solid)),
            .fill(S.rect(20, y + 4, 26, 26, radius: 13), .color(Color(rgb: 0xe53935))),
        ]
    }
    // Equal cards down the page at fractional dp: one coverage each for fill and ring, reused.
    for y in stride(from: 20.0, to: 200, by: 21.7) {
        let card = S.rect(100.3, y, 90, 16.6, radius: 5.5)
        items += [
            .fill(card, .color(.white)),
            .border(card, widths: Sides(all: 1), colors: Sides(all: dd), styles: Sides(all: .solid)),
        ]
    }
    items += [
        // A bar, a top border only, a translucent fill and border (Cairo whole), a thin shape.
        .fill(S.rect(0, 0, 200, 18.6), .color(Color(rgb: 0x1976d2))),
        .fill(S.rect(0, 200, 200, 40), .color(.white)),
        .border(
            S.rect(0, 200, 200, 40), widths: Sides(top: 1, right: 0, bottom: 0, left: 0),
            colors: Sides(top: dd, right: .black, bottom: .black, left: .black),
            styles: Sides(top: .solid, right: .none, bottom: .none, left: .none)),
        .fill(S.rect(30, 150, 100, 40, radius: 8), .color(Color(r: 0, g: 0, b: 255, a: 0x80))),
        .border(
            S.rect(30, 150, 100, 40, radius: 8), widths: Sides(all: 2),
            colors: Sides(all: Color(r: 255, g: 0, b: 0, a: 0x80)), styles: Sides(all: .solid)),
        .fill(S.rect(150, 150, 3, 60, radius: 1.5), .color(.black)),
        // Under a rounded clip (Cairo whole) and off the surface's edge.
        .save, .clip(S.rect(100, 60, 80, 60, radius: 20)),
        .fill(S.rect(90, 50, 100, 80, radius: 6), .color(Color(rgb: 0x00897b))),
        .restore,
        .fill(S.rect(170, 220, 60, 40, radius: 10), .color(Color(rgb: 0x6d4c41))),
        .border(
            S.rect(170, 220, 60, 40, radius: 10), widths: Sides(all: 1), colors: Sides(all: dd),
            styles: Sides(all: .solid)),
        .fill(S.rect(-8, 210.4, 50, 40, radius: 9), .color(Color(rgb: 0x3949ab))),
    ]
    try expectSameBytes(items, w: 200, h: 240, "fills")
}

/// Items under a later opaque square box are skipped; a box under a clip or in a translucent
/// layer, a rounded or translucent one, or one drawn before the item covers nothing.
@Test func coveredItemsAreSkippedWithCairosBytes() throws {
    let r = try S.rasterizer()
    let card = S.rect(10, 150, 120, 40, radius: 8)
    let bar = S.rect(0, 140, 160, 60)
    let items: [DisplayItem] = [
        .fill(S.rect(0, 0, 160, 200), .color(Color(rgb: 0xf2f2f7))),
        // 1: reaches above the bar
        .shadow(card, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 0x33)),
        .fill(card, .color(.white)),  // 2
        // 3
        .border(card, widths: Sides(all: 1), colors: Sides(all: Color(rgb: 0xdddddd)), styles: Sides(all: .solid)),
        text(r, "Under the bar", size: 14, color: .black, at: Point(x: 40, y: 155)),  // 4: ink within 2 em of the pen
        .fill(S.rect(20, 20, 50, 30), .color(.black)),  // 5: under boxes that do not count, partly under one
        .save, .clip(S.rect(0, 0, 100, 100)), .fill(S.rect(0, 0, 160, 100), .color(.white)), .restore,
        .beginLayer(opacity: 0.5), .fill(S.rect(0, 0, 160, 100), .color(.white)), .endLayer,
        .fill(S.rect(0, 0, 160, 100, radius: 40), .color(.white)),  // covers only rows 40-60 dp
        .fill(S.rect(0, 0, 160, 100), .color(Color(r: 255, g: 255, b: 255, a: 254))),
        .fill(bar, .color(Color(rgb: 0x1976d2))),  // 18: the cover
        text(r, "On the bar", size: 14, color: .white, at: Point(x: 14, y: 160)),
    ]
    let transforms = ItemBounds.transforms(items, scale: 3)
    let plan = OpaqueCover.plan(
        items, bounds: ItemBounds.compute(items, transforms: transforms), transforms: transforms, width: 480,
        height: 600)
    #expect(plan.skipped.indices.filter { plan.skipped[$0] } == [2, 3, 4])
    // Square opaque fills that later covers overlap are painted around them: the page (around the
    // bar, the card's and the rounded box's rows between their corners), and the three under the box.
    #expect(plan.parts.keys.sorted() == [0, 5, 8, 11])
    // The card's shadow reaches under the bar: not drawn there.
    #expect(plan.hidden.keys.sorted() == [1])
    #expect(plan.hidden[1]?.contains(Rect(x: 0, y: 420, width: 480, height: 180)) == true)
    let barPixels = Rect(x: 0, y: 420, width: 480, height: 180)
    #expect(
        !(plan.parts[0] ?? []).contains {
            $0.intersection(barPixels).width > 0 && $0.intersection(barPixels).height > 0
        })
    try expectSameBytes(items, w: 160, h: 200, "covered")
}

/// A clip edge may cut a kept shape only on rows its straight sides alone cross.
@Test func onlyStraightSidesCrossTheRowsBetweenCorners() {
    let card = DeviceRoundedRect(
        rect: Rect(x: 10, y: 20, width: 100, height: 60),
        radii: [.init(rx: 12, ry: 12), .init(rx: 12, ry: 12.5), .init(rx: 8, ry: 8), .init(rx: 8, ry: 8)])
    #expect(card.onlySidesCross(y: 20) && card.onlySidesCross(y: 5) && card.onlySidesCross(y: 80))
    #expect(!card.onlySidesCross(y: 32) && card.onlySidesCross(y: 32.5) && card.onlySidesCross(y: 50))
    #expect(card.onlySidesCross(y: 72) && !card.onlySidesCross(y: 72.5) && !card.onlySidesCross(y: 79))
}

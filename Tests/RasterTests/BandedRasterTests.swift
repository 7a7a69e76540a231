import Foundation
import Painting
import Primitives
import Styles
import Testing

@testable import Raster

/// A full repaint is painted as two bands on two threads; the pixels must be those of one pass,
/// seams included. The scene reaches across the seams with everything that blends: antialiased
/// rounded edges, a blurred shadow, a gradient in a translucent layer, a rounded clip, a dashed
/// border and a diagonal stroke; and it has a smoothly scaled image, which seams go around
/// (`BandSplit`: Cairo samples a picture cut by a clip edge differently).
@Test func twoBandsPaintTheSamePixelsAsOnePass() throws {
    var images = ImageStore()
    var rgba: [UInt8] = []
    for y in 0..<8 { for x in 0..<8 { rgba += [UInt8(x * 32), UInt8(y * 32), 128, 255] } }
    images["asset:checker"] = ImageStore.Entry(bitmap: Bitmap(width: 8, height: 8, straightRGBA: rgba), density: 1)
    let card = RasterTestSupport.rect(10, 70, 180, 60, radius: 13.3)
    let items: [DisplayItem] = [
        .fill(RasterTestSupport.rect(0, 0, 200, 200), .color(Color(rgb: 0xf2f2f7))),
        .shadow(card, offset: Point(x: 0.4, y: 3), blur: 11, spread: 1, color: Color(r: 0, g: 0, b: 0, a: 90)),
        .fill(card, .color(.white)),
        .border(card, widths: Sides(all: 1), colors: Sides(all: Color(rgb: 0x999999)), styles: Sides(all: .dashed)),
        .save,
        .clip(RasterTestSupport.rect(30, 80, 140, 45, radius: 20)),
        .beginLayer(opacity: 0.6),
        .fill(
            RasterTestSupport.rect(20, 75, 160, 55),
            .linearGradient(
                start: Point(x: 20, y: 75), end: Point(x: 60, y: 131),
                stops: [
                    ColorStop(position: 0, color: Color(rgb: 0x0044ff)),
                    ColorStop(position: 1, color: Color(rgb: 0xff4400)),
                ])),
        .endLayer,
        .restore,
        .strokePath(
            [.move(Point(x: 5, y: 60.3)), .line(Point(x: 195, y: 141.7))], color: Color(rgb: 0x222222), width: 1.7,
            dash: [4, 3], roundCaps: true),
        .image(key: "asset:checker", dest: Rect(x: 120.3, y: 85.6, width: 33.3, height: 29.9), clip: nil, smooth: true),
    ]
    func render(bands: Int) throws -> Bitmap {
        let r = try RasterTestSupport.rasterizer(RasterTestSupport.options { $0.bandCount = bands })
        return try RasterTestSupport.render(items, w: 200, h: 200, scale: 3, images: images, with: r)
    }
    let one = try render(bands: 1)
    let two = try render(bands: 2)
    let five = try render(bands: 5)
    // The scene really reaches across the seam (rows 299 and 300 are not background).
    #expect(one.color(x: 300, y: 299) != one.color(x: 2, y: 2))
    #expect(one.color(x: 300, y: 300) != one.color(x: 2, y: 2))
    #expect(differingBytes(two, one) == 0)
    #expect(differingBytes(five, one) == 0)
}

/// How many bytes differ (a count, not the arrays, in a failure message).
private func differingBytes(_ a: Bitmap, _ b: Bitmap) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}

/// The bands meet where the drawing work halves, each band at least 64 rows.
@Test func bandsSplitWhereTheWorkHalves() {
    func fill(_ y: Double, _ h: Double) -> DisplayItem { .fill(RasterTestSupport.rect(0, y, 100, h), .color(.black)) }
    func starts(_ items: [DisplayItem], height: Int = 1000, count: Int = 2) -> [Int] {
        BandSplit.starts(
            items: items, bounds: ItemBounds.compute(items, scale: 1), width: 100, height: height, count: count)
    }
    // Even work: the middle (give or take the items' 2 px antialiasing margin).
    #expect(abs(starts([fill(0, 1000)])[0] - 500) <= 2)
    // Nothing drawn: equal bands.
    #expect(starts([]) == [500])
    // All the work in the bottom 200 rows: the split moves down into them.
    let bottom = starts([fill(0, 1000), fill(800, 200), fill(800, 200), fill(800, 200), fill(800, 200)])[0]
    #expect(bottom > 800 && bottom < 1000)
    // Never a band under 64 rows, and no split in a frame too short for two.
    #expect(starts([fill(990, 10)])[0] <= 1000 - 64)
    #expect(starts([fill(0, 100)], height: 100) == [])
    #expect(starts([fill(0, 1000)], count: 5).count == 4)
    // Hostile boxes (NaN, infinite, far outside) are skipped or clamped, never a crash.
    let odd: [Rect?] = [
        Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: -.infinity, width: 1, height: .infinity),
        Rect(x: 0, y: 1e300, width: 1e300, height: 1e300), Rect(x: 0, y: .nan, width: 10, height: 10),
    ]
    let split = BandSplit.starts(
        items: Array(repeating: fill(0, 1), count: 4), bounds: odd, width: 100, height: 1000,
        count: 2, resampled: [true, true, true, true])
    #expect(split.count <= 1)
}

/// No seam goes through a resampled item (an image, say): the split moves to the nearest row
/// outside it, or there is one band when no row is left.
@Test func seamsGoAroundResampledItems() {
    let items: [DisplayItem] = [
        .fill(RasterTestSupport.rect(0, 0, 100, 1000), .color(.black)),
        .image(key: "k", dest: Rect(x: 0, y: 400, width: 100, height: 200), clip: nil, smooth: true),
    ]
    let bounds = ItemBounds.compute(items, scale: 1)
    let free = BandSplit.starts(items: items, bounds: bounds, width: 100, height: 1000, count: 2)
    let around = BandSplit.starts(
        items: items, bounds: bounds, width: 100, height: 1000, count: 2, resampled: [false, true])
    #expect(free.count == 1 && free[0] > 400 && free[0] < 600)
    #expect(around.count == 1 && (around[0] <= 398 || around[0] >= 602))
    let everywhere = BandSplit.starts(
        items: items, bounds: bounds, width: 100, height: 1000, count: 2, resampled: [true, true])
    #expect(everywhere.isEmpty)
}

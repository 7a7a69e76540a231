import Foundation
import Painting
import Primitives
import Styles
import Testing

@testable import Raster

/// The rasterizer repaints only the boxes of changed drawing items, and the pixels equal a full
/// repaint by a fresh rasterizer.
private enum Scene {
    static let card = RasterTestSupport.rect(10, 40, 180, 60, radius: 10)

    /// A screen with a shadowed card, a clip, a translucent layer, and a spinner at `angle`.
    static func items(angle: Double, badge: Color = Color(rgb: 0x3366cc), clip: Double = 200) -> [DisplayItem] {
        let spoke: [PathSegment] = [
            .move(Point(x: 170, y: 20)), .line(Point(x: 170 + 8 * cos(angle), y: 20 + 8 * sin(angle))),
        ]
        return [
            .fill(RasterTestSupport.rect(0, 0, 200, 200), .color(Color(rgb: 0xf2f2f7))),
            .save,
            .clip(RasterTestSupport.rect(0, 0, 200, clip)),
            .shadow(card, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 60)),
            .fill(card, .color(.white)),
            .beginLayer(opacity: 0.5),
            .fill(
                RasterTestSupport.rect(20, 120, 60, 30, radius: 6),
                .linearGradient(
                    start: Point(x: 20, y: 120), end: Point(x: 80, y: 150),
                    stops: [ColorStop(position: 0, color: .white), ColorStop(position: 1, color: Color(rgb: 0x880000))])
            ),
            .endLayer,
            .restore,
            .strokePath(spoke, color: Color(rgb: 0x222222), width: 2, dash: [], roundCaps: true),
            .fill(RasterTestSupport.rect(150, 160, 20, 20, radius: 10), .color(badge)),
        ]
    }

    static func render(_ items: [DisplayItem], with r: Rasterizer? = nil) throws -> Bitmap {
        try RasterTestSupport.render(items, w: 200, h: 200, scale: 3, with: r)
    }
}

@Test func changedDrawingItemsRepaintOnlyTheirBoxesWithTheSamePixels() throws {
    let r = try RasterTestSupport.rasterizer()
    _ = try Scene.render(Scene.items(angle: 0), with: r)
    #expect(r.partialFrames == 0)
    for step in 1...3 {
        let items = Scene.items(
            angle: Double(step) * 0.7, badge: step == 2 ? Color(rgb: 0xcc3366) : Color(rgb: 0x3366cc))
        let incremental = try Scene.render(items, with: r)
        #expect(r.partialFrames == step)
        #expect(r.lastDamage.width * r.lastDamage.height < 0.2 * 600 * 600)
        #expect(incremental == (try Scene.render(items)), "frame \(step)")
    }
}

@Test func anUnchangedFrameRepaintsNothing() throws {
    let r = try RasterTestSupport.rasterizer()
    let first = try Scene.render(Scene.items(angle: 1), with: r)
    let again = try Scene.render(Scene.items(angle: 1), with: r)
    #expect(r.lastDamage == .zero)
    #expect(first == again)
}

@Test func aChangedClipRepaintsTheWholeFrame() throws {
    let r = try RasterTestSupport.rasterizer()
    _ = try Scene.render(Scene.items(angle: 1), with: r)
    let items = Scene.items(angle: 1, clip: 110)
    let b = try Scene.render(items, with: r)
    #expect(r.partialFrames == 0)
    #expect(r.lastDamage == Rect(x: 0, y: 0, width: 600, height: 600))
    #expect(b == (try Scene.render(items)))
}

@Test func newPixelsUnderTheSameImageKeyAreRepainted() throws {
    let r = try RasterTestSupport.rasterizer()
    func store(_ c: UInt8) -> ImageStore {
        var s = ImageStore()
        s["asset:icon"] = ImageStore.Entry(
            bitmap: Bitmap(
                width: 4, height: 4, straightRGBA: Array([[UInt8]](repeating: [c, c, c, 255], count: 16).joined())),
            density: 1)
        return s
    }
    let items: [DisplayItem] = [
        .image(key: "asset:icon", dest: Rect(x: 20, y: 20, width: 4, height: 4), clip: nil, smooth: false)
    ]
    _ = try RasterTestSupport.render(items, w: 50, h: 50, images: store(200), with: r)
    let b = try RasterTestSupport.render(items, w: 50, h: 50, images: store(90), with: r)
    #expect(r.partialFrames == 1)
    #expect(b.color(x: 21, y: 21).r == 90)
    #expect(b == (try RasterTestSupport.render(items, w: 50, h: 50, images: store(90))))
}

@Test func incrementalRepaintCanBeTurnedOff() throws {
    let r = try RasterTestSupport.rasterizer(RasterTestSupport.options { $0.incremental = false })
    _ = try Scene.render(Scene.items(angle: 0), with: r)
    _ = try Scene.render(Scene.items(angle: 1), with: r)
    #expect(r.partialFrames == 0)
}

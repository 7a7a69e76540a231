import CairoFonts
import Compositing
import Painting
import Primitives
import Testing

@testable import Raster

/// The shadow mask shortcuts: the nine-patch blur equals the full blur pixel for pixel, and equal
/// shadows (in one frame and across frames) are blurred once.
private func pixels(_ m: CairoMask) -> [UInt8] {
    m.withPixels { p, stride in
        (0..<m.height).flatMap { y in Array(UnsafeBufferPointer(start: p + y * stride, count: m.width)) }
    }
}

@Test(arguments: [(4.0, 0.0), (12.0, 36.0), (7.3, 20.5), (30.0, 10.0)])
func ninePatchBlurEqualsTheFullBlur(sigma: Double, radius: Double) throws {
    let margin = Double(BlurMask.reach(sigma: sigma) + 1)
    // A fractional position and size: antialiased edges must stretch exactly too.
    let shape = DeviceRoundedRect(
        rect: Rect(x: margin + 0.25, y: margin + 0.5, width: 400.5, height: 230.25),
        radii: [.init(radius), .init(rx: radius, ry: radius / 2), .init(radius), .init(0)])
    let w = Int(shape.rect.maxX + margin) + 1
    let h = Int(shape.rect.maxY + margin) + 1
    let fast = try ShadowMaskBuilder.blurred(shape, width: w, height: h, sigma: sigma)
    let full = try ShadowMaskBuilder.blurred(shape, width: w, height: h, sigma: sigma, ninePatch: false)
    #expect(
        ShadowMaskBuilder.cut(
            start: shape.rect.x, end: shape.rect.maxX, cornerStart: radius, cornerEnd: radius,
            reach: BlurMask.reach(sigma: sigma), size: w) != nil)
    #expect(pixels(fast) == pixels(full))
}

@Test func shortShapesAreNotCut() {
    #expect(ShadowMaskBuilder.cut(start: 40, end: 80, cornerStart: 10, cornerEnd: 10, reach: 12, size: 120) == nil)
    // The straight part reaching past the mask (a huge shadow's visible part) is never cut.
    #expect(ShadowMaskBuilder.cut(start: -50, end: 500, cornerStart: 0, cornerEnd: 0, reach: 12, size: 300) == nil)
}

@Test func equalShadowsAreBlurredOncePerRasterizer() throws {
    let r = try RasterTestSupport.rasterizer()
    func card(_ y: Double) -> [DisplayItem] {
        let rr = RasterTestSupport.rect(10, y, 150, 40, radius: 8)
        return [
            .shadow(rr, offset: Point(x: 0, y: 2), blur: 8, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 80)),
            .fill(rr, .color(.white)),
        ]
    }
    let items = (0..<5).flatMap { card(10 + Double($0) * 60) }
    let first = try RasterTestSupport.render(items, w: 200, h: 320, scale: 2, with: r)
    #expect(r.shadowBlurCount == 1)
    let second = try RasterTestSupport.render(items, w: 200, h: 320, scale: 2, with: r)
    #expect(r.shadowBlurCount == 1)  // the second frame reuses the mask
    #expect(first == second)
    // A fresh rasterizer (no cache) paints the same pixels.
    #expect(try RasterTestSupport.render(items, w: 200, h: 320, scale: 2) == first)
}

@Test func blurWorkDoesNotGrowWithTheCardSize() {
    // The cut-down mask a card is blurred at is the same for a narrow and a very wide card.
    let reach = BlurMask.reach(sigma: 12)
    func blurredWidth(_ w: Double) -> Int {
        let size = Int(w) + 2 * (reach + 1)
        let c = ShadowMaskBuilder.cut(
            start: Double(reach + 1), end: Double(reach + 1) + w, cornerStart: 36, cornerEnd: 36, reach: reach,
            size: size)
        return size - (c?.delta ?? 0)
    }
    #expect(blurredWidth(600) == blurredWidth(6000))
}

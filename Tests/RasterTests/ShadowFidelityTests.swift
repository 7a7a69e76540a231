import Painting
import Primitives
import Testing

@testable import Raster

/// Shadow profiles measured in Chromium 156 (headless, --force-device-scale-factor=3) for
/// `box-shadow: 0 4px 16px rgba(0,0,0,0.376)` on a 160x80 card at (20, 20) with radius 12, and
/// `box-shadow: 0 0 6px 3px #f00` on a 70x50 box at (20, 130), both over white.
private enum Chromium {
    /// Red channel at x = 300 px, y = 300, 302, ... (below the card).
    static let cardBottom: [Int] = [
        189, 192, 195, 198, 202, 205, 208, 211, 215, 218, 221, 224, 227, 229, 232, 234, 237, 239,
        241, 243, 245, 246, 248, 249, 250, 251, 252, 252, 253, 254,
    ]
    /// Red channel at x = 300 px, y = 0, 2, ... (above the card).
    static let cardTop: [Int] = [
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 254, 254, 253, 253, 252, 251, 250,
        249, 248, 247, 245, 244, 242, 240, 238, 236, 233, 231, 228,
    ]
    /// Red channel at y = 180 px, x = 0, 2, ... (left of the card).
    static let cardLeft: [Int] = [
        255, 255, 255, 255, 254, 254, 254, 253, 253, 252, 251, 250, 249, 248, 247, 245, 244, 242,
        240, 238, 236, 233, 231, 228, 225, 222, 219, 216, 213, 210,
    ]
    /// Red channel on the diagonal out of the bottom-right corner: (530 + d, 290 + d), d = 0, 2, ...
    static let cardCorner: [Int] = [
        210, 214, 218, 222, 226, 230, 233, 236, 239, 242, 244, 246, 248, 249, 251, 251, 252, 253,
        254, 254, 254, 255,
    ]
    /// Green channel at y = 465 px, x = 270 ... 299 (right of the red glow box).
    static let glowRight: [Int] = [
        46, 53, 62, 71, 81, 90, 101, 111, 122, 132, 143, 153, 164, 173, 183, 192, 201, 208, 215,
        222, 227, 232, 237, 240, 243, 246, 248, 250, 251, 252,
    ]
}

@Test func boxShadowsMatchChromiumProfiles() throws {
    let card = RoundedRect(rect: Rect(x: 20, y: 20, width: 160, height: 80), radii: Corners(all: 12))
    let glow = RoundedRect(rect: Rect(x: 20, y: 130, width: 70, height: 50))
    let b = try RasterTestSupport.render(
        [
            .shadow(card, offset: Point(x: 0, y: 4), blur: 16, spread: 0, color: Color(r: 0, g: 0, b: 0, a: 96)),
            .fill(card, .color(.white)),
            .shadow(glow, offset: .zero, blur: 6, spread: 3, color: Color(rgb: 0xff0000)),
            .fill(glow, .color(.white)),
        ], w: 200, h: 200, scale: 3)
    func check(_ name: String, _ expected: [Int], tolerance: Int, _ probe: (Int) -> Int) {
        let got = expected.indices.map(probe)
        let worst = zip(got, expected).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= tolerance, "\(name): got \(got)")
    }
    check("below", Chromium.cardBottom, tolerance: 2) { Int(b.color(x: 300, y: 300 + 2 * $0).r) }
    check("above", Chromium.cardTop, tolerance: 2) { Int(b.color(x: 300, y: 2 * $0).r) }
    check("left", Chromium.cardLeft, tolerance: 2) { Int(b.color(x: 2 * $0, y: 180).r) }
    check("corner", Chromium.cardCorner, tolerance: 2) { Int(b.color(x: 530 + 2 * $0, y: 290 + 2 * $0).r) }
    check("glow", Chromium.glowRight, tolerance: 5) { Int(b.color(x: 270 + $0, y: 465).g) }
}

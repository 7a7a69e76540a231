import CairoFonts
import Compositing
import Primitives
import Testing

@testable import Canvas

/// Canvas shadows: the shape in shadow colour, offset in dp, blurred with sigma = shadowBlur / 2.
struct ShadowTests {
    typealias S = CanvasTestSupport

    @Test func sharpShadowAppearsAtTheOffsetUnderTheShape() throws {
        let c = try S.context(20, 10, scale: 2)
        c.shadowColor = S.red
        c.shadowOffsetX = 5
        c.shadowOffsetY = 1
        c.fillStyle = .color(S.blue)
        c.fillRect(0, 0, 4, 4)  // shape device 0..<8, shadow 10..<18 x 2..<10
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 2, y: 2) == S.blue)
        #expect(bm.color(x: 12, y: 5) == S.red && bm.color(x: 17, y: 9) == S.red)
        #expect(
            bm.color(x: 9, y: 5) == .transparent && bm.color(x: 18, y: 5) == .transparent
                && bm.color(x: 12, y: 1) == .transparent)
    }

    @Test func defaultShadowColourIsOpaqueBlack() throws {
        let c = try S.context(10, 4)
        c.shadowOffsetX = 5
        c.fillStyle = .color(S.blue)
        c.fillRect(0, 0, 4, 4)
        #expect(c.surface.bitmap().color(x: 6, y: 2) == .black)
    }

    @Test func blurredShadowSpreadsAndFades() throws {
        let c = try S.context(40, 40)
        c.shadowColor = .black
        c.shadowBlur = 8  // sigma 4 px
        c.shadowOffsetY = 10
        c.fillStyle = .color(S.blue)
        c.fillRect(10, 5, 20, 10)  // shadow centred on 10..<30 x 15..<25
        let bm = c.surface.bitmap()
        let centre = bm.pixels[(20 * 40 + 20) * 4 + 3]
        let edge = bm.pixels[(20 * 40 + 10) * 4 + 3]  // at the shadow's left edge: about half
        let outside = bm.pixels[(20 * 40 + 4) * 4 + 3]  // 1.5 sigma outside
        let far = bm.pixels[(20 * 40 + 0) * 4 + 3]  // 2.5 sigma outside
        // 10 px tall = +-1.25 sigma: erf(1.25 / sqrt 2) = 0.79 of full at the centre; about half that at an edge.
        #expect((190...210).contains(centre))
        #expect((95...125).contains(edge))
        #expect(outside > 0 && outside < 40 && far < outside)
        #expect(bm.color(x: 20, y: 10) == S.blue)
    }

    /// sigma 40 px is blurred at quarter resolution (as widget shadows): the profile across an edge
    /// still follows the Gaussian's (erf) within a few levels.
    @Test func wideBlurAtReducedResolutionFollowsTheGaussian() throws {
        let c = try S.context(400, 20)
        c.shadowColor = .black
        c.shadowBlur = 80  // sigma 40 px: factor 4
        c.shadowOffsetX = 500
        c.fillRect(-400, -1000, 200, 3000)  // off the surface; its shadow covers x 100..<300, every row
        let bm = c.surface.bitmap()
        func alpha(_ x: Int) -> Int { Int(bm.pixels[(10 * 400 + x) * 4 + 3]) }
        // erf model: edge 0.5, 1 sigma out 0.159, 2 sigma out 0.023, centre (2.5 sigma in from both) 0.988.
        #expect(abs(alpha(100) - 128) <= 12, "\(alpha(100))")
        #expect(abs(alpha(60) - 40) <= 12, "\(alpha(60))")
        #expect(alpha(20) <= 14, "\(alpha(20))")
        #expect(alpha(200) >= 235, "\(alpha(200))")
        // Smooth: no step larger than a few levels between neighbours (no blocky upscaling).
        #expect((1..<400).allSatisfy { abs(alpha($0) - alpha($0 - 1)) <= 6 })
    }

    @Test func shadowAlphaFollowsShadowColour() throws {
        let c = try S.context(10, 4)
        c.shadowColor = Color(r: 0, g: 0, b: 0, a: 64)
        c.shadowOffsetX = 5
        c.fillRect(0, 0, 4, 4)
        #expect(c.surface.bitmap().color(x: 6, y: 2).a == 64)
    }

    @Test func shadowRespectsTheClip() throws {
        let c = try S.context(20, 4)
        c.rect(0, 0, 8, 4)
        c.clip()
        c.shadowColor = S.red
        c.shadowOffsetX = 6
        c.fillRect(0, 0, 4, 4)
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 7, y: 2) == S.red && bm.color(x: 9, y: 2) == .transparent)
    }

    @Test func strokeShadowUnderANonUniformScaleIsWhole() throws {
        // Stroke 2 wide under scale(4, 1): the left edge is 8 px wide (x 4..<12); the shadow 12 px lower.
        let c = try S.context(30, 30)
        c.scale(4, 1)
        c.lineWidth = 2
        c.shadowColor = S.red
        c.shadowOffsetY = 12
        c.strokeStyle = .color(S.blue)
        c.strokeRect(2, 2, 2, 6)
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 4, y: 5) == S.blue && bm.color(x: 4, y: 20) == S.red && bm.color(x: 19, y: 20) == S.red)
        #expect(bm.color(x: 3, y: 20) == .transparent)
    }

    @Test func transparentShadowColourCastsNothing() throws {
        let c = try S.context(10, 4)
        c.shadowColor = .transparent
        c.shadowOffsetX = 5
        c.shadowBlur = 3
        #expect(!c.state.hasShadow)
        c.fillRect(0, 0, 4, 4)
        #expect(c.surface.bitmap().inkCount(5, 0, 10, 4) == 0)
    }
}

/// The canvas blurs shadows with the shared `BlurMask` (three box blurs approximating the Gaussian).
struct GaussianBlurTests {
    @Test func blurKeepsTheTotalAndSpreadsLikeAGaussian() throws {
        let mask = try CairoMask(width: 41, height: 41)
        mask.withPixels { p, stride in for y in 15...25 { for x in 15...25 { p[y * stride + x] = 255 } } }
        BlurMask.gaussian(mask, sigma: 3)
        var total = 0
        var centre = 0
        var edge = 0
        mask.withPixels { p, stride in
            for y in 0..<41 { for x in 0..<41 { total += Int(p[y * stride + x]) } }
            centre = Int(p[20 * stride + 20])
            edge = Int(p[20 * stride + 15])
        }
        #expect(abs(total - 121 * 255) < 121 * 255 / 50)
        #expect(centre > 200 && centre < 255 && edge > 100 && edge < 180)
    }
}

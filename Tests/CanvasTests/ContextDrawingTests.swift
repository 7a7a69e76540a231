import Compositing
import Primitives
import Testing

@testable import Canvas

/// Pixels of fills, strokes, rectangles, transforms, clips and images.
struct ContextDrawingTests {
    typealias S = CanvasTestSupport

    @Test func fillRectAtScale2HasCrispPixelEdges() throws {
        let c = try S.context(10, 10, scale: 2)
        #expect(c.actualWidth == 20 && c.actualHeight == 20)
        c.fillStyle = .color(S.red)
        c.fillRect(1, 1, 3, 2)  // device pixels 2..<8 x 2..<6
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 2, y: 2) == S.red && bm.color(x: 7, y: 5) == S.red)
        #expect(
            bm.color(x: 8, y: 5) == .transparent && bm.color(x: 2, y: 6) == .transparent
                && bm.color(x: 1, y: 2) == .transparent)
        #expect(bm.inkCount(0, 0, 20, 20) == 6 * 4)
    }

    @Test func defaultFillIsOpaqueBlack() throws {
        let c = try S.context(4, 4)
        c.fillRect(0, 0, 4, 4)
        #expect(c.surface.bitmap().color(x: 1, y: 1) == .black)
    }

    @Test func clipReplacesInsteadOfIntersecting() throws {
        let c = try S.context(10, 10)
        c.rect(0, 0, 5, 10)
        c.clip()
        c.rect(5, 0, 5, 10)
        c.clip()  // an intersection would leave nothing
        c.fillStyle = .color(S.blue)
        c.fillRect(0, 0, 10, 10)
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 7, y: 5) == S.blue)
        #expect(bm.color(x: 2, y: 5) == .transparent)
        c.resetClip()
        c.fillRect(0, 0, 10, 10)
        #expect(c.surface.bitmap().color(x: 2, y: 5) == S.blue)
    }

    @Test func clipClearsThePath() throws {
        let c = try S.context(10, 10)
        c.rect(0, 0, 10, 10)
        c.clip()
        #expect(c.state.path.isEmpty)
        c.fill()  // nothing to fill
        #expect(c.surface.bitmap().inkCount(0, 0, 10, 10) == 0)
    }

    @Test func saveRestoreBringsBackTheWholeState() throws {
        let c = try S.context(10, 10)
        c.fillStyle = .color(S.red)
        c.lineWidth = 3
        c.globalAlpha = 0.5
        c.save()
        c.fillStyle = .color(S.blue)
        c.lineWidth = 7
        c.globalAlpha = 1
        c.translate(5, 5)
        c.rect(0, 0, 5, 5)
        c.clip()
        c.moveTo(1, 1)
        c.restore()
        #expect(c.fillStyle == .color(S.red) && c.lineWidth == 3 && c.globalAlpha == 0.5)
        #expect(c.state.transform == .identity && c.state.clip == nil && c.state.path.isEmpty)
        c.restore()  // unbalanced: ignored
        #expect(c.lineWidth == 3)
        c.globalAlpha = 1
        c.fillRect(0, 0, 2, 2)  // not clipped, not translated
        #expect(c.surface.bitmap().color(x: 0, y: 0) == S.red)
    }

    @Test func savedPathComesBackWithRestore() throws {
        let c = try S.context(10, 10)
        c.rect(0, 0, 4, 4)
        c.save()
        c.beginPath()
        c.restore()
        c.fill()
        #expect(c.surface.bitmap().color(x: 2, y: 2) == .black)
    }

    @Test func invalidAttributeValuesAreIgnored() throws {
        let c = try S.context(4, 4)
        c.lineWidth = -1
        c.lineWidth = .nan
        c.globalAlpha = 2
        c.shadowBlur = -3
        #expect(c.lineWidth == 1 && c.globalAlpha == 1 && c.shadowBlur == 0)
        #expect(c.setLineDash([1, -2]) == false && c.state.lineDash.isEmpty)
        c.setLineDash([3])
        #expect(c.state.lineDash == [3, 3])
    }

    @Test func transformsMovePaths() throws {
        let c = try S.context(20, 20)
        c.translate(10, 0)
        c.scale(2, 2)
        c.fillRect(0, 0, 2, 2)  // device 10..<14 x 0..<4
        c.setTransform(1, 0, 0, 1, 0, 16)
        c.fillRect(0, 0, 1, 1)
        c.resetTransform()
        c.transform(1, 0, 0, 1, 18, 18)
        c.fillRect(0, 0, 1, 1)
        let bm = c.surface.bitmap()
        #expect(bm.inkBox.map { $0.0 } == 0 && bm.color(x: 13, y: 3) == .black && bm.color(x: 14, y: 3) == .transparent)
        #expect(
            bm.color(x: 0, y: 16) == .black && bm.color(x: 18, y: 18) == .black && bm.inkCount(0, 0, 20, 20) == 16 + 2)
    }

    @Test func rotationTurnsAboutTheOrigin() throws {
        let c = try S.context(20, 20)
        c.translate(10, 10)
        c.rotate(Double.pi / 2)
        c.fillRect(0, 0, 8, 2)  // after a quarter turn: x 8..<10, y 10..<18
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 9, y: 15) == .black && bm.color(x: 15, y: 11) == .transparent)
    }

    @Test func arcFullCircleAndQuarter() throws {
        let c = try S.context(40, 40)
        c.beginPath()
        c.arc(20, 20, 10, 0, 6.2832, false)
        c.fill()
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 20, y: 20) == .black && bm.color(x: 20, y: 11) == .black)
        #expect(bm.color(x: 11, y: 11) == .transparent && bm.color(x: 20, y: 8) == .transparent)
        // A pie slice from 12 o'clock clockwise to 3 o'clock covers the top-right quarter only.
        let d = try S.context(40, 40)
        d.beginPath()
        d.moveTo(20, 20)
        d.arc(20, 20, 10, -Double.pi / 2, 0, false)
        d.closePath()
        d.fill()
        let q = d.surface.bitmap()
        #expect(
            q.color(x: 24, y: 15) == .black && q.color(x: 15, y: 15) == .transparent
                && q.color(x: 24, y: 25) == .transparent)
        #expect(!d.arc(1, 1, -1, 0, 1))
    }

    @Test func counterclockwiseArcTakesTheOtherWay() {
        #expect(abs(CanvasPath.arcSweep(0, Double.pi / 2, counterclockwise: true) + 3 * Double.pi / 2) < 1e-12)
        #expect(CanvasPath.arcSweep(0, 7, counterclockwise: false) == 2 * Double.pi)
        #expect(abs(CanvasPath.arcSweep(-1.5708, 3.1416, counterclockwise: false) - 4.7124) < 1e-9)
    }

    @Test func arcToRoundsACorner() throws {
        let c = try S.context(40, 40)
        c.beginPath()
        c.moveTo(0, 0)
        c.lineTo(30, 0)
        c.arcTo(40, 0, 40, 10, 10)
        c.lineTo(40, 40)
        c.lineTo(0, 40)
        c.closePath()
        c.fill()
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 38, y: 1) == .transparent)  // cut corner
        #expect(bm.color(x: 30, y: 5) == .black && bm.color(x: 38, y: 20) == .black)
    }

    @Test func strokeWidthScalesWithDevice() throws {
        let c = try S.context(20, 20, scale: 2)
        c.lineWidth = 2
        c.strokeStyle = .color(S.red)
        c.beginPath()
        c.moveTo(0, 10)
        c.lineTo(20, 10)
        c.stroke()  // device y 18..<22
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 5, y: 18) == S.red && bm.color(x: 5, y: 21) == S.red)
        #expect(bm.color(x: 5, y: 17) == .transparent && bm.color(x: 5, y: 22) == .transparent)
    }

    @Test func dashedLineHasGaps() throws {
        let c = try S.context(40, 4)
        c.lineWidth = 2
        c.setLineDash([4, 4])
        c.beginPath()
        c.moveTo(0, 2)
        c.lineTo(40, 2)
        c.stroke()
        let bm = c.surface.bitmap()
        #expect(
            bm.color(x: 1, y: 2) == .black && bm.color(x: 5, y: 2) == .transparent && bm.color(x: 9, y: 2) == .black)
        #expect(bm.inkCount(0, 0, 40, 4) == 20 * 2)
    }

    @Test func clearRectMakesTransparentInsideTheClip() throws {
        let c = try S.context(10, 10)
        c.fillRect(0, 0, 10, 10)
        c.rect(0, 0, 5, 10)
        c.clip()
        c.clearRect(0, 0, 10, 10)
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 2, y: 2) == .transparent && bm.color(x: 7, y: 2) == .black)
    }

    @Test func globalAlphaFadesFills() throws {
        let c = try S.context(4, 4)
        c.globalAlpha = 0.5
        c.fillStyle = .color(S.blue)
        c.fillRect(0, 0, 4, 4)
        let px = c.surface.bitmap().color(x: 1, y: 1)
        #expect((127...128).contains(px.a) && px.b == 255)
    }

    @Test func linearGradientEnds() throws {
        let c = try S.context(100, 4)
        var g = LinearGradient(x0: 0, y0: 0, x1: 100, y1: 0)
        g.addColorStop(0, S.red)
        g.addColorStop(1, S.blue)
        c.fillStyle = .linearGradient(g)
        c.fillRect(0, 0, 100, 4)
        let bm = c.surface.bitmap()
        let left = bm.color(x: 0, y: 1)
        let right = bm.color(x: 99, y: 1)
        let mid = bm.color(x: 50, y: 1)
        #expect(left.r >= 250 && left.b <= 5 && right.b >= 250 && right.r <= 5)
        #expect(abs(Int(mid.r) - Int(mid.b)) <= 8 && mid.a == 255)
    }

    @Test func gradientStopsInterpolateInPremultipliedColour() throws {
        // Transparent red to blue: half way is blue at half alpha, never purple.
        let c = try S.context(101, 2)
        var g = LinearGradient(x0: 0, y0: 0, x1: 101, y1: 0)
        g.addColorStop(0, Color(r: 255, g: 0, b: 0, a: 0))
        g.addColorStop(1, S.blue)
        c.fillStyle = .linearGradient(g)
        c.fillRect(0, 0, 101, 2)
        let mid = c.surface.bitmap().color(x: 50, y: 0)
        #expect(mid.r <= 2 && mid.b >= 253 && (126...130).contains(mid.a))
        // The transparent end takes its neighbour's colour, so Cairo's straight fade is already exact.
        let stops = GradientStops.premultipliedForCairo([(0, Color(r: 255, g: 0, b: 0, a: 0)), (1, S.blue)])
        #expect(stops.map(\.1) == [Color(r: 0, g: 0, b: 255, a: 0), S.blue])
    }

    @Test func gradientFollowsTheUserSpace() throws {
        // Gradient coordinates are in user space at fill time: after translate, the start colour moves too.
        let c = try S.context(100, 4)
        var g = LinearGradient(x0: 0, y0: 0, x1: 50, y1: 0)
        g.addColorStop(0, S.red)
        g.addColorStop(1, S.blue)
        c.fillStyle = .linearGradient(g)
        c.translate(50, 0)
        c.fillRect(0, 0, 50, 4)
        let bm = c.surface.bitmap()
        #expect(bm.color(x: 50, y: 1).r >= 245 && bm.color(x: 99, y: 1).b >= 245)
    }

    @Test func drawImageScalesWithNearestWhenSmoothingIsOff() throws {
        let c = try S.context(8, 8)
        let img = CanvasImage(bitmap: Bitmap(width: 2, height: 1, straightRGBA: [255, 0, 0, 255, 0, 0, 255, 255]))
        c.imageSmoothingEnabled = false
        c.drawImage(img, 0, 0, 8, 4)
        let bm = c.surface.bitmap()
        #expect(
            bm.color(x: 0, y: 0) == S.red && bm.color(x: 3, y: 3) == S.red && bm.color(x: 4, y: 0) == S.blue
                && bm.color(x: 7, y: 3) == S.blue)
        #expect(bm.color(x: 0, y: 4) == .transparent)
    }

    @Test func loadImageUsesAssetDensity() throws {
        let f = ContextFactory(displayScale: 3, assets: S.assets)
        let img = try f.loadImage("photo@2x.png")
        #expect(img.width == 200 && img.height == 150)
        #expect(throws: (any Error).self) { try f.loadImage("../README.md") }
    }

    @Test func packedImageIsStraightRGBA8() throws {
        let c = try S.context(2, 1)
        c.fillStyle = .color(Color(r: 255, g: 0, b: 0, a: 128))
        c.fillRect(0, 0, 1, 1)
        let p = c.surface.createPackedImage()
        #expect(p.format == .RGBA8 && p.width == 2 && p.height == 1 && p.levels == 1)
        #expect(p.data == [255, 0, 0, 128, 0, 0, 0, 0])
    }

    @Test func singularTransformDrawsNothing() throws {
        let c = try S.context(4, 4)
        c.scale(0, 1)
        c.fillRect(0, 0, 4, 4)
        c.resetTransform()
        c.fillRect(0, 0, 1, 1)  // the context still works
        #expect(c.surface.bitmap().inkCount(0, 0, 4, 4) == 1)
    }
}

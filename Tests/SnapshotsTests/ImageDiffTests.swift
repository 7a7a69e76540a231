import Primitives
import Testing

@testable import RenderPipeline
@testable import Snapshots

/// The comparator blurs and compares only around the changed pixels; it must give exactly what the
/// whole-image measure (compare-png's: composite over white, 3x3 box blur, largest channel difference
/// over the threshold) gives, which this file computes the plain way.
struct ImageDiffTests {
    struct Rng {
        var s: UInt64
        mutating func next(_ n: Int) -> Int {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((s >> 33) % UInt64(n))
        }
    }

    func reference(_ a: Bitmap, _ b: Bitmap, threshold: Int) -> (bad: Int, sum: Int, mask: [Bool]) {
        let w = a.width
        let h = a.height
        func rgb(_ m: Bitmap, _ x: Int, _ y: Int, _ c: Int) -> Int {
            let i = (y * w + x) * 4
            return min(255, Int(m.pixels[i + 2 - c]) + 255 - Int(m.pixels[i + 3]))
        }
        func blur(_ m: Bitmap, _ x: Int, _ y: Int, _ c: Int) -> Int {
            var s = 0
            var n = 0
            for yy in max(0, y - 1)...min(h - 1, y + 1) {
                for xx in max(0, x - 1)...min(w - 1, x + 1) {
                    s += rgb(m, xx, yy, c)
                    n += 1
                }
            }
            return s / n
        }
        var bad = 0
        var sum = 0
        var mask = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var m = 0
                for c in 0..<3 {
                    m = max(m, abs(blur(a, x, y, c) - blur(b, x, y, c)))
                    sum += abs(rgb(a, x, y, c) - rgb(b, x, y, c))
                }
                if m > threshold {
                    bad += 1
                    mask[y * w + x] = true
                }
            }
        }
        return (bad, sum, mask)
    }

    @Test(arguments: [(0, 0, 3, 2), (17, 9, 6, 5), (28, 20, 4, 4), (0, 0, 32, 24), (31, 23, 1, 1), (10, 0, 1, 24)])
    func matchesTheWholeImageMeasure(x: Int, y: Int, w: Int, h: Int) {
        var rng = Rng(s: UInt64(x * 131 + y * 7 + w))
        var a = Bitmap(width: 32, height: 24)
        for i in 0..<a.pixels.count { a.pixels[i] = UInt8(rng.next(256)) }
        for i in stride(from: 3, to: a.pixels.count, by: 4) { a.pixels[i] = 255 }
        var b = a
        for yy in y..<(y + h) {
            for xx in x..<(x + w) {
                let i = (yy * 32 + xx) * 4
                b.pixels[i] = UInt8(rng.next(256))
                b.pixels[i + 1] = 255 &- b.pixels[i + 1]
            }
        }
        let expected = reference(a, b, threshold: 40)
        let d = ImageDiff.compare(a, b, threshold: 40)!
        #expect(d.mask == expected.mask)
        #expect(d.mismatch == Double(expected.bad) / Double(32 * 24))
        #expect(d.meanDifference == Double(expected.sum) / Double(32 * 24 * 3))
        #expect(expected.bad > 0)
    }

    @Test func diffPanelMarksChangesInMagentaOverGrey() {
        var a = Bitmap(width: 8, height: 8)
        for i in 0..<a.pixels.count { a.pixels[i] = 255 }
        var b = a
        for yy in 2..<6 {
            for xx in 2..<6 {
                let i = (yy * 8 + xx) * 4
                b.pixels[i] = 0
                b.pixels[i + 1] = 0
            }
        }  // red square
        let d = ImageDiff.compare(a, b)
        let c = ImageDiff.composite(expected: a, actual: b, diff: d)
        #expect(c.width == 8 * 3 + 8)
        func px(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * c.width + x) * 4
            return Array(c.pixels[i..<(i + 3)])
        }
        #expect(px(8 + 4 + 3, 3) == [255, 0, 255])  // changed: magenta (BGR)
        #expect(px(8 + 4 + 0, 0) == [255, 255, 255])  // unchanged white stays light
        #expect(px(2 * 8 + 8 + 3, 3) == [0, 0, 255])  // actual panel: red
    }
}

/// The failure image names its panels in a header drawn with the bundled fonts.
struct DiffImageTests {
    @Test func headerNamesThePanels() throws {
        var a = Bitmap(width: 400, height: 200)
        for i in 0..<a.pixels.count { a.pixels[i] = 255 }
        var b = a
        for i in stride(from: 0, to: 400 * 50 * 4, by: 4) { b.pixels[i] = 0 }
        let image = DiffImage.labelled(
            expected: a, actual: b, diff: ImageDiff.compare(a, b), fontsDirectory: Support.fonts)
        #expect(image.width == 400 * 3 + 8 && image.height == 200 + 30)
        func px(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<(i + 3)])
        }
        #expect(px(2, 2) == [0x38, 0x32, 0x26])  // header background #263238 (BGR)
        // Each panel's title is drawn: light text pixels in the middle of each header panel.
        for panel in 0..<3 {
            let x0 = panel * 404 + 100
            let x1 = panel * 404 + 300
            #expect((x0..<x1).contains { x in (8..<24).contains { y in px(x, y)[0] > 200 } })
        }
        #expect(px(404 + 10, 30 + 10) == [255, 0, 255])  // changed pixel in the diff panel: magenta
    }
}

import CairoFonts
import Foundation
import PNG
import Primitives
import Testing

/// PNG decoding through libpng: sizes, every colour type to premultiplied BGRA, and bad input.
struct PNGDecodeTests {
    var testPNG: [UInt8] {
        get throws { [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestBuffers.examplesAssets + "/test.png"))) }
    }

    @Test func sizeAndDecodeOfExampleAsset() throws {
        let data = try testPNG
        #expect(PNGCodec.size(of: data)! == (72, 72))
        let bm = try PNGCodec.decode(data)
        #expect(bm.width == 72 && bm.height == 72 && bm.pixels.count == 72 * 72 * 4)
    }

    @Test func truncatedPNGIsAnError() throws {
        let data = try testPNG
        for cut in [10, 30, data.count / 2, data.count - 13] {
            #expect(throws: PNGError.self) { try PNGCodec.decode(Array(data.prefix(cut))) }
        }
    }

    @Test func corruptDataIsAnError() throws {
        var data = try testPNG
        data[data.count / 2] ^= 0xff  // breaks the IDAT CRC / deflate stream
        #expect(throws: PNGError.self) { try PNGCodec.decode(data) }
        #expect(throws: PNGError.self) { try PNGCodec.decode(Array("not a png at all, just some text".utf8)) }
        #expect(PNGCodec.size(of: [1, 2, 3]) == nil)
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() {
        // Header claims 60000 x 60000; no pixel data at all.
        let png = TestBuffers.png(width: 60000, height: 60000, bitDepth: 8, colorType: 6, rows: [])
        let e = #expect(throws: PNGError.self) { try PNGCodec.decode(png) }
        #expect("\(e!)".contains("too large"))
        let small = TestBuffers.png(
            width: 20, height: 20, bitDepth: 8, colorType: 0,
            rows: Array(repeating: [UInt8](repeating: 0, count: 20), count: 20))
        #expect(throws: PNGError.self) { try PNGCodec.decode(small, maxPixels: 100) }
    }

    @Test func rgbaIsPremultiplied() throws {
        let png = TestBuffers.png(
            width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [[255, 0, 0, 128, 0, 0, 255, 255]])
        let bm = try PNGCodec.decode(png)
        #expect(bm.pixels == [0, 0, 128, 128, 255, 0, 0, 255])
    }

    @Test func greyAndGreyAlpha() throws {
        let g = try PNGCodec.decode(TestBuffers.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 200]]))
        #expect(g.color(x: 1, y: 0) == Color(r: 200, g: 200, b: 200))
        let ga = try PNGCodec.decode(TestBuffers.png(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[100, 0]]))
        #expect(ga.pixels == [0, 0, 0, 0])
        // 1-bit grey: 0b10 packs pixel 0 white, pixel 1 black.
        let bit = try PNGCodec.decode(
            TestBuffers.png(width: 2, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1000_0000]]))
        #expect(bit.color(x: 0, y: 0) == .white && bit.color(x: 1, y: 0) == .black)
    }

    @Test func paletteWithTransparency() throws {
        let plte: [UInt8] = [255, 0, 0, 0, 255, 0]
        let png = TestBuffers.png(
            width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1]],
            chunks: [("PLTE", plte), ("tRNS", [0])])
        let bm = try PNGCodec.decode(png)
        #expect(bm.pixels[0..<4] == [0, 0, 0, 0])
        #expect(bm.color(x: 1, y: 0) == Color(r: 0, g: 255, b: 0))
    }

    @Test func sixteenBitRGB() throws {
        let png = TestBuffers.png(
            width: 1, height: 1, bitDepth: 16, colorType: 2, rows: [[0xff, 0xff, 0x80, 0x00, 0, 0]])
        let c = try PNGCodec.decode(png).color(x: 0, y: 0)
        #expect(c.r == 255 && c.b == 0 && c.a == 255 && (127...129).contains(c.g))
    }

    @Test func rgbWithTRNSColourKey() throws {
        let png = TestBuffers.png(
            width: 2, height: 1, bitDepth: 8, colorType: 2, rows: [[1, 2, 3, 4, 5, 6]],
            chunks: [("tRNS", [0, 1, 0, 2, 0, 3])])
        let bm = try PNGCodec.decode(png)
        #expect(bm.color(x: 0, y: 0) == .transparent)
        #expect(bm.color(x: 1, y: 0) == Color(r: 4, g: 5, b: 6))
    }
}

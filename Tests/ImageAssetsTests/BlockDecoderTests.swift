import Primitives
import SessionFormat
import Testing

@testable import ImageAssets

/// Block-compressed formats: hand-assembled blocks with known end points and indices.
struct BlockDecoderTests {
    func decode(_ f: PixelFormat, _ bytes: [UInt8], w: Int = 4, h: Int = 4) throws -> Bitmap {
        try PackedImageDecoder.decode(PackedImage(format: f, width: w, height: h, data: bytes))
    }

    @Test func dxt1FourColourBlock() throws {
        // c0 = red 0xF800 > c1 = blue 0x001F; texels 0..3 use indices 0, 1, 2, 3, the rest 0.
        let bm = try decode(.RGB_DXT1, TestBuffers.words([0xF800, 0x001F]) + [0b11_10_01_00, 0, 0, 0])
        #expect(bm.color(x: 0, y: 0) == Color(r: 255, g: 0, b: 0))
        #expect(bm.color(x: 1, y: 0) == Color(r: 0, g: 0, b: 255))
        #expect(bm.color(x: 2, y: 0) == Color(r: 170, g: 0, b: 85))
        #expect(bm.color(x: 3, y: 0) == Color(r: 85, g: 0, b: 170))
        #expect(bm.color(x: 3, y: 3) == Color(r: 255, g: 0, b: 0))
    }

    @Test func dxt1ThreeColourBlockIsOpaque() throws {
        // c0 = blue <= c1 = red: index 2 is the midpoint, index 3 opaque black (RGB variant).
        let bm = try decode(.RGB_DXT1, TestBuffers.words([0x001F, 0xF800]) + [0b11_10_00_00, 0, 0, 0])
        #expect(bm.color(x: 2, y: 0) == Color(r: 127, g: 0, b: 127))
        #expect(bm.color(x: 3, y: 0) == .black)
    }

    @Test func dxt1PartialBlocksAreCropped() throws {
        // 6 x 2: two blocks side by side, green then red.
        let green = TestBuffers.words([0x07E0, 0x0000]) + [0, 0, 0, 0]
        let red = TestBuffers.words([0xF800, 0x0000]) + [0, 0, 0, 0]
        let bm = try decode(.RGB_DXT1, green + red, w: 6, h: 2)
        #expect(bm.width == 6 && bm.height == 2)
        #expect(bm.color(x: 3, y: 1) == Color(r: 0, g: 255, b: 0))
        #expect(bm.color(x: 4, y: 0) == Color(r: 255, g: 0, b: 0))
    }

    @Test func dxt5AlphaBlock() throws {
        // Alpha a0 = 255 > a1 = 0: texel 0 index 0 (255), texel 1 index 1 (0), texel 2 index 2 (6/7).
        let alpha: [UInt8] = [255, 0, 0b10_001_000, 0, 0, 0, 0, 0]
        let colour = TestBuffers.words([0xFFFF, 0x0000]) + [0, 0, 0, 0]
        let bm = try decode(.RGBA_DXT5, alpha + colour)
        #expect(bm.color(x: 0, y: 0) == .white)
        #expect(bm.color(x: 1, y: 0).a == 0)
        #expect(bm.pixels[8 + 3] == 219)
    }

    @Test func rgtc1IsGreyAndRgtc2IsRedGreen() throws {
        // v0 = 200 > v1 = 100; texel 1 index 1, texel 2 index 7 (1/7 of the way ... 6/7 -> (1*200+6*100+3)/7).
        let red: [UInt8] = [200, 100, 0b11_001_000, 0b1, 0, 0, 0, 0]
        let grey = try decode(.RED_RGTC1, red)
        #expect(grey.color(x: 0, y: 0) == Color(r: 200, g: 200, b: 200))
        #expect(grey.color(x: 1, y: 0) == Color(r: 100, g: 100, b: 100))
        #expect(grey.color(x: 2, y: 0) == Color(r: 114, g: 114, b: 114))
        let green: [UInt8] = [50, 60, 0, 0, 0, 0, 0, 0]
        let rg = try decode(.RG_RGTC2, red + green)
        #expect(rg.color(x: 0, y: 0) == Color(r: 200, g: 50, b: 0))
    }

    @Test func rgtcSixValueModeHasZeroAndFull() throws {
        // v0 = 10 <= v1 = 20: index 6 = 0, index 7 = 255.
        let b: [UInt8] = [10, 20, 0b00_111_110, 0, 0, 0, 0, 0]
        let bm = try decode(.RED_RGTC1, b)
        #expect(bm.color(x: 0, y: 0) == .black)
        #expect(bm.color(x: 1, y: 0) == .white)
    }

    @Test func etc1IndividualMode() throws {
        // Base 1 (left 2x4) = red 0xF,0,0; base 2 (right) = blue 0,0,0xF; tables 0 ([2, 8, -2, -8]);
        // diff 0, flip 0. Pixel (0,0) (k = 0) has code 3 (-8); (0,1) (k = 1) code 1 (+8); others code 0 (+2).
        let hi: [UInt8] = [0xF0, 0x00, 0x0F, 0b000_000_0_0]
        let lo: [UInt8] = [0x00, 0x01, 0x00, 0x03]
        let bm = try decode(.RGB_ETC1, hi + lo)
        #expect(bm.color(x: 0, y: 0) == Color(r: 247, g: 0, b: 0))
        #expect(bm.color(x: 0, y: 1) == Color(r: 255, g: 8, b: 8))
        #expect(bm.color(x: 1, y: 3) == Color(r: 255, g: 2, b: 2))
        #expect(bm.color(x: 2, y: 0) == Color(r: 2, g: 2, b: 255))
        #expect(bm.color(x: 3, y: 3) == Color(r: 2, g: 2, b: 255))
    }

    @Test func etc1DifferentialFlippedMode() throws {
        // R = 31, dR = -4 -> 27; G = 0, B = 0; table 1 = 7 ([47, 183, ...]) top, table 2 = 0 bottom;
        // diff 1, flip 1: the top 4x2 uses base 1, the bottom 4x2 base 2. All codes 0.
        let hi: [UInt8] = [0b11111_100, 0x00, 0x00, 0b111_000_1_1]
        let bm = try decode(.RGB_ETC1, hi + [0, 0, 0, 0])
        #expect(bm.color(x: 3, y: 1) == Color(r: 255, g: 47, b: 47))
        #expect(bm.color(x: 0, y: 2) == Color(r: 224, g: 2, b: 2))  // 27 -> 222, + 2
    }
}

import Primitives
import SessionFormat
import Testing

@testable import ImageAssets

/// Every uncompressed InternalFormat decodes hand-packed pixels exactly (straight alpha in,
/// premultiplied out; `Bitmap.color` un-premultiplies for the comparison).
struct PackedImageDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var format: PixelFormat
        var bytes: [UInt8]
        var expected: [Color]
        var testDescription: String { format.name }
    }

    static let cases: [Case] = [
        Case(
            format: .RGBA8, bytes: [255, 0, 0, 255, 10, 20, 30, 255],
            expected: [Color(r: 255, g: 0, b: 0), Color(r: 10, g: 20, b: 30)]),
        Case(
            format: .RGB8, bytes: [1, 2, 3, 0, 200, 100, 50, 7],
            expected: [Color(r: 1, g: 2, b: 3), Color(r: 200, g: 100, b: 50)]),
        Case(
            format: .RGB565, bytes: TestBuffers.words([0xF800, 0x07E0, 0x001F, 0xFFFF]),
            expected: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255), .white]),
        Case(
            format: .RGBA4, bytes: TestBuffers.words([0xF00F, 0x0F0F, 0x00FF, 0x888F]),
            expected: [
                Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255),
                Color(r: 136, g: 136, b: 136),
            ]),
        Case(
            format: .RGB555, bytes: TestBuffers.words([0x7C00, 0x03E0, 0x001F, 0x8000]),
            expected: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255), .black]),
        Case(
            format: .RGBA5551, bytes: TestBuffers.words([0xF801, 0x07C1, 0x003F, 0xFFFE]),
            expected: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255), .transparent]),
        Case(format: .R8, bytes: [0, 128], expected: [.black, Color(r: 128, g: 128, b: 128)]),
        Case(format: .RG8, bytes: [10, 20, 255, 0], expected: [Color(r: 10, g: 20, b: 0), Color(r: 255, g: 0, b: 0)]),
        Case(
            format: .LUMINANCE_ALPHA, bytes: [200, 255, 90, 0],
            expected: [Color(r: 200, g: 200, b: 200), .transparent]),
        Case(format: .LA44, bytes: [0xF0 | 0xF, 0x80 | 0x0], expected: [.white, .transparent]),
        Case(
            format: .R32F, bytes: TestBuffers.floats([0.5, 2, -1, 1]),
            expected: [Color(r: 128, g: 128, b: 128), .white, .black, .white]),
    ]

    @Test(arguments: cases)
    func decodesKnownPixels(_ c: Case) throws {
        let bm = try PackedImageDecoder.decode(
            PackedImage(format: c.format, width: c.expected.count, height: 1, data: c.bytes))
        #expect(bm.width == c.expected.count && bm.height == 1)
        #expect((0..<c.expected.count).map { bm.color(x: $0, y: 0) } == c.expected)
    }

    @Test func straightAlphaIsPremultiplied() throws {
        let bm = try PackedImageDecoder.decode(
            PackedImage(format: .RGBA8, width: 1, height: 1, data: [255, 0, 0, 128]))
        #expect(bm.pixels == [0, 0, 128, 128])  // B, G, R, A premultiplied
        let la = try PackedImageDecoder.decode(PackedImage(format: .LA44, width: 1, height: 1, data: [0xF8]))
        #expect(la.pixels == [136, 136, 136, 136])
    }

    @Test func rowsAreLaidOutWithoutPadding() throws {
        // 3 x 2 R8: row 1 starts at byte 3.
        let bm = try PackedImageDecoder.decode(
            PackedImage(format: .R8, width: 3, height: 2, data: [0, 0, 0, 255, 0, 0]))
        #expect(bm.color(x: 0, y: 1) == .white)
        #expect(bm.color(x: 2, y: 0) == .black)
    }

    @Test func extraMipLevelsAreIgnored() throws {
        let data = TestBuffers.words([0xF800, 0xF800, 0xF800, 0xF800]) + TestBuffers.words([0x001F])
        let bm = try PackedImageDecoder.decode(PackedImage(format: .RGB565, width: 2, height: 2, levels: 2, data: data))
        #expect(bm.color(x: 1, y: 1) == Color(r: 255, g: 0, b: 0))
    }

    @Test func shortDataNamesExpectedAndActualBytes() {
        let e = #expect(throws: ImageError.self) {
            try PackedImageDecoder.decode(
                PackedImage(format: .RGB565, width: 4, height: 4, data: [UInt8](repeating: 0, count: 31)))
        }
        #expect(e?.message.contains("32") == true && e?.message.contains("31") == true)
        let b = #expect(throws: ImageError.self) {
            // 5 x 3 DXT1 = 2 x 1 blocks = 16 bytes.
            try PackedImageDecoder.decode(
                PackedImage(format: .RGB_DXT1, width: 5, height: 3, data: [UInt8](repeating: 0, count: 8)))
        }
        #expect(b?.message.contains("16") == true)
    }

    @Test(arguments: [(0, 4), (4, 0), (8193, 1), (1, 9000)])
    func badSizesAreErrors(_ size: (Int, Int)) {
        #expect(throws: ImageError.self) {
            try PackedImageDecoder.decode(
                PackedImage(format: .R8, width: size.0, height: size.1, data: [UInt8](repeating: 0, count: 64)))
        }
    }

    @Test func noFormatAndFileOnlyAreErrors() {
        #expect(throws: ImageError.self) {
            try PackedImageDecoder.decode(PackedImage(format: .NO_FORMAT, width: 1, height: 1, data: [0, 0, 0, 0]))
        }
        #expect(throws: ImageError.self) {
            try PackedImageDecoder.decode(PackedImage(format: .RGBA8, width: 1, height: 1, file: "a.png"))
        }
    }

    @Test func levelZeroByteCounts() {
        #expect(PackedImageDecoder.level0ByteCount(.RGB8, width: 3, height: 3) == 36)
        #expect(PackedImageDecoder.level0ByteCount(.RGB_ETC1, width: 5, height: 5) == 32)
        #expect(PackedImageDecoder.level0ByteCount(.RGBA_DXT5, width: 4, height: 8) == 32)
        #expect(PackedImageDecoder.level0ByteCount(.RG_RGTC2, width: 1, height: 1) == 16)
        #expect(PackedImageDecoder.level0ByteCount(.NO_FORMAT, width: 1, height: 1) == nil)
    }
}

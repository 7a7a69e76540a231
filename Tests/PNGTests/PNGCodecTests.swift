import CZlib
import PNG
import Primitives
import Testing

// The PNG codec on its own: known pixels through the encoders and back through the decoder, the
// stream's framing, and headers that must be refused before anything is allocated.

/// A 5 x 3 premultiplied BGRA picture of known pixels: opaque colours and fully transparent ones
/// (those survive the straight-RGBA round trip exactly).
private func knownBitmap() -> Bitmap {
    let pixels: [[UInt8]] = [
        [0, 0, 255, 255], [0, 255, 0, 255], [255, 0, 0, 255], [255, 255, 255, 255], [0, 0, 0, 0],
        [17, 34, 51, 255], [0, 0, 0, 255], [0, 0, 0, 0], [200, 100, 50, 255], [1, 2, 3, 255],
        [9, 9, 9, 255], [9, 9, 9, 255], [9, 9, 9, 255], [0, 0, 0, 0], [128, 64, 32, 255],
    ]
    return Bitmap(width: 5, height: 3, pixels: pixels.flatMap { $0 })
}

private func be32(_ v: Int) -> [UInt8] {
    [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
}

/// A PNG signature and IHDR chunk of the given size (CRC computed), then `rest`.
private func header(width: Int, height: Int, rest: [UInt8] = []) -> [UInt8] {
    let body = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    let crc = body.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, UInt32($0.count))) }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + body + be32(crc) + rest
}

@Test(arguments: [0, 1, 6, 9])
func knownPixelsComeBackExactly(level: Int) throws {
    let bitmap = knownBitmap()
    let png = try PNGCodec.encode(bitmap, compressionLevel: level)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(PNGCodec.size(of: png)! == (5, 3))
    // The stream ends with IEND and its fixed CRC.
    #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    let back = try PNGCodec.decode(png)
    #expect(back.width == 5 && back.height == 3)
    #expect(back.pixels == bitmap.pixels)
}

@Test func theSameBitmapGivesTheSameBytes() throws {
    let a = try PNGCodec.encode(knownBitmap())
    let b = try PNGCodec.encode(knownBitmap())
    #expect(a == b)
}

@Test func anAnimationStoresItsFirstFrameAsTheStillImage() throws {
    var bytes: [UInt8] = []
    let first = knownBitmap()
    var second = first
    second.pixels[0] = 0
    let writer = try APNGWriter(width: 5, height: 3, frameCount: 2) { bytes += $0 }
    try writer.addFrame(first, delayMs: 16)
    try writer.addFrame(second, delayMs: 16)
    try writer.finish()
    let text = String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x2E }, as: UTF8.self)
    #expect(text.contains("acTL") && text.contains("fcTL") && text.contains("fdAT"))
    // Viewers without APNG (and libpng) show the first frame.
    #expect(try PNGCodec.decode(bytes).pixels == first.pixels)
    #expect(throws: PNGError.self) { try writer.addFrame(first, delayMs: 16) }
}

@Test func hostileHeadersAreRefusedWithTheirReason() throws {
    func message(_ data: [UInt8], maxPixels: Int = PNGCodec.maxDecodedPixels) -> String {
        do {
            _ = try PNGCodec.decode(data, maxPixels: maxPixels)
            return "decoded"
        } catch { return "\(error)" }
    }
    #expect(message([0x89, 0x50, 0x4E, 0x47, 0x0D]) == "png: not a PNG (only 5 bytes)")
    #expect(message(Array(repeating: 0x41, count: 64)) == "png: not a PNG (bad signature or header)")
    #expect(
        message(header(width: 60000, height: 60000))
            == "png: image of 60000x60000 pixels is too large (limit 40000000 pixels, 8192 per side)")
    #expect(
        message(header(width: 100, height: 100), maxPixels: 100)
            == "png: image of 100x100 pixels is too large (limit 100 pixels, 8192 per side)")
    #expect(PNGCodec.size(of: header(width: 0, height: 5)) == nil)
    // A header that fits, then no image data: libpng's own reason, never a crash.
    #expect(message(header(width: 4, height: 4)).hasPrefix("png: "))
    // Cut anywhere, a valid file is an error, not a crash.
    let png = try PNGCodec.encode(knownBitmap())
    for cut in stride(from: 0, to: png.count - 12, by: 7) {
        #expect(message(Array(png.prefix(cut))).hasPrefix("png: "))
    }
}

@Test func encoderArgumentsOutsideTheirRangeAreErrors() {
    #expect(throws: PNGError.self) { try PNGCodec.encode(knownBitmap(), compressionLevel: 12) }
    do {
        _ = try PNGCodec.encode(knownBitmap(), compressionLevel: -1)
    } catch { #expect("\(error)" == "png: compression level -1 is not in 0...9") }
}

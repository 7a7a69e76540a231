import CZlib
import CairoFonts
import Compositing
import PNG
import Primitives
import Testing

/// Decodes what our encoder writes (8-bit RGB/RGBA, no interlace) with zlib's inflate: chunks,
/// CRCs, filters and pixels all checked without trusting the encoder's own code.
private struct MiniPNG {
    var width = 0, height = 0, colorType: UInt8 = 0
    var chunkTypes: [String] = []
    var rgba: [UInt8] = []

    init(_ data: [UInt8]) throws {
        #expect(Array(data[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var i = 8
        var idat: [UInt8] = []
        func u32(_ o: Int) -> Int {
            Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
        }
        while i < data.count {
            let len = u32(i)
            let type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(data[(i + 8)..<(i + 8 + len)])
            let crc = data[(i + 4)..<(i + 8 + len)].withContiguousStorageIfAvailable {
                UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
            }!
            #expect(UInt32(u32(i + 8 + len)) == crc, "CRC of \(type)")
            chunkTypes.append(type)
            if type == "IHDR" {
                width = u32(i + 8)
                height = u32(i + 12)
                colorType = body[9]
                #expect(body[8] == 8)
            }
            if type == "IDAT" { idat += body }
            i += 12 + len
        }
        let channels = colorType == 2 ? 3 : 4
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var size = uLongf(raw.count)
        let rc = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { src in
                uncompress(out.baseAddress, &size, src.baseAddress, uLong(src.count))
            }
        }
        #expect(rc == Z_OK && Int(size) == raw.count)
        var prev = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let f = raw[y * (stride + 1)]
            var row = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0
                let b = Int(prev[x])
                let c = x >= channels ? Int(prev[x - channels]) : 0
                let p = a + b - c
                let pa = abs(p - a)
                let pb = abs(p - b)
                let pc = abs(p - c)
                let pred: Int
                switch f {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) / 2
                default: pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                }
                row[x] = UInt8(truncatingIfNeeded: Int(row[x]) + pred)
            }
            for x in 0..<width {
                rgba += row[(x * channels)..<(x * channels + 3)]
                rgba.append(channels == 4 ? row[x * channels + 3] : 255)
            }
            prev = row
        }
    }
}

/// A 37 x 23 test image: gradients and a translucent band, straight RGBA.
private func sample(opaque: Bool) -> (Bitmap, [UInt8]) {
    var rgba: [UInt8] = []
    for y in 0..<23 {
        for x in 0..<37 {
            rgba += [UInt8(x * 7 % 256), UInt8(y * 11 % 256), UInt8((x * y) % 256), opaque || y < 10 ? 255 : 0x80]
        }
    }
    return (Bitmap(width: 37, height: 23, straightRGBA: rgba), rgba)
}

@Test(arguments: [0, 1, 6, 9])
func encodedPNGDecodesToTheSamePixels(level: Int) throws {
    let (bitmap, _) = sample(opaque: true)
    let png = try MiniPNG(try PNGCodec.encode(bitmap, compressionLevel: level))
    #expect(png.width == 37 && png.height == 23)
    #expect(png.colorType == 2)  // opaque: RGB
    #expect(png.chunkTypes.first == "IHDR" && png.chunkTypes.last == "IEND")
    #expect(Set(png.chunkTypes) == ["IHDR", "IDAT", "IEND"])  // no time or text chunks
    var expected: [UInt8] = []
    for y in 0..<23 {
        for x in 0..<37 {
            let c = bitmap.color(x: x, y: y)
            expected += [c.r, c.g, c.b, c.a]
        }
    }
    #expect(png.rgba == expected)
}

@Test func translucentPixelsGiveRGBAWithStraightAlpha() throws {
    let (bitmap, _) = sample(opaque: false)
    let png = try MiniPNG(try PNGCodec.encode(bitmap, compressionLevel: 9))
    #expect(png.colorType == 6)
    var expected: [UInt8] = []
    for y in 0..<23 {
        for x in 0..<37 {
            let c = bitmap.color(x: x, y: y)
            expected += [c.r, c.g, c.b, c.a]
        }
    }
    #expect(png.rgba == expected)
    // Un-premultiplied: a half-transparent pure red pixel reads back as full red.
    let red = try MiniPNG(try PNGCodec.encode(Bitmap(width: 1, height: 1, straightRGBA: [255, 0, 0, 128])))
    #expect(red.rgba == [255, 0, 0, 128])
}

@Test func encodingIsDeterministicAndHigherLevelsAreSmaller() throws {
    var rgba: [UInt8] = []
    for y in 0..<200 { for x in 0..<300 { rgba += [UInt8(x % 256), UInt8(y % 256), 128, 255] } }
    let bitmap = Bitmap(width: 300, height: 200, straightRGBA: rgba)
    let a = try PNGCodec.encode(bitmap)
    let b = try PNGCodec.encode(bitmap)
    #expect(a == b)
    let best = try PNGCodec.encode(bitmap, compressionLevel: 9)
    #expect(best.count < a.count)
    #expect(throws: PNGError.self) { try PNGCodec.encode(bitmap, compressionLevel: 12) }
}

@Test func chunkWriterAppendsLengthTypeDataAndCRC() {
    var w = PNGChunkWriter(signature: false)
    w.append("IEND")
    #expect(w.bytes == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])  // the well-known IEND
}

@Test func boxBlurApproximatesAGaussian() throws {
    #expect(BlurMask.boxes(sigma: 2) == [.init(low: -2, high: 1), .init(low: -1, high: 2), .init(low: -2, high: 2)])
    #expect(BlurMask.boxes(sigma: 2.7).allSatisfy { $0 == .init(low: -2, high: 2) })  // d = 5, odd
    #expect(BlurMask.boxes(sigma: 0.2).isEmpty)
    // A single bright pixel spreads symmetrically and keeps (about) its total.
    let m = try CairoMask(width: 41, height: 41)
    m.withPixels { p, stride in p[20 * stride + 20] = 255 }
    BlurMask.gaussian(m, sigma: 3)
    var total = 0
    var left = 0
    var right = 0
    m.withPixels { p, stride in
        for y in 0..<41 { for x in 0..<41 { total += Int(p[y * stride + x]) } }
        left = Int(p[20 * stride + 15])
        right = Int(p[20 * stride + 25])
    }
    #expect(left == right && left > 0)
    #expect(abs(total - 255) < 60)  // rounding in each pass loses a little
}

import CZlib
import Primitives
import Testing

@testable import PNG

/// Pictures that stress each path of the level-1 encoder (literal runs, runs along the row and from
/// above, the Adler-32 summed while coding, rows too wide to match a row back, several bands, codes
/// from a sample of rows that misses symbols of the other rows):
/// zlib inflates every stream (checking its Adler-32) to the exact rows, and the bytes are the same
/// with one thread and with two.
private func inflated(_ stream: [UInt8], count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    var size = uLongf(count)
    let rc = out.withUnsafeMutableBufferPointer { o in
        stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &size, s.baseAddress, uLong(s.count)) }
    }
    return rc == Z_OK && Int(size) == count ? out : nil
}

/// The raw PNG rows (filter byte 0, then R G B, or R G B A from straight RGBA words).
private func rows(_ words: [UInt32], width: Int, height: Int, rgba: Bool) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(height * (width * 4 + 1))
    for y in 0..<height {
        out.append(0)
        for v in words[(y * width)..<((y + 1) * width)] {
            if rgba {
                out += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
            } else {
                out += [UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
            }
        }
    }
    return out
}

private struct Picture: CustomTestStringConvertible, Sendable {
    let name: String
    let width: Int
    let height: Int
    let rgba: Bool
    let words: [UInt32]
    var testDescription: String { "\(name) \(width)x\(height)\(rgba ? " RGBA" : "")" }

    init(_ name: String, _ width: Int, _ height: Int, rgba: Bool = false, _ pixel: (Int, Int, inout UInt32) -> UInt32) {
        self.name = name
        self.width = width
        self.height = height
        self.rgba = rgba
        var state: UInt32 = 12345
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                var r = state
                let v = pixel(x, y, &r)
                words.append(rgba ? v : v | 0xFF00_0000)
            }
        }
        self.words = words
    }
}

private let pictures: [Picture] = [
    Picture("noise", 613, 431) { _, _, r in r >> 5 },
    Picture("one colour", 1170, 900) { _, _, _ in 0xF2F2F7 },
    Picture("1x1", 1, 1) { _, _, _ in 0x123456 },
    // Text-like: a light page with sparse dark strokes and anti-aliased edges, and a row repeated.
    Picture("sparse strokes", 800, 700) { x, y, r in
        let stroke = (x / 3 + y / 11) % 37 == 0 && y % 20 < 14
        if stroke { return r % 3 == 0 ? 0x202020 : 0x202020 + (r >> 24) }
        return y % 90 < 30 ? 0xFFFFFF : 0x3366CC
    },
    // Rows of 36 KB: no matches a row back, runs along the row only.
    Picture("wide", 12_000, 5) { x, _, r in x % 500 < 200 ? 0xABCDEF : (x % 3 == 0 ? r >> 8 : 0x010203) },
    Picture("wide RGBA", 9_000, 3, rgba: true) { x, y, r in x % 97 < 50 ? 0x80FF_0000 : (r & 0xFF) << 24 | UInt32(y) },
    // The codes come from every 32nd row: here the sampled rows are one colour (and the first
    // rows), the others noise, so nearly every byte coded has the minimum count of the sample.
    Picture("sample misses the noise", 700, 900) { _, y, r in y % 32 == 0 || y < 40 ? 0xF2F2F7 : r >> 5 },
    Picture("sample misses the noise RGBA", 500, 700, rgba: true) { _, y, r in y % 32 == 0 ? 0xFFF2_F2F7 : r },
    // Runs along most of a row under a row of noise (the above row's sums as the whole row's minus
    // the rest), and long runs of every length.
    Picture("runs under noise", 900, 400) { x, y, r in
        y % 2 == 0 ? r >> 7 : (x < (y * 7) % 300 ? r >> 7 : 0x445566 + UInt32(y % 5))
    },
    // Varied alpha (transparent pixels are zero once un-premultiplied), runs from above included.
    Picture("alpha", 700, 800, rgba: true) { x, y, r in
        if y % 64 < 20 { return UInt32(x % 256) << 24 | 0x00_3050 }
        if (x + y) % 7 == 0 { return r }
        return x < 350 ? 0 : 0xFF10_2030
    },
]

@Test(arguments: pictures)
private func fastStreamsInflateToTheirRows(_ p: Picture) {
    let expected = rows(p.words, width: p.width, height: p.height, rgba: p.rgba)
    for workers in [1, 2] {
        let stream = p.words.withUnsafeBufferPointer {
            PNGFastDeflate.zlibStream(rgba: p.rgba, $0, width: p.width, height: p.height, workers: workers)
        }
        #expect(inflated(stream, count: expected.count) == expected, "\(workers) thread(s)")
    }
}

@Test(arguments: pictures)
private func fastStreamBytesDoNotDependOnThreads(_ p: Picture) {
    let streams = [1, 2, 3].map { workers in
        p.words.withUnsafeBufferPointer {
            PNGFastDeflate.zlibStream(rgba: p.rgba, $0, width: p.width, height: p.height, workers: workers)
        }
    }
    #expect(streams[0] == streams[1] && streams[1] == streams[2])
}

/// Through the PNG codec: an opaque frame comes back pixel for pixel, a translucent one as RGBA.
@Test func pngCodecRoundTripsAnOpaqueScreenAndFindsTranslucency() throws {
    let p = pictures[3]
    let bytes = p.words.flatMap { v in [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)] }
    var bitmap = Bitmap(width: p.width, height: p.height, pixels: bytes)
    let png = try PNGCodec.encode(bitmap)
    #expect(png[25] == 2)  // IHDR colour type: RGB
    #expect(try PNGCodec.decode(png).pixels == bytes)
    // One translucent pixel (premultiplied: colour <= alpha) makes it RGBA.
    bitmap.pixels.withUnsafeMutableBufferPointer { $0[4 * (p.width * p.height / 2) + 3] = 0x80 }
    let translucent = try PNGCodec.encode(bitmap)
    #expect(translucent[25] == 6)
}

/// The sampled codes give every literal byte and every match length a code, whatever the sample.
@Test func sampledCodesCoverEverySymbol() throws {
    let words = [UInt32](repeating: 0xFF11_2233, count: 64 * 64)
    let table = try #require(
        words.withUnsafeBufferPointer {
            SymbolSampler<OpaqueBGRA>.table(
                $0.baseAddress!, width: 64, height: 64, rowBytes: 64 * 3 + 1, opaqueOnly: true)
        })
    for s in 0..<256 { #expect((1...15).contains(table.codes[s] >> 32), "literal \(s)") }
    for l in 3...258 { #expect(table.codes[256 + l] >> 32 > 0, "length \(l)") }
    #expect(table.distCount.0 > 0 && table.distCount.1 > 0)
    // A translucent pixel in a sampled row answers the opacity question before any band is coded.
    var translucent = words
    translucent[5] = 0x8011_2233
    let none = translucent.withUnsafeBufferPointer {
        SymbolSampler<OpaqueBGRA>.table($0.baseAddress!, width: 64, height: 64, rowBytes: 64 * 3 + 1, opaqueOnly: true)
    }
    #expect(none == nil)
}

/// A translucent pixel only in rows the sample skips is still found while the bands are coded.
@Test func translucencyOutsideTheSampleIsFound() {
    var words = [UInt32](repeating: 0xFF20_3040, count: 300 * 200)
    words[33 * 300 + 17] = 0x7F10_1010
    let pieces = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBPiecesIfOpaque($0, width: 300, height: 200) }
    #expect(pieces == nil)
    words[33 * 300 + 17] = 0xFF10_1010
    let opaque = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBPiecesIfOpaque($0, width: 300, height: 200) }
    #expect(opaque != nil)
}

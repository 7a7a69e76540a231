import CZlib
import Primitives
import Testing

@testable import PNG

/// The level-1 encoder (`PNGFastDeflate`): zlib must inflate it (checking the Adler-32) to the exact
/// rows, across bands, for RGB and RGBA, and for rows too wide to match a row back.
private func inflate(_ stream: [UInt8], expected count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    var size = uLongf(count)
    let rc = out.withUnsafeMutableBufferPointer { o in
        stream.withUnsafeBufferPointer { s in
            uncompress(o.baseAddress, &size, s.baseAddress, uLong(s.count))
        }
    }
    return rc == Z_OK && Int(size) == count ? out : nil
}

/// Rows (filter byte 0, then R G B [A]) as the PNG holds them.
private func rawRows(_ words: [UInt32], width: Int, height: Int, rgba: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<height {
        out.append(0)
        for x in 0..<width {
            let v = words[y * width + x]
            out +=
                rgba
                ? [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
                : [UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
        }
    }
    return out
}

/// A screen-like picture: flat areas, vertical stripes (runs from above), noise (literals).
private func screen(width: Int, height: Int, seed: UInt32 = 7) -> [UInt32] {
    var state = seed
    return (0..<(width * height)).map { i in
        let x = i % width
        let y = i / width
        state = state &* 1_664_525 &+ 1_013_904_223
        if y % 50 < 10 { return 0xFF33_66CC }
        if x % 40 < 3 { return 0xFF00_0000 | UInt32(y % 256) }
        if (x / 7 + y / 5) % 9 == 0 { return 0xFF00_0000 | (state >> 8) }
        return 0xFFF2_F2F7
    }
}

@Test(arguments: [(1, 1), (3, 2), (300, 700), (11_000, 4)])
func fastStreamInflatesToTheRows(width: Int, height: Int) throws {
    let words = screen(width: width, height: height)
    let stream = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGB($0, width: width, height: height) }
    let expected = rawRows(words, width: width, height: height, rgba: false)
    #expect(inflate(stream, expected: expected.count) == expected)
}

@Test func fastRGBAStreamInflatesToTheRows() {
    let words = screen(width: 257, height: 300).enumerated().map {
        $0.offset % 5 == 0 ? $0.element & 0x80FF_FFFF : $0.element
    }
    let stream = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBA($0, width: 257, height: 300) }
    let expected = rawRows(words, width: 257, height: 300, rgba: true)
    #expect(inflate(stream, expected: expected.count) == expected)
}

@Test func fastStreamIsDeterministicAndCompressesScreens() {
    let words = screen(width: 1170, height: 600)
    let a = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGB($0, width: 1170, height: 600) }
    let b = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGB($0, width: 1170, height: 600) }
    #expect(a == b)
    #expect(a.count < 1170 * 600 * 3 / 5)
}

@Test func huffmanLengthsStayWithinTheLimitAndAreComplete() {
    // Fibonacci frequencies give a maximally deep tree (past 15 levels) before limiting.
    var freq = [1, 1]
    while freq.count < 30 { freq.append(freq[freq.count - 1] + freq[freq.count - 2]) }
    let lengths = DeflateHuffman.lengths(freq, maxBits: 15)
    #expect(lengths.allSatisfy { $0 >= 1 && $0 <= 15 })
    let kraft = lengths.reduce(0) { $0 + (1 << (15 - Int($1))) }
    #expect(kraft == 1 << 15)
    // Canonical codes are distinct.
    let codes = DeflateHuffman.canonicalCodes(lengths)
    #expect(Set(zip(codes, lengths).map { "\($0)/\($1)" }).count == codes.count)
}

@Test func distanceCodesFollowRFC1951() {
    let t = DeflateTables.shared
    #expect(t.distanceCode(1).code == 0 && t.distanceCode(4).code == 3)
    #expect(t.distanceCode(5) == (4, 1, 0) && t.distanceCode(8) == (5, 1, 1))
    #expect(t.distanceCode(3511) == (23, 10, 438))
    #expect(t.distanceCode(32768) == (29, 13, 8191))
    #expect(
        t.lengthSymbol[3] == 257 && t.lengthSymbol[10] == 264 && t.lengthSymbol[11] == 265 && t.lengthSymbol[258] == 285
    )
    #expect(t.lengthSymbol[257] == 284)
}

/// IDAT chunks written from the stream's pieces are the chunks of the joined stream, byte for
/// byte, wherever the pieces and the chunk limit fall (empty pieces included).
@Test func chunksFromPiecesEqualChunksOfTheJoinedStream() {
    let pieces: [[UInt8]] = [
        [0x78, 0x01], [], Array(0..<200).map { UInt8($0 & 0xff) }, [9], [], Array(repeating: 7, count: 37),
        [1, 2, 3, 4],
    ]
    let joined = pieces.flatMap { $0 }
    for limit in [1, 2, 7, 64, 243, 244, 1000] {
        var a = PNGChunkWriter(signature: false)
        var b = PNGChunkWriter(signature: false)
        a.append(type: Array("IDAT".utf8), pieces: pieces, limit: limit)
        var start = 0
        while start < joined.count {
            let end = min(joined.count, start + limit)
            b.append(type: Array("IDAT".utf8), joined[start..<end])
            start = end
        }
        #expect(a.bytes == b.bytes, "limit \(limit)")
    }
}

/// The opacity test rides on the encoder: one translucent pixel anywhere (here the last, at the end
/// of runs from above and from the left) gives nil, and an opaque picture its RGB stream.
@Test func opaqueOnlyEncodingFindsATranslucentPixel() {
    let (w, h) = (300, 700)
    var words = screen(width: w, height: h)
    let rgb = words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBPiecesIfOpaque($0, width: w, height: h) }
    #expect(rgb?.joined == words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGB($0, width: w, height: h) })
    for i in [0, w * h / 2 + 17, w * h - 1] {
        var changed = words
        changed[i] &= 0xFEFF_FFFF
        #expect(
            changed.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBPiecesIfOpaque($0, width: w, height: h) } == nil)
    }
    words[w * h - 1] = 0
    #expect(words.withUnsafeBufferPointer { PNGFastDeflate.zlibRGBPiecesIfOpaque($0, width: w, height: h) } == nil)
}

import CZlib
import Primitives
import Testing

@testable import PNG

/// Long matches (`RowWriter.match`): whole 258-byte pieces come from one code computed once, two
/// per write when they fit, and must cut a match exactly as one piece after another does (no piece
/// over 258 or under 3), for every length and for both distances of a picture's code table.
private func bits(_ write: (inout DeflateBitWriter) -> Void) -> [UInt8] {
    let capacity = 1 << 16
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: 0, count: capacity)
    var w = DeflateBitWriter(buffer, capacity: capacity)
    write(&w)
    w.alignToByte()
    return Array(UnsafeBufferPointer(start: buffer, count: w.count))
}

/// The pieces one at a time: at most 258, never leaving fewer than 3.
private func piecesOneByOne(
    _ w: inout DeflateBitWriter, _ total: Int, codes: UnsafePointer<UInt64>, dist: UInt64, distCount: Int
) {
    var left = total
    while left > 0 {
        var l = min(left, 258)
        if left - l > 0 && left - l < 3 { l = left - 3 }
        RowWriter<OpaqueBGRA>.piece(&w, l, codes: codes, dist: dist, distCount: distCount)
        left -= l
    }
}

/// A code table from a screen-like sample: long codes for rare lengths, short for common ones.
private func table(width: Int) -> DeflateCodeTable {
    var words = [UInt32](repeating: 0xFFF2_F2F7, count: width * 96)
    for i in stride(from: 0, to: words.count, by: 29) { words[i] = 0xFF00_0000 | UInt32(i & 0xFF_FFFF) }
    return words.withUnsafeBufferPointer {
        SymbolSampler<OpaqueBGRA>.table(
            $0.baseAddress!, width: width, height: 96, rowBytes: width * 3 + 1, opaqueOnly: false)!
    }
}

@Test(arguments: [40, 1170, 9000])
func longMatchesCutAsOnePieceAfterAnother(width: Int) {
    let t = table(width: width)
    let distances = [(t.distBits.0, t.distCount.0), (t.distBits.1, t.distCount.1)]
    var totals = Array(3...1100)
    totals += [2 * 258 + 2, 2 * 258 + 3, 4 * 258 + 1, 4 * 258 + 2, 4 * 258 + 3, 10_000, 123_457]
    for (dist, count) in distances {
        for total in totals {
            let fast = bits { RowWriter<OpaqueBGRA>.match(&$0, total, codes: t.codes, dist: dist, distCount: count) }
            let slow = bits { piecesOneByOne(&$0, total, codes: t.codes, dist: dist, distCount: count) }
            #expect(fast == slow, "\(total) bytes, distance bits \(count)")
        }
    }
}

/// Runs from above of every length across rows (one changed pixel per row, each further along):
/// whole-piece writes, pieces of 259 and 260 bytes (a filter byte makes any length), RGB and RGBA.
@Test(arguments: [false, true])
func runsFromAboveOfEveryLengthInflateToTheirRows(rgba: Bool) {
    let (w, h) = (173, 400)
    var words = [UInt32](repeating: rgba ? 0x80F2_F2F7 : 0xFFF2_F2F7, count: w * h)
    for y in 0..<h {
        let x = (y * y / 3 + y) % w
        words[y * w + x] = (rgba ? 0x4000_0000 : 0xFF00_0000) | UInt32(y * 2_654_435_761 & 0xFF_FFFF)
    }
    let bpp = rgba ? 4 : 3
    var expected: [UInt8] = []
    for y in 0..<h {
        expected.append(0)
        for v in words[(y * w)..<((y + 1) * w)] {
            expected +=
                rgba
                ? [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
                : [UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
        }
    }
    #expect(expected.count == h * (w * bpp + 1))
    for workers in [1, 2] {
        let stream = words.withUnsafeBufferPointer {
            PNGFastDeflate.zlibStream(rgba: rgba, $0, width: w, height: h, workers: workers)
        }
        var out = [UInt8](repeating: 0, count: expected.count)
        var size = uLongf(out.count)
        let rc = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &size, s.baseAddress, uLong(s.count)) }
        }
        #expect(rc == Z_OK && out == expected, "\(workers) thread(s)")
    }
}

/// The bands are read where the workers wrote them, in scratch kept between pictures: pictures of
/// other sizes in between (other scratch sizes, other band counts) do not change a picture's bytes.
@Test func pngBytesDoNotDependOnThePicturesEncodedBefore() throws {
    func picture(_ w: Int, _ h: Int, _ seed: UInt32) -> Bitmap {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(w * h * 4)
        for i in 0..<(w * h) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let v: UInt32 = (i / w) % 40 < 12 ? 0x3366CC : ((i % w) % 13 == 0 ? state >> 8 : 0xF2F2F7)
            bytes += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), 0xFF]
        }
        return Bitmap(width: w, height: h, pixels: bytes)
    }
    let a = picture(1170, 1400, 1)
    let first = try PNGCodec.encode(a)
    _ = try PNGCodec.encode(picture(300, 5000, 2))
    _ = try PNGCodec.encode(picture(2000, 90, 3))
    #expect(try PNGCodec.encode(a) == first)
    #expect(try PNGCodec.decode(first).pixels == a.pixels)
}

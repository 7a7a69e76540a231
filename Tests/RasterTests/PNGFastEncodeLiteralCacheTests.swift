import CZlib
import Primitives
import Testing

@testable import PNG

/// The literal pixels' cache (`LiteralCodeCache`): an entry found in a slot is the pixel's own,
/// whatever other colours took the slot before (evictions), and the codes are those of the
/// picture being encoded, not of one encoded before with other codes.

/// Colours (opaque, as the RGB encoder sees them) that all fall in one slot.
private func coloursSharingOneSlot(_ count: Int) -> [UInt32] {
    var found: [UInt32] = []
    var v: UInt32 = 0xFF00_0000
    let slot = LiteralCodeCache.slot(0xFF12_3456)
    while found.count < count {
        if LiteralCodeCache.slot(v) == slot { found.append(v) }
        v &+= 1
    }
    return found
}

/// A code table from a sample with many colours.
private func table(width: Int, height: Int, seed: UInt32) -> DeflateCodeTable {
    var state = seed
    let words = (0..<(width * height)).map { _ -> UInt32 in
        state = state &* 1_664_525 &+ 1_013_904_223
        return 0xFF00_0000 | state >> 8 & (seed % 2 == 0 ? 0x00F0_F0F0 : 0x000F_0F0F)
    }
    return words.withUnsafeBufferPointer {
        SymbolSampler<OpaqueBGRA>.table(
            $0.baseAddress!, width: width, height: height, rowBytes: width * 3 + 1, opaqueOnly: false)!
    }
}

/// Looked up as `RowWriter` does: a hit is the slot's entry, a miss computes and stores it.
@Test func cacheEntriesAreThePixelsOwnAfterEvictions() {
    let t = table(width: 64, height: 64, seed: 3)
    let memory = UnsafeMutablePointer<UInt64>.allocate(capacity: LiteralCodeCache.words)
    defer { memory.deallocate() }
    let cache = LiteralCodeCache(memory, codes: t.codes, OpaqueBGRA.self)
    let sharing = coloursSharingOneSlot(4)
    var state: UInt32 = 99
    let others = (0..<3000).map { _ -> UInt32 in
        state = state &* 1_664_525 &+ 1_013_904_223
        return 0xFF00_0000 | state >> 8
    }
    // Pixel 0's entry fills every slot at first; colours sharing a slot evict each other in turn.
    for v in [0xFF00_0000 as UInt32, 0] + sharing + sharing.reversed() + others + sharing + others {
        let slot = cache.entries + 2 * LiteralCodeCache.slot(v)
        var entry = (slot[0], slot[1])
        if UInt32(truncatingIfNeeded: entry.0) != v {
            entry = LiteralCodeCache.miss(v, at: slot, codes: t.codes, OpaqueBGRA.self)
        }
        let expected = LiteralCodeCache.entry(v, codes: t.codes, OpaqueBGRA.self)
        #expect(entry == expected, "pixel \(String(v, radix: 16))")
        #expect(Int(entry.0 >> 32 & 0xFFFF) == OpaqueBGRA.sum(v) && Int(entry.0 >> 48) == OpaqueBGRA.weighted(v))
        // The code is the three byte codes, one after the other.
        var bits: UInt64 = 0
        var n: UInt64 = 0
        for j in 0..<3 {
            let e = t.codes[Int(OpaqueBGRA.byte(v, j))]
            bits |= (e & 0xFFFF_FFFF) << n
            n += e >> 32
        }
        #expect(entry.1 == bits | n << 56)
    }
}

/// The raw rows of opaque BGRA words: filter byte 0, then R G B.
private func rgbRows(_ words: [UInt32], width: Int) -> [UInt8] {
    var out: [UInt8] = []
    for (i, v) in words.enumerated() {
        if i % width == 0 { out.append(0) }
        out += [UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
    }
    return out
}

private func inflates(_ stream: [UInt8], to expected: [UInt8]) -> Bool {
    var out = [UInt8](repeating: 0, count: expected.count)
    var size = uLongf(expected.count)
    let rc = out.withUnsafeMutableBufferPointer { o in
        stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &size, s.baseAddress, uLong(s.count)) }
    }
    return rc == Z_OK && out == expected
}

/// Literal pixels that all miss (colours sharing one slot, each unlike its neighbours and the pixel
/// above), and far more colours than slots, over several bands, with one thread (one cache for all
/// the bands) and with three.
@Test(arguments: ["one slot", "many colours"])
func picturesThatDefeatTheCacheInflateToTheirRows(kind: String) {
    let width = 700
    let height = 2000
    let sharing = coloursSharingOneSlot(5)
    var words = [UInt32](repeating: 0xFFF2_F2F7, count: width * height)
    for y in 0..<height {
        for x in 0..<width where kind == "one slot" ? (x / 50 + y) % 3 != 0 : (x + y) % 2 == 0 {
            let i = y * width + x
            words[i] =
                kind == "one slot"
                ? sharing[(x + 2 * y) % 5] : 0xFF00_0000 | UInt32(truncatingIfNeeded: i &* 2_654_435_761) >> 8
        }
    }
    let expected = rgbRows(words, width: width)
    let streams = [1, 3].map { workers in
        words.withUnsafeBufferPointer {
            PNGFastDeflate.zlibStream(rgba: false, $0, width: width, height: height, workers: workers)
        }
    }
    #expect(inflates(streams[0], to: expected))
    #expect(streams[0] == streams[1])
}

/// Two pictures of the same colours with different codes (a sample of other colours), one after
/// the other on the same threads: each is coded with its own codes, and a picture's bytes are the
/// same whatever was encoded before.
@Test func eachPictureIsCodedWithItsOwnCodes() {
    func picture(_ mask: UInt32, _ seed: UInt32) -> [UInt32] {
        var state = seed
        return (0..<(300 * 400)).map { i in
            state = state &* 1_664_525 &+ 1_013_904_223
            // The sample (every 32nd row) sees one colour range, the other rows another.
            let m = (i / 300) % 32 == 0 ? mask : ~mask & 0x00FF_FFFF
            return 0xFF00_0000 | state >> 8 & m
        }
    }
    func stream(_ words: [UInt32]) -> [UInt8] {
        words.withUnsafeBufferPointer {
            PNGFastDeflate.zlibStream(rgba: false, $0, width: 300, height: 400, workers: 1)
        }
    }
    let a = picture(0x00F0_F0F0, 1)
    let b = picture(0x000F_0F0F, 1)
    let first = stream(a)
    let other = stream(b)
    #expect(inflates(other, to: rgbRows(b, width: 300)))
    #expect(stream(a) == first)
    #expect(inflates(first, to: rgbRows(a, width: 300)))
}

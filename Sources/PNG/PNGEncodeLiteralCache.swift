/// The joined literal codes and Adler-32 sums of the RGB pixels `RowWriter` met last, in a small
/// direct-mapped table keyed by the pixel word: text on a screen has few colours (its
/// anti-aliasing levels between a few foreground and background colours), so most literal pixels
/// are one hashed load and compare instead of three byte extractions, three code loads and their
/// joining, and the two sums.
///
/// Lives for one picture in one worker thread (`PNGFastDeflate.withStream`), whose codes
/// (`DeflateCodeTable`) are fixed: it is filled afresh for each picture, so nothing of one picture's
/// codes can reach another. RGB only: an RGBA pixel's four codes take two
/// writes (up to 60 bits), and RGBA pictures are rare.
struct LiteralCodeCache {
    /// Slots, a power of two (two words each: 16 KB, within the L1 cache).
    static var slots: Int { 1 << slotBits }
    static var slotBits: UInt32 { 10 }
    /// Words of memory the cache needs.
    static var words: Int { 2 * slots }

    /// Slot `i` is words 2i and 2i + 1: the pixel word in the low 32 bits of the first, its sum of
    /// bytes (`PixelBytes.sum`) in bits 32...47 and its weighted sum (`PixelBytes.weighted`) above;
    /// the joined code bits (<= 45) in the low 56 bits of the second, their size in the top 8.
    let entries: UnsafeMutablePointer<UInt64>

    /// Fills every slot with pixel 0's entry: a right entry in any slot is harmless (lookups
    /// compare the pixel word), so no slot needs an "empty" mark that a pixel could equal.
    init<P: PixelBytes>(_ entries: UnsafeMutablePointer<UInt64>, codes: UnsafePointer<UInt64>, _: P.Type) {
        self.entries = entries
        let (key, code) = Self.entry(0, codes: codes, P.self)
        for i in 0..<Self.slots {
            entries[2 &* i] = key
            entries[2 &* i &+ 1] = code
        }
    }

    /// The slot of pixel `v`: the top bits of a multiplicative hash (neighbouring anti-aliasing
    /// levels differ in the low bits of each byte, which the multiply spreads over the top).
    @inline(__always)
    static func slot(_ v: UInt32) -> Int {
        Int(truncatingIfNeeded: (v &* 0x9E37_79B1) &>> (32 &- slotBits))
    }

    /// Pixel `v`'s two words, computed.
    @inline(__always)
    static func entry<P: PixelBytes>(_ v: UInt32, codes: UnsafePointer<UInt64>, _: P.Type) -> (UInt64, UInt64) {
        var pixel: UInt64 = 0
        var n: UInt64 = 0
        for j in 0..<P.bpp {
            let e = codes[Int(P.byte(v, j))]
            pixel |= (e & 0xFFFF_FFFF) &<< n
            n &+= e &>> 32
        }
        let key =
            UInt64(v) | UInt64(truncatingIfNeeded: P.sum(v)) &<< 32
            | UInt64(truncatingIfNeeded: P.weighted(v)) &<< 48
        return (key, pixel | n &<< 56)
    }

    /// Pixel `v`'s two words from its slot, computed and stored there on a miss (kept out of the
    /// literal loop: misses are rare, and the code that fills a slot would take its registers).
    @inline(never)
    static func miss<P: PixelBytes>(
        _ v: UInt32, at slot: UnsafeMutablePointer<UInt64>, codes: UnsafePointer<UInt64>, _: P.Type
    ) -> (UInt64, UInt64) {
        let (key, code) = entry(v, codes: codes, P.self)
        slot[0] = key
        slot[1] = code
        return (key, code)
    }
}

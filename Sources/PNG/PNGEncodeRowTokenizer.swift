/// The per-row loop of `BandEncoder.run` and the state it carries from row to row.
///
/// The loop in stages, and why it is shaped so (the reasons hold for every stage below):
/// 1. The filter byte: each row starts with its filter byte (0). It equals the byte a row back, so a
///    run from the row above goes on through it, or one starts at it.
/// 2. The run from above: pixels equal to the ones above are one match at a distance of a row. Screens
///    are mostly such runs (a flat background under the last row of text).
/// 3. The run of the previous pixel: pixels equal to the one before them are one match at a distance of a pixel.
/// 4. Literals: every other pixel is written as its bytes' literal codes, until a pixel could
///    start one of the two runs again.
/// Across the stages:
/// - One pass, no token buffer: the band's Huffman codes were decided before, from a sample
///   (`DeflateCodeTable`), so each run or literal is written the moment it is found.
/// - Adler-32 on the side (`RowDelta`): the row's sums are kept as differences from the row above,
///   so a run from above costs nothing, a run of one pixel a multiplication, and only literals a
///   step per pixel (their sums come with their codes).
/// - The alpha check is an AND of the literal pixels' words: runs repeat pixels already seen, so
///   literals alone decide whether the picture is opaque (RGB) or not.
/// - The code cache (`LiteralCodeCache`, RGB only): a screen has few colours, so a pixel's three
///   byte codes joined into one write, and its sums, are found by its word.
/// - Registers: the bit writer and the run state are copied into locals for the row, and the
///   stages are sections of one loop (marked "Stage n" below), not functions: as functions, even
///   `@inline(__always)`, one stayed a call and the bench screen took 0.9 M more instructions
///   (Benchmarks/README.md). `A` is a type, not a flag: each case is its own copy of the loop with
///   the test folded away (a flag argument was kept as a run-time test in every loop, and its
///   register spilled others to the stack).
struct RowWriter<P: PixelBytes> {
    /// `DeflateCodeTable.codes`: per literal byte and per match length, bits and size.
    let codes: UnsafePointer<UInt64>
    /// Distance code with its extra bits, and their size, of a pixel back and of a row back.
    let pixelDist: UInt64
    let pixelDistCount: Int
    let rowDist: UInt64
    let rowDistCount: Int
    var out: DeflateBitWriter
    /// A run from the row above is open, `runBytes` long so far.
    var inAbove = false
    var runBytes = 0
    /// AND of every literal pixel's word: its top byte is 255 when they are all opaque.
    var alphas: UInt32 = 0xFFFF_FFFF
    /// `LiteralCodeCache.entries` (RGB only; unused for RGBA).
    let cache: UnsafeMutablePointer<UInt64>

    init(table: DeflateCodeTable, out: DeflateBitWriter, cache: LiteralCodeCache) {
        codes = UnsafePointer(table.codes)
        self.cache = cache.entries
        pixelDist = table.distBits.0
        pixelDistCount = table.distCount.0
        rowDist = table.distBits.1
        rowDistCount = table.distCount.1
        self.out = out
    }

    /// Codes one row (`above` and `aboveSums`, the Adler-32 sums of the row above, are read only
    /// when `A.hasAbove`) and returns its Adler-32 sums minus the row above's: the four stages.
    mutating func row<A: RowAboveMode>(
        _ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width w: Int, aboveSums: RowSums, _: A.Type
    ) -> RowDelta<P> {
        let hasAbove = A.hasAbove
        let bpp = P.bpp
        let low: UInt64 = 0xFFFF_FFFF
        let codes = self.codes
        // A local copy of the bit writer and the run state: they stay in registers in the loops.
        var bits = out
        var inAbove = self.inAbove
        var runBytes = self.runBytes
        var delta = RowDelta<P>()
        // Stage 1. The filter byte (0) equals the one a row back, so a run from above can go through it.
        if inAbove {
            runBytes &+= 1
        } else if hasAbove && row[0] == above[0] {
            inAbove = true
            runBytes = 1
        } else {
            let e = codes[0]
            bits.put(e & low, Int(truncatingIfNeeded: e &>> 32))
        }
        var x = 0
        while x < w {
            // Stage 2: the run from above, while the row equals the row above.
            if inAbove {
                let k = BandEncoder<P>.equalRun(row, above, from: x, to: w)
                runBytes &+= (k &- x) &* bpp
                x = k
                if x == w { break }
                Self.match(&bits, runBytes, codes: codes, dist: rowDist, distCount: rowDistCount)
                inAbove = false
            }
            var v = row[x]
            if hasAbove && v == above[x] {
                // Pixel x is known equal: the run search starts after it.
                inAbove = true
                runBytes = bpp
                x &+= 1
                continue
            }
            // Stage 3: the run of the previous pixel.
            if x > 0 && v == row[x &- 1] {
                // The run goes on while each pixel equals the one before it.
                let k = BandEncoder<P>.equalRun(row, row - 1, from: x &+ 1, to: w)
                Self.match(&bits, (k &- x) &* bpp, codes: codes, dist: pixelDist, distCount: pixelDistCount)
                delta.addRun(v, from: x, to: k)
                if hasAbove { delta.subtract(above, from: x, to: k, width: w, aboveRow: aboveSums) }
                x = k
                continue
            }
            // Stage 4: literal pixels until one equals the pixel above or the one before it.
            var all = alphas
            var ds = 0
            var dc = 0
            // The sum of ds before each pixel: sum x * d over the run is (its last x) * ds minus
            // it, with no multiplication per pixel.
            var before = 0
            repeat {
                before &+= ds
                all &= v
                if bpp == 3 {
                    // The pixel's codes and sums from the cache (see `LiteralCodeCache`).
                    let slot = cache + 2 &* LiteralCodeCache.slot(v)
                    var key = slot[0]
                    var code = slot[1]
                    if UInt32(truncatingIfNeeded: key) != v {
                        (key, code) = LiteralCodeCache.miss(v, at: slot, codes: codes, P.self)
                    }
                    let sum = Int(truncatingIfNeeded: key &>> 32 & 0xFFFF)
                    let weighted = Int(truncatingIfNeeded: key &>> 48)
                    ds &+= hasAbove ? sum &- P.sum(above[x]) : sum
                    dc &+= hasAbove ? weighted &- P.weighted(above[x]) : weighted
                    bits.put(code & 0x00FF_FFFF_FFFF_FFFF, Int(truncatingIfNeeded: code &>> 56))
                    x &+= 1
                    if x == w { break }
                    v = row[x]
                    continue
                }
                // The pixel's Adler-32 sums minus the one above's (see `RowDelta`).
                let d = hasAbove ? P.sum(v) &- P.sum(above[x]) : P.sum(v)
                ds &+= d
                dc &+= hasAbove ? P.weighted(v) &- P.weighted(above[x]) : P.weighted(v)
                // A pixel's byte codes joined into one write (<= 45 bits), two for RGBA (<= 60).
                var pixel: UInt64 = 0
                var n: UInt64 = 0
                for j in 0..<bpp {
                    if j == 2 && bpp == 4 {
                        bits.put(pixel, Int(truncatingIfNeeded: n))
                        pixel = 0
                        n = 0
                    }
                    let e = codes[Int(P.byte(v, j))]
                    pixel |= (e & low) &<< n
                    n &+= e &>> 32
                }
                bits.put(pixel, Int(truncatingIfNeeded: n))
                x &+= 1
                if x == w { break }
                v = row[x]
            } while !(hasAbove && v == above[x]) && v != row[x &- 1]
            alphas = all
            delta.add(s: ds, c: dc, pw: (x &- 1) &* ds &- before, to: x)
        }
        out = bits
        self.inAbove = inAbove
        self.runBytes = runBytes
        return delta
    }

    /// Closes the run from above left open by the last row.
    mutating func finish() {
        if inAbove { Self.match(&out, runBytes, codes: codes, dist: rowDist, distCount: rowDistCount) }
        inAbove = false
    }

    /// One match piece of 3...258 bytes: its length code and extra bits, then the distance code and
    /// its extra bits, in one write (<= 48 bits).
    @inline(__always)
    static func piece(
        _ w: inout DeflateBitWriter, _ length: Int, codes: UnsafePointer<UInt64>, dist: UInt64, distCount: Int
    ) {
        let e = codes[256 &+ length]
        let n = Int(truncatingIfNeeded: e &>> 32)
        w.put(e & 0xFFFF_FFFF | dist &<< UInt64(truncatingIfNeeded: n), n &+ distCount)
    }

    /// Writes a match of `total` bytes in pieces of at most 258 (`piece`), none shorter than 3.
    @inline(__always)
    static func match(
        _ w: inout DeflateBitWriter, _ total: Int, codes: UnsafePointer<UInt64>, dist: UInt64, distCount: Int
    ) {
        // Most matches are one piece.
        if total <= 258 {
            piece(&w, total, codes: codes, dist: dist, distCount: distCount)
            return
        }
        // Whole pieces of 258 while at least 3 bytes would be left: one code for all of them, two
        // pieces per write when they fit in one (the bit writer takes up to 56 bits).
        let e = codes[256 &+ 258]
        let n = Int(truncatingIfNeeded: e &>> 32)
        let whole = e & 0xFFFF_FFFF | dist &<< UInt64(truncatingIfNeeded: n)
        let wholeCount = n &+ distCount
        var left = total
        if wholeCount <= 28 {
            let pair = whole | whole &<< UInt64(truncatingIfNeeded: wholeCount)
            while left >= 2 * 258 + 3 {
                w.put(pair, wholeCount &* 2)
                left &-= 2 * 258
            }
        }
        while left >= 258 + 3 {
            w.put(whole, wholeCount)
            left &-= 258
        }
        // 259 or 260 bytes: a piece of 256 or 257, then one of 3.
        if left > 258 {
            piece(&w, left &- 3, codes: codes, dist: dist, distCount: distCount)
            left = 3
        }
        piece(&w, left, codes: codes, dist: dist, distCount: distCount)
    }
}

/// Whether `RowWriter.row` codes a row against the row above (`WithRowAbove`) or alone (the first
/// row, and rows too wide for a match a row back).
protocol RowAboveMode {
    static var hasAbove: Bool { get }
}

enum WithRowAbove: RowAboveMode {
    @inline(__always) static var hasAbove: Bool { true }
}

enum WithoutRowAbove: RowAboveMode {
    @inline(__always) static var hasAbove: Bool { false }
}

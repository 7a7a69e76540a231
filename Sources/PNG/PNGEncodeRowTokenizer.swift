/// The per-row loop of `BandEncoder.run` and the state it carries from row to row.
///
/// The loop in stages, and why it is shaped so (the reasons hold for every stage below):
/// 1. `filterByte`: each row starts with its filter byte (0). It equals the byte a row back, so a
///    run from the row above goes on through it, or one starts at it.
/// 2. `runFromAbove`: pixels equal to the ones above are one match at a distance of a row. Screens
///    are mostly such runs (a flat background under the last row of text).
/// 3. `runOfPrevious`: pixels equal to the one before them are one match at a distance of a pixel.
/// 4. `literals`: every other pixel is written as its bytes' literal codes, until a pixel could
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
/// - Registers: the bit writer and the run state are copied into locals for the row and passed to
///   the stages `inout`; every stage is `@inline(__always)`, so the row is still one loop whose
///   state stays in registers. `A` is a type, not a flag: each case is its own copy of the loop
///   with the test folded away (a flag argument was kept as a run-time test in every loop, and its
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
    /// when `A.hasAbove`) and returns its Adler-32 sums minus the row above's.
    mutating func row<A: RowAboveMode>(
        _ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width w: Int, aboveSums: RowSums, _: A.Type
    ) -> RowDelta<P> {
        // A local copy of the bit writer and the run state: they stay in registers in the loops.
        var bits = out
        var inAbove = self.inAbove
        var runBytes = self.runBytes
        var delta = RowDelta<P>()
        filterByte(row, above, &bits, &inAbove, &runBytes, A.self)
        var x = 0
        while x < w {
            if inAbove {
                guard runFromAbove(row, above, width: w, &x, &bits, &runBytes) else { break }
                inAbove = false
            }
            let v = row[x]
            if A.hasAbove && v == above[x] {
                // Pixel x is known equal: the run search starts after it.
                inAbove = true
                runBytes = P.bpp
                x &+= 1
                continue
            }
            if x > 0 && v == row[x &- 1] {
                runOfPrevious(row, above, width: w, v, &x, &bits, &delta, aboveSums, A.self)
                continue
            }
            literals(row, above, width: w, v, &x, &bits, &delta, A.self)
        }
        out = bits
        self.inAbove = inAbove
        self.runBytes = runBytes
        return delta
    }

    /// Stage 1: the filter byte, through an open run from above, starting one, or as a literal.
    @inline(__always)
    private func filterByte<A: RowAboveMode>(
        _ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, _ bits: inout DeflateBitWriter,
        _ inAbove: inout Bool, _ runBytes: inout Int, _: A.Type
    ) {
        if inAbove {
            runBytes &+= 1
        } else if A.hasAbove && row[0] == above[0] {
            inAbove = true
            runBytes = 1
        } else {
            let e = codes[0]
            bits.put(e & 0xFFFF_FFFF, Int(truncatingIfNeeded: e &>> 32))
        }
    }

    /// Stage 2: extends the open run from above from pixel `x` as far as the row equals the row
    /// above. False when it reaches the row's end (the run stays open for the next row); else the
    /// run is written and `x` is the first pixel that differs.
    @inline(__always)
    private func runFromAbove(
        _ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width w: Int, _ x: inout Int,
        _ bits: inout DeflateBitWriter, _ runBytes: inout Int
    ) -> Bool {
        let k = BandEncoder<P>.equalRun(row, above, from: x, to: w)
        runBytes &+= (k &- x) &* P.bpp
        x = k
        if x == w { return false }
        Self.match(&bits, runBytes, codes: codes, dist: rowDist, distCount: rowDistCount)
        return true
    }

    /// Stage 3: the run of pixels from `x` equal to the one before `x` (`v`), as one match a pixel
    /// back, and its sums.
    @inline(__always)
    private func runOfPrevious<A: RowAboveMode>(
        _ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width w: Int, _ v: UInt32, _ x: inout Int,
        _ bits: inout DeflateBitWriter, _ delta: inout RowDelta<P>, _ aboveSums: RowSums, _: A.Type
    ) {
        // The run goes on while each pixel equals the one before it.
        let k = BandEncoder<P>.equalRun(row, row - 1, from: x &+ 1, to: w)
        Self.match(&bits, (k &- x) &* P.bpp, codes: codes, dist: pixelDist, distCount: pixelDistCount)
        delta.addRun(v, from: x, to: k)
        if A.hasAbove { delta.subtract(above, from: x, to: k, width: w, aboveRow: aboveSums) }
        x = k
    }

    /// Stage 4: literal pixels from `x` (`v` its pixel) until one equals the pixel above or the
    /// one before it, with their sums and the alpha check.
    @inline(__always)
    private mutating func literals<A: RowAboveMode>(
        _ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width w: Int, _ first: UInt32,
        _ x: inout Int, _ bits: inout DeflateBitWriter, _ delta: inout RowDelta<P>, _: A.Type
    ) {
        let hasAbove = A.hasAbove
        var v = first
        var all = alphas
        var ds = 0
        var dc = 0
        // The sum of ds before each pixel: sum x * d over the run is (its last x) * ds minus
        // it, with no multiplication per pixel.
        var before = 0
        repeat {
            before &+= ds
            all &= v
            if P.bpp == 3 {
                cachedLiteral(v, hasAbove ? above[x] : 0, &bits, &ds, &dc, A.self)
            } else {
                literal(v, hasAbove ? above[x] : 0, &bits, &ds, &dc, A.self)
            }
            x &+= 1
            if x == w { break }
            v = row[x]
        } while !(hasAbove && v == above[x]) && v != row[x &- 1]
        alphas = all
        delta.add(s: ds, c: dc, pw: (x &- 1) &* ds &- before, to: x)
    }

    /// One RGB literal: its joined codes and sums from the cache (see `LiteralCodeCache`).
    @inline(__always)
    private func cachedLiteral<A: RowAboveMode>(
        _ v: UInt32, _ up: UInt32, _ bits: inout DeflateBitWriter, _ ds: inout Int, _ dc: inout Int, _: A.Type
    ) {
        let slot = cache + 2 &* LiteralCodeCache.slot(v)
        var key = slot[0]
        var code = slot[1]
        if UInt32(truncatingIfNeeded: key) != v {
            (key, code) = LiteralCodeCache.miss(v, at: slot, codes: codes, P.self)
        }
        let sum = Int(truncatingIfNeeded: key &>> 32 & 0xFFFF)
        let weighted = Int(truncatingIfNeeded: key &>> 48)
        ds &+= A.hasAbove ? sum &- P.sum(up) : sum
        dc &+= A.hasAbove ? weighted &- P.weighted(up) : weighted
        bits.put(code & 0x00FF_FFFF_FFFF_FFFF, Int(truncatingIfNeeded: code &>> 56))
    }

    /// One literal pixel's byte codes joined into one write (<= 45 bits), two for RGBA (<= 60),
    /// and its Adler-32 sums minus the one above's (see `RowDelta`).
    @inline(__always)
    private func literal<A: RowAboveMode>(
        _ v: UInt32, _ up: UInt32, _ bits: inout DeflateBitWriter, _ ds: inout Int, _ dc: inout Int, _: A.Type
    ) {
        ds &+= A.hasAbove ? P.sum(v) &- P.sum(up) : P.sum(v)
        dc &+= A.hasAbove ? P.weighted(v) &- P.weighted(up) : P.weighted(v)
        var pixel: UInt64 = 0
        var n: UInt64 = 0
        for j in 0..<P.bpp {
            if j == 2 && P.bpp == 4 {
                bits.put(pixel, Int(truncatingIfNeeded: n))
                pixel = 0
                n = 0
            }
            let e = codes[Int(P.byte(v, j))]
            pixel |= (e & 0xFFFF_FFFF) &<< n
            n &+= e &>> 32
        }
        bits.put(pixel, Int(truncatingIfNeeded: n))
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

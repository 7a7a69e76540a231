/// Compresses one band of rows for `PNGFastDeflate`: one pass over the pixels finds the runs,
/// counts the symbols and sums the Adler-32; then the Huffman tables are built and one dynamic
/// block is written from the tokens, ending on a byte boundary.
struct BandEncoder<P: PixelBytes> {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let rows: Range<Int>
    /// Raw bytes per row: the filter byte and the pixels.
    let rowBytes: Int

    init(pixels: UnsafePointer<UInt32>, width: Int, rows: Range<Int>) {
        self.pixels = pixels
        self.width = width
        self.rows = rows
        rowBytes = width * P.bpp + 1
    }

    /// Token words: a match is `matchFlag | length << 8 | slot` (slot 0: one pixel back, slot 1:
    /// one row back); a run of n literal pixels is `literalsFlag | n` followed by the n pixel words
    /// themselves (one store per pixel here, one sequential read in the writer, instead of a token
    /// per byte); anything else is a literal byte (the filter byte 0).
    static var matchFlag: UInt32 { 1 << 31 }
    static var literalsFlag: UInt32 { 1 << 30 }

    /// Compresses the band; `scratch` must hold `rows.count * rowBytes` tokens (`BandScratch`):
    /// every token word stands for at least one raw byte. With `opaqueOnly`, returns nil as soon as
    /// a row shows a pixel whose alpha is not 255 (the caller then encodes RGBA): every pixel equals
    /// a literal pixel or continues a run from one (matches compare whole words, alpha included),
    /// so the literals' alphas are all the alphas of the picture, and the opacity test needs no
    /// pass of its own.
    func run(final: Bool, scratch: BandScratch, opaqueOnly: Bool = false) -> BandResult? {
        var litFreq = [Int](repeating: 0, count: 286)
        var distFreq = [Int](repeating: 0, count: 30)
        var adler: UInt32 = 1
        let count = litFreq.withUnsafeMutableBufferPointer { lf in
            distFreq.withUnsafeMutableBufferPointer { df in
                tokenize(
                    into: scratch.tokens, lit: lf.baseAddress!, dist: df.baseAddress!, opaqueOnly: opaqueOnly,
                    adler: &adler)
            }
        }
        guard let count else { return nil }
        let bytes = DeflateBlockWriter<P>(
            tokens: UnsafeBufferPointer(start: scratch.tokens, count: count), litFreq: litFreq,
            distFreq: distFreq, distances: [P.bpp, min(rowBytes, 32768)]
        ).write(final: final)
        return BandResult(bytes: bytes, adler: adler, length: rows.count * rowBytes)
    }

    /// Finds runs and literals; returns the number of token words written, or nil when
    /// `opaqueOnly` and a literal pixel is not opaque.
    ///
    /// The Adler-32 of the band's raw bytes rides along (`BandAdler`): a row's sums are the sums of
    /// the row above plus, over the pixels not covered by a run from above (the literals and the
    /// runs along the row, which this pass visits anyway), each pixel's sums minus the one above.
    private func tokenize(
        into tokens: UnsafeMutablePointer<UInt32>, lit: UnsafeMutablePointer<Int>,
        dist: UnsafeMutablePointer<Int>, opaqueOnly: Bool, adler: inout UInt32
    ) -> Int? {
        let w = width
        let bpp = P.bpp
        let table = DeflateTables.shared
        // A match may reach at most 32 KB back: wider rows only match along the row.
        let rowsMatch = rowBytes <= 32768
        let pixelDist = table.distanceCode(bpp).code
        let rowDist = table.distanceCode(min(rowBytes, 32768)).code
        var t = 0
        var inAbove = false
        var runBytes = 0
        // AND of every literal pixel's word: its top byte is 255 when they are all opaque.
        var alphas: UInt32 = 0xFFFF_FFFF
        var sums = BandAdler<P>(rowBytes: rowBytes)
        if rowsMatch && rows.lowerBound > 0 {
            sums.start(above: pixels + (rows.lowerBound - 1) * w, width: w)
        }

        let lengthSymbol = table.lengthSymbol
        for y in rows {
            let row = pixels + y * w
            let hasAbove = y > 0 && rowsMatch
            // Only read when `hasAbove`.
            let above = hasAbove ? row - w : row
            var delta = RowDelta<P>()
            // The filter byte (0) equals the one a row back, so a run from above can go through it.
            if inAbove {
                runBytes += 1
            } else if hasAbove && row[0] == above[0] {
                inAbove = true
                runBytes = 1
            } else {
                tokens[t] = 0
                t &+= 1
                lit[0] &+= 1
            }
            var x = 0
            while x < w {
                if inAbove {
                    let k = BandEncoder.equalRun(row, above, from: x, to: w)
                    runBytes += (k - x) * bpp
                    x = k
                    if x == w { break }
                    BandEncoder.match(runBytes, slot: 1, code: rowDist, tokens, &t, lit, dist, lengthSymbol)
                    inAbove = false
                }
                var v = row[x]
                if hasAbove && v == above[x] {
                    inAbove = true
                    runBytes = 0
                    continue
                }
                if x > 0 && v == row[x - 1] {
                    // The run goes on while each pixel equals the one before it.
                    let k = BandEncoder.equalRun(row, row - 1, from: x + 1, to: w)
                    BandEncoder.match((k - x) * bpp, slot: 0, code: pixelDist, tokens, &t, lit, dist, lengthSymbol)
                    delta.addRun(v, from: x, to: k)
                    if hasAbove { delta.subtract(above, from: x, to: k) }
                    x = k
                    continue
                }
                // Literal pixels until one equals the pixel above or the one before it.
                let header = t
                t &+= 1
                repeat {
                    alphas &= v
                    tokens[t] = v
                    t &+= 1
                    for j in 0..<bpp { lit[Int(P.byte(v, j))] &+= 1 }
                    delta.addPixel(v, minus: hasAbove ? above[x] : UInt32(0), at: x)
                    x &+= 1
                    if x == w { break }
                    v = row[x]
                } while !(hasAbove && v == above[x]) && v != row[x - 1]
                tokens[header] = BandEncoder.literalsFlag | UInt32(t - header - 1)
            }
            if opaqueOnly && alphas >> 24 != 0xFF { return nil }
            sums.addRow(delta, rowsMatch: rowsMatch)
        }
        if inAbove { BandEncoder.match(runBytes, slot: 1, code: rowDist, tokens, &t, lit, dist, lengthSymbol) }
        adler = sums.value
        return t
    }

    /// Appends the tokens of a match of `total` bytes (pieces of at most 258) and counts their symbols.
    @inline(__always)
    static func match(
        _ total: Int, slot: UInt32, code: Int, _ tokens: UnsafeMutablePointer<UInt32>, _ t: inout Int,
        _ lit: UnsafeMutablePointer<Int>, _ dist: UnsafeMutablePointer<Int>, _ lengthSymbol: [UInt16]
    ) {
        var left = total
        while left > 0 {
            var l = min(left, 258)
            // Never leave a piece shorter than the minimum match of 3.
            if left &- l > 0 && left &- l < 3 { l = left &- 3 }
            tokens[t] = matchFlag | UInt32(truncatingIfNeeded: l) &<< 8 | slot
            t &+= 1
            lit[Int(lengthSymbol[l])] &+= 1
            dist[code] &+= 1
            left &-= l
        }
    }

    /// The first index in `from..<to` where `p` and `q` differ (`to` if none), sixteen pixels at a
    /// time (one 64-byte vector compare), then four, then one.
    @inline(__always)
    static func equalRun(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, from: Int, to: Int) -> Int {
        var k = from
        // Most runs inside text and edges are a few pixels long: look at those one by one before
        // setting up the wide compares, which would fail at once.
        let near = min(to, from + 8)
        while k < near && p[k] == q[k] { k += 1 }
        if k < near { return k }
        let rp = UnsafeRawPointer(p)
        let rq = UnsafeRawPointer(q)
        while k + 16 <= to {
            let d =
                rp.loadUnaligned(fromByteOffset: 4 * k, as: SIMD16<UInt32>.self)
                ^ rq.loadUnaligned(fromByteOffset: 4 * k, as: SIMD16<UInt32>.self)
            let e = d.lowHalf | d.highHalf
            let f = e.lowHalf | e.highHalf
            // Tested as two words: SIMD's own != compares lane by lane (four times the instructions).
            let g = unsafeBitCast(f, to: (UInt64, UInt64).self)
            if g.0 | g.1 != 0 { break }
            k += 16
        }
        while k + 4 <= to {
            let d0 =
                rp.loadUnaligned(fromByteOffset: 4 * k, as: UInt64.self)
                ^ rq.loadUnaligned(fromByteOffset: 4 * k, as: UInt64.self)
            let d1 =
                rp.loadUnaligned(fromByteOffset: 4 * k + 8, as: UInt64.self)
                ^ rq.loadUnaligned(fromByteOffset: 4 * k + 8, as: UInt64.self)
            if d0 | d1 != 0 { break }
            k += 4
        }
        while k < to && p[k] == q[k] { k += 1 }
        return k
    }
}

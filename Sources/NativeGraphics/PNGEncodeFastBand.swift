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
        let table = DeflateTables.shared
        // A match may reach at most 32 KB back: wider rows only match along the row.
        let rowsMatch = rowBytes <= 32768
        var state = RowTokenizer<P>(
            tokens: tokens, lit: lit, dist: dist, lengthSymbol: table.lengthSymbol,
            pixelDist: table.distanceCode(P.bpp).code, rowDist: table.distanceCode(min(rowBytes, 32768)).code)
        var sums = BandAdler<P>(rowBytes: rowBytes)
        if rowsMatch && rows.lowerBound > 0 {
            sums.start(above: pixels + (rows.lowerBound - 1) * w, width: w)
        }
        for y in rows {
            let row = pixels + y * w
            // Two copies of the row loop, each with `hasAbove` a constant: fewer live values and
            // branches in the per-pixel loops.
            let delta =
                y > 0 && rowsMatch
                ? state.row(row, above: row - w, width: w, hasAbove: true)
                : state.row(row, above: row, width: w, hasAbove: false)
            if opaqueOnly && state.alphas >> 24 != 0xFF { return nil }
            sums.addRow(delta, rowsMatch: rowsMatch)
        }
        state.finish()
        adler = sums.value
        return state.t
    }

    /// The first index in `from..<to` where `p` and `q` differ (`to` if none), sixteen pixels at a
    /// time (one 64-byte vector compare), then four, then one.
    @inline(__always)
    static func equalRun(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, from: Int, to: Int) -> Int {
        var k = from
        // Most runs inside text and edges are a few pixels long: look at those one by one before
        // setting up the wide compares, which would fail at once.
        let near = min(to, from + 8)
        while k < near && p[k] == q[k] { k &+= 1 }
        if k < near { return k }
        // Wrapping arithmetic and byte offsets: `k + 16 <= to` cannot overflow (k <= to), and the
        // checked forms cost a third of this loop's instructions.
        let rp = UnsafeRawPointer(p)
        let rq = UnsafeRawPointer(q)
        var offset = k &* 4
        let wideEnd = (to &- 16) &* 4
        while offset <= wideEnd {
            let d =
                rp.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
                ^ rq.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            let e = d.lowHalf | d.highHalf
            let f = e.lowHalf | e.highHalf
            // Tested as two words: SIMD's own != compares lane by lane (four times the instructions).
            let g = unsafeBitCast(f, to: (UInt64, UInt64).self)
            if g.0 | g.1 != 0 { break }
            offset &+= 64
        }
        k = offset &>> 2
        while k &+ 4 <= to {
            let d0 =
                rp.loadUnaligned(fromByteOffset: k &* 4, as: UInt64.self)
                ^ rq.loadUnaligned(fromByteOffset: k &* 4, as: UInt64.self)
            let d1 =
                rp.loadUnaligned(fromByteOffset: k &* 4 &+ 8, as: UInt64.self)
                ^ rq.loadUnaligned(fromByteOffset: k &* 4 &+ 8, as: UInt64.self)
            if d0 | d1 != 0 { break }
            k &+= 4
        }
        while k < to && p[k] == q[k] { k &+= 1 }
        return k
    }
}

/// Compresses one band of rows for `PNGFastDeflate` as one dynamic-Huffman block with the
/// picture's codes (`DeflateCodeTable`), ending on a byte boundary: one pass over the pixels finds
/// the runs, writes their codes and sums the Adler-32.
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

    /// The bytes one band may take at most: no code is longer than 15 bits, so a literal byte
    /// takes at most 15 bits and a match piece (at least 3 bytes) at most 48 (length code and
    /// extra bits, distance code and extra bits); the header is under 600 bytes.
    static func capacity(rows: Int, rowBytes: Int) -> Int { rows * rowBytes * 2 + 4096 }

    /// Compresses the band into `out` (of `capacity` bytes, at least `capacity(rows:rowBytes:)` for
    /// this band's rows), remembering literal pixels' codes in `cache` (made for `table`'s codes),
    /// and returns where its bytes are. With `opaqueOnly`, returns nil as soon as a row shows a pixel
    /// whose alpha is not 255 (the caller then encodes RGBA): every pixel equals a literal pixel or
    /// continues a run from one (matches compare whole words, alpha included), so the literals'
    /// alphas are all the alphas of the picture, and the opacity test needs no pass of its own.
    ///
    /// The Adler-32 of the band's raw bytes rides along (`BandAdler`): a row's sums are the sums of
    /// the row above plus, over the pixels not covered by a run from above (the literals and the
    /// runs along the row, which this pass visits anyway), each pixel's sums minus the one above.
    func run(
        final: Bool, table: DeflateCodeTable, into out: UnsafeMutablePointer<UInt8>, capacity: Int,
        cache: LiteralCodeCache, opaqueOnly: Bool = false
    ) -> BandResult? {
        precondition(capacity >= Self.capacity(rows: rows.count, rowBytes: rowBytes))
        var bits = DeflateBitWriter(out, capacity: capacity)
        bits.put(UInt64(final ? 1 : 0), 1)
        for (b, n) in table.header { bits.put(b, n) }
        let w = width
        // A match may reach at most 32 KB back: wider rows only match along the row.
        let rowsMatch = rowBytes <= 32768
        var sums = BandAdler<P>(rowBytes: rowBytes)
        if rowsMatch && rows.lowerBound > 0 {
            sums.start(above: pixels + (rows.lowerBound - 1) * w, width: w)
        }
        var state = RowWriter<P>(table: table, out: bits, cache: cache)
        for y in rows {
            let row = pixels + y * w
            // Two copies of the row loop, with and without the row above: fewer live values and
            // branches in the per-pixel loops.
            let delta =
                y > 0 && rowsMatch
                ? state.row(row, above: row - w, width: w, aboveSums: sums.lastRow, WithRowAbove.self)
                : state.row(row, above: row, width: w, aboveSums: RowSums(), WithoutRowAbove.self)
            if opaqueOnly && state.alphas >> 24 != 0xFF { return nil }
            sums.addRow(delta, rowsMatch: rowsMatch)
        }
        state.finish()
        bits = state.out
        bits.put(table.endOfBlock.0, table.endOfBlock.1)
        if !final {
            // An empty stored block: header, pad to a byte, LEN 0, NLEN 0xFFFF.
            bits.put(0 as UInt64, 3)
            bits.alignToByte()
            bits.put(0xFFFF_0000 as UInt64, 32)
        }
        bits.alignToByte()
        return BandResult(
            bytes: UnsafeBufferPointer(start: out, count: bits.count), adler: sums.value, length: rows.count * rowBytes)
    }

    /// The first index in `from..<to` where `p` and `q` differ (`to` if none), sixteen pixels at a
    /// time (one 64-byte vector compare), then four, then one.
    @inline(__always)
    static func equalRun(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, from: Int, to: Int) -> Int {
        var k = from
        // Most runs inside text and edges are a few pixels long: look at those one by one before
        // setting up the wide compares, which would fail at once.
        let near = min(to, from + 4)
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

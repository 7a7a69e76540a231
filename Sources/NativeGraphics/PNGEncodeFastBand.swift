/// Compresses one band of rows for `PNGFastDeflate`: finds the runs, counts symbols, builds the
/// Huffman tables and writes one dynamic block ending on a byte boundary.
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

    /// Token: a literal byte (< 256), or `matchFlag | length << 8 | slot` (slot 0: one pixel back,
    /// slot 1: one row back).
    static var matchFlag: UInt32 { 1 << 31 }

    /// Compresses the band; `scratch` must hold `rows.count * rowBytes` tokens and the row segments
    /// (`BandScratch`). With `opaqueOnly`, returns nil as soon as a row shows a pixel whose alpha is
    /// not 255 (the caller then encodes RGBA): every pixel equals a literal pixel or continues a
    /// run from one (matches compare whole words, alpha included), so the literals' alphas are all
    /// the alphas of the picture, and the opacity test needs no pass of its own.
    func run(final: Bool, scratch: BandScratch, opaqueOnly: Bool = false) -> BandResult? {
        var litFreq = [Int](repeating: 0, count: 286)
        var distFreq = [Int](repeating: 0, count: 30)
        let count = litFreq.withUnsafeMutableBufferPointer { lf in
            distFreq.withUnsafeMutableBufferPointer { df in
                tokenize(into: scratch, lit: lf.baseAddress!, dist: df.baseAddress!, opaqueOnly: opaqueOnly)
            }
        }
        guard let count else { return nil }
        let bytes = DeflateBlockWriter(
            tokens: UnsafeBufferPointer(start: scratch.tokens, count: count), litFreq: litFreq,
            distFreq: distFreq, distances: [P.bpp, min(rowBytes, 32768)]
        ).write(final: final)
        let adler = BandAdler<P>(pixels: pixels, width: width, rows: rows, hasAbove: rowBytes <= 32768)
            .adler(segments: scratch.segments, rowEnds: scratch.rowEnds)
        return BandResult(bytes: bytes, adler: adler, length: rows.count * rowBytes)
    }

    /// Finds runs and literals; returns the number of tokens written.
    /// Also records, per row, the ranges of pixels not covered by a run from the row above
    /// (`scratch.segments`, `scratch.rowEnds`): the Adler-32 sums only those. Nil when
    /// `opaqueOnly` and a literal pixel is not opaque.
    private func tokenize(
        into scratch: BandScratch, lit: UnsafeMutablePointer<Int>, dist: UnsafeMutablePointer<Int>,
        opaqueOnly: Bool
    ) -> Int? {
        let tokens = scratch.tokens
        let segments = scratch.segments
        let rowEnds = scratch.rowEnds
        let w = width
        let bpp = P.bpp
        let table = DeflateTables.shared
        // A match may reach at most 32 KB back: wider rows only match along the row.
        let rowsMatch = rowBytes <= 32768
        let pixelDist = table.distanceCode(bpp)
        let rowDist = table.distanceCode(min(rowBytes, 32768))
        var t = 0
        var inAbove = false
        var runBytes = 0
        var segs = 0
        // AND of every literal pixel's word: its top byte is 255 when they are all opaque.
        var alphas: UInt32 = 0xFFFF_FFFF

        @inline(__always) func literal(_ b: UInt32) {
            tokens[t] = b
            t += 1
            lit[Int(b)] += 1
        }
        @inline(__always) func match(_ total: Int, slot: UInt32) {
            var left = total
            let d = slot == 0 ? pixelDist : rowDist
            while left > 0 {
                var l = min(left, 258)
                // Never leave a piece shorter than the minimum match of 3.
                if left - l > 0 && left - l < 3 { l = left - 3 }
                tokens[t] = BandEncoder.matchFlag | UInt32(l) << 8 | slot
                t += 1
                lit[Int(table.lengthSymbol[l])] += 1
                dist[d.code] += 1
                left -= l
            }
        }

        for y in rows {
            let row = pixels + y * w
            let above: UnsafePointer<UInt32>? = y > 0 && rowsMatch ? pixels + (y - 1) * w : nil
            // The filter byte (0) equals the one a row back, so a run from above can go through it.
            if inAbove {
                runBytes += 1
            } else if let a = above, row[0] == a[0] {
                inAbove = true
                runBytes = 1
            } else {
                literal(0)
            }
            var x = 0
            // Start of the open range of pixels not from above (-1: none open).
            var open = -1
            while x < w {
                if inAbove, let a = above {
                    if open >= 0 {
                        segments[segs] = Int32(open)
                        segments[segs + 1] = Int32(x)
                        segs += 2
                        open = -1
                    }
                    let k = BandEncoder.equalRun(row, a, from: x, to: w)
                    runBytes += (k - x) * bpp
                    x = k
                    if x < w {
                        match(runBytes, slot: 1)
                        inAbove = false
                    }
                    continue
                }
                let v = row[x]
                if let a = above, v == a[x] {
                    inAbove = true
                    runBytes = 0
                    continue
                }
                if open < 0 { open = x }
                if x > 0 && v == row[x - 1] {
                    // The run goes on while each pixel equals the one before it.
                    let k = BandEncoder.equalRun(row, row - 1, from: x + 1, to: w)
                    match((k - x) * bpp, slot: 0)
                    x = k
                    continue
                }
                alphas &= v
                for j in 0..<bpp { literal(P.byte(v, j)) }
                x += 1
            }
            if open >= 0 {
                segments[segs] = Int32(open)
                segments[segs + 1] = Int32(w)
                segs += 2
            }
            rowEnds[y - rows.lowerBound] = Int32(segs)
            if opaqueOnly && alphas >> 24 != 0xFF { return nil }
        }
        if inAbove { match(runBytes, slot: 1) }
        return t
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

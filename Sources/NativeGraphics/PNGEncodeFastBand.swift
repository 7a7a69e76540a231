/// Compresses one band of rows for `PNGFastDeflate`: finds the runs, counts symbols, builds the
/// Huffman tables and writes one dynamic block ending on a byte boundary.
struct BandEncoder<P: PixelBytes> {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let rows: Range<Int>
    /// Raw bytes per row: the filter byte and the pixels.
    let rowBytes: Int

    init(pixels: UnsafePointer<UInt32>, width: Int, rows: Range<Int>) {
        self.pixels = pixels; self.width = width; self.rows = rows
        rowBytes = width * P.bpp + 1
    }

    /// Token: a literal byte (< 256), or `matchFlag | length << 8 | slot` (slot 0: one pixel back,
    /// slot 1: one row back).
    static var matchFlag: UInt32 { 1 << 31 }

    /// Compresses the band; `tokens` must hold `rows.count * rowBytes` entries.
    func run(final: Bool, tokens: UnsafeMutablePointer<UInt32>) -> BandResult {
        var litFreq = [Int](repeating: 0, count: 286)
        var distFreq = [Int](repeating: 0, count: 30)
        // Rows equal to the row above, found while tokenizing: the Adler-32 reuses their sums.
        var same = [Bool](repeating: false, count: rows.count)
        let count = litFreq.withUnsafeMutableBufferPointer { lf in
            distFreq.withUnsafeMutableBufferPointer { df in
                same.withUnsafeMutableBufferPointer { sm in
                    tokenize(into: tokens, lit: lf.baseAddress!, dist: df.baseAddress!, sameAsAbove: sm.baseAddress!)
                }
            }
        }
        let bytes = DeflateBlockWriter(tokens: UnsafeBufferPointer(start: tokens, count: count), litFreq: litFreq,
                                       distFreq: distFreq, distances: [P.bpp, min(rowBytes, 32768)]).write(final: final)
        return BandResult(bytes: bytes, adler: adler(sameAsAbove: same), length: rows.count * rowBytes)
    }

    /// Finds runs and literals; returns the number of tokens written.
    private func tokenize(into tokens: UnsafeMutablePointer<UInt32>, lit: UnsafeMutablePointer<Int>, dist: UnsafeMutablePointer<Int>,
                          sameAsAbove: UnsafeMutablePointer<Bool>) -> Int {
        let w = width, bpp = P.bpp
        let table = DeflateTables.shared
        // A match may reach at most 32 KB back: wider rows only match along the row.
        let rowsMatch = rowBytes <= 32768
        let pixelDist = table.distanceCode(bpp), rowDist = table.distanceCode(min(rowBytes, 32768))
        var t = 0
        var inAbove = false
        var runBytes = 0

        @inline(__always) func literal(_ b: UInt32) { tokens[t] = b; t += 1; lit[Int(b)] += 1 }
        @inline(__always) func match(_ total: Int, slot: UInt32) {
            var left = total
            let d = slot == 0 ? pixelDist : rowDist
            while left > 0 {
                var l = min(left, 258)
                // Never leave a piece shorter than the minimum match of 3.
                if left - l > 0 && left - l < 3 { l = left - 3 }
                tokens[t] = BandEncoder.matchFlag | UInt32(l) << 8 | slot; t += 1
                lit[Int(table.lengthSymbol[l])] += 1
                dist[d.code] += 1
                left -= l
            }
        }

        for y in rows {
            let row = pixels + y * w
            let above: UnsafePointer<UInt32>? = y > 0 && rowsMatch ? pixels + (y - 1) * w : nil
            // The filter byte (0) equals the one a row back, so a run from above can go through it.
            if inAbove { runBytes += 1 } else if let a = above, row[0] == a[0] { inAbove = true; runBytes = 1 } else { literal(0) }
            var x = 0
            while x < w {
                if inAbove, let a = above {
                    let k = BandEncoder.equalRun(row, a, from: x, to: w)
                    if x == 0 && k == w { sameAsAbove[y - rows.lowerBound] = true }
                    runBytes += (k - x) * bpp
                    x = k
                    if x < w { match(runBytes, slot: 1); inAbove = false }
                    continue
                }
                let v = row[x]
                if let a = above, v == a[x] { inAbove = true; runBytes = 0; continue }
                if x > 0 && v == row[x - 1] {
                    // The run goes on while each pixel equals the one before it.
                    let k = BandEncoder.equalRun(row, row - 1, from: x + 1, to: w)
                    match((k - x) * bpp, slot: 0)
                    x = k
                    continue
                }
                for j in 0..<bpp { literal(P.byte(v, j)) }
                x += 1
            }
        }
        if inAbove { match(runBytes, slot: 1) }
        return t
    }

    /// The first index in `from..<to` where `p` and `q` differ (`to` if none), sixteen pixels at a
    /// time (one 64-byte vector compare), then four, then one.
    @inline(__always)
    static func equalRun(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, from: Int, to: Int) -> Int {
        var k = from
        let rp = UnsafeRawPointer(p), rq = UnsafeRawPointer(q)
        while k + 16 <= to {
            let d = rp.loadUnaligned(fromByteOffset: 4 * k, as: SIMD16<UInt32>.self)
                ^ rq.loadUnaligned(fromByteOffset: 4 * k, as: SIMD16<UInt32>.self)
            let e = d.lowHalf | d.highHalf
            let f = e.lowHalf | e.highHalf
            // Tested as two words: SIMD's own != compares lane by lane (four times the instructions).
            let g = unsafeBitCast(f, to: (UInt64, UInt64).self)
            if g.0 | g.1 != 0 { break }
            k += 16
        }
        while k + 4 <= to {
            let d0 = rp.loadUnaligned(fromByteOffset: 4 * k, as: UInt64.self) ^ rq.loadUnaligned(fromByteOffset: 4 * k, as: UInt64.self)
            let d1 = rp.loadUnaligned(fromByteOffset: 4 * k + 8, as: UInt64.self) ^ rq.loadUnaligned(fromByteOffset: 4 * k + 8, as: UInt64.self)
            if d0 | d1 != 0 { break }
            k += 4
        }
        while k < to && p[k] == q[k] { k += 1 }
        return k
    }

    /// Adler-32 of the band's raw bytes, a row at a time in closed form: for a row of L bytes
    /// x_1...x_L, a += sum x and b += L * a + sum (L + 1 - q) x_q. A row equal to the row above
    /// (`sameAsAbove`, from the tokenizer) has the same sums, so only the two running sums change.
    private func adler(sameAsAbove: [Bool]) -> UInt32 {
        let mod = 65521
        var a = 1, b = 0
        let w = width, bpp = P.bpp, length = rowBytes
        var sm = 0, pm = 0, cm = 0
        for y in rows {
            if !sameAsAbove[y - rows.lowerBound] || y == rows.lowerBound {
                (sm, pm, cm) = rowSums(pixels + y * w, w)
            }
            // Byte q (1-based in the row) of pixel p, channel j is at q = 2 + p * bpp + j (q = 1 is the filter byte, 0).
            // sum (L + 1 - q) x_q = (L + 1) S - (2 S + bpp * Pw + C).
            let weighted = ((length - 1) % mod * sm - bpp * pm - cm) % mod
            b = ((b + length % mod * a + weighted) % mod + mod) % mod
            a = (a + sm) % mod
        }
        return UInt32(b << 16 | a)
    }

    /// For one row, modulo 65521: S = sum of the PNG bytes, Pw = sum over pixels p of p * (pixel's
    /// byte sum), C = sum over pixels of sum of j * byte j. Eight pixels per step in vectors, and
    /// no multiplications (SSE2 has no 32-bit vector multiply): per lane, a running sum and a sum
    /// of running sums give sum t * x_t = (T - 1) * sum x - sum of the sums before each step.
    @inline(__always)
    private func rowSums(_ row: UnsafePointer<UInt32>, _ w: Int) -> (Int, Int, Int) {
        let mod: UInt64 = 65521
        var s: UInt64 = 0, pw: UInt64 = 0, c: UInt64 = 0
        var start = 0
        // Blocks of 8 * 256 pixels (one block for most rows) keep every lane sum in 32 bits
        // (sv <= 256 * 1020, bv <= 256 * sv < 2^32).
        while start &+ 8 <= w {
            let steps = min(256, (w &- start) / 8)
            var sv = SIMD8<UInt32>(), bv = SIMD8<UInt32>(), cv = SIMD8<UInt32>()
            // A pointer walk: indexed loads kept overflow checks in the loop.
            var p = UnsafeRawPointer(row + start)
            let end = p + 32 * steps
            while p < end {
                let (ps, pc) = P.sums(p.loadUnaligned(as: SIMD8<UInt32>.self))
                bv &+= sv
                sv &+= ps
                cv &+= pc
                p += 32
            }
            // Lane l holds pixels start + 8t + l: sum over them of (8t + l) * ps.
            let tw = SIMD8<UInt32>(repeating: UInt32(steps - 1)) &* sv &- bv
            var laneS: UInt64 = 0, laneT: UInt64 = 0, laneL: UInt64 = 0, laneC: UInt64 = 0
            for l in 0..<8 {
                laneS += UInt64(sv[l]); laneT += UInt64(tw[l]); laneL += UInt64(l) * UInt64(sv[l]); laneC += UInt64(cv[l])
            }
            s += laneS; c += laneC
            pw += 8 * laneT + laneL + UInt64(start) * laneS
            start += 8 * steps
        }
        while start < w {
            let v = row[start]
            var ps: UInt64 = 0, pc: UInt64 = 0
            for j in 0..<bppConstant { let x = UInt64(P.byte(v, j)); ps += x; pc += UInt64(j) * x }
            s += ps; c += pc; pw += UInt64(start) * ps
            start += 1
        }
        return (Int(s % mod), Int(pw % mod), Int(c % mod))
    }

    private var bppConstant: Int { P.bpp }
}

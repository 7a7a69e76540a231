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
        let count = litFreq.withUnsafeMutableBufferPointer { lf in
            distFreq.withUnsafeMutableBufferPointer { df in tokenize(into: tokens, lit: lf.baseAddress!, dist: df.baseAddress!) }
        }
        let bytes = DeflateBlockWriter(tokens: UnsafeBufferPointer(start: tokens, count: count), litFreq: litFreq,
                                       distFreq: distFreq, distances: [P.bpp, min(rowBytes, 32768)]).write(final: final)
        return BandResult(bytes: bytes, adler: adler(), length: rows.count * rowBytes)
    }

    /// Finds runs and literals; returns the number of tokens written.
    private func tokenize(into tokens: UnsafeMutablePointer<UInt32>, lit: UnsafeMutablePointer<Int>, dist: UnsafeMutablePointer<Int>) -> Int {
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
                    runBytes += (k - x) * bpp
                    x = k
                    if x < w { match(runBytes, slot: 1); inAbove = false }
                    continue
                }
                let v = row[x]
                if let a = above, v == a[x] { inAbove = true; runBytes = 0; continue }
                if x > 0 && v == row[x - 1] {
                    var k = x + 1
                    while k < w && row[k] == v { k += 1 }
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

    /// The first index in `from..<to` where `p` and `q` differ (`to` if none), four pixels at a time.
    @inline(__always)
    static func equalRun(_ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, from: Int, to: Int) -> Int {
        var k = from
        let rp = UnsafeRawPointer(p), rq = UnsafeRawPointer(q)
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
    /// x_1...x_L, a += sum x and b += L * a + sum (L + 1 - q) x_q. The sums vectorize.
    private func adler() -> UInt32 {
        let mod = 65521
        var a = 1, b = 0
        let w = width, bpp = P.bpp, length = rowBytes
        for y in rows {
            let row = pixels + y * w
            // S = sum of bytes, Pw = sum over pixels p of p * (pixel's byte sum), C = sum of j * byte j.
            // Blocks of 256 pixels keep the inner sums in 32 bits, so the loop vectorizes.
            var s: UInt64 = 0, pw: UInt64 = 0, c: UInt64 = 0
            var start = 0
            while start < w {
                let n = min(256, w - start)
                let block = row + start
                var bs: UInt32 = 0, bw: UInt32 = 0, bc: UInt32 = 0
                for k in 0..<n {
                    let v = block[k]
                    var ps: UInt32 = 0, pc: UInt32 = 0
                    for j in 0..<bpp { let x = P.byte(v, j); ps &+= x; pc &+= UInt32(truncatingIfNeeded: j) &* x }
                    bs &+= ps; bw &+= UInt32(truncatingIfNeeded: k) &* ps; bc &+= pc
                }
                s &+= UInt64(bs); c &+= UInt64(bc)
                pw &+= UInt64(bw) &+ UInt64(start) &* UInt64(bs)
                start += n
            }
            // Byte q (1-based in the row) of pixel p, channel j is at q = 2 + p * bpp + j (q = 1 is the filter byte, 0).
            // sum (L + 1 - q) x_q = (L + 1) S - (2 S + bpp * Pw + C).
            let sm = Int(s % UInt64(mod)), pm = Int(pw % UInt64(mod)), cm = Int(c % UInt64(mod))
            let weighted = ((length - 1) % mod * sm - bpp * pm - cm) % mod
            b = ((b + length % mod * a + weighted) % mod + mod) % mod
            a = (a + sm) % mod
        }
        return UInt32(b << 16 | a)
    }
}

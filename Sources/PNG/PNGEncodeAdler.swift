/// The Adler-32 of one band's raw PNG bytes (filter bytes included), a row at a time in closed
/// form: for a row of L bytes x_1...x_L, a += sum x and b += L * a + sum (L + 1 - q) x_q.
///
/// The three sums a row needs (`RowSums`) are linear in its pixels, so a row is summed as the row
/// above plus, over the pixels where the two differ, its sums minus the above row's (`RowDelta`,
/// gathered by `RowWriter` on the pixels it visits anyway: literals and runs along the
/// row; a run from above changes nothing). On a screen most rows differ from the row above only
/// where text or an edge crosses them. Rows without a row above in reach start from zero; a band's
/// first row starts from the sums of the row above it, summed whole.
struct BandAdler<P: PixelBytes> {
    static var mod: Int { 65521 }
    /// Raw bytes per row.
    let rowBytes: Int
    private var a = 1
    private var b = 0
    /// The sums of the last row (of the row above the band before the first).
    private var last = RowSums()

    init(rowBytes: Int) { self.rowBytes = rowBytes }

    /// Starts from the row above the band (only when rows match a row back).
    mutating func start(above: UnsafePointer<UInt32>, width: Int) {
        last = RowSums.of(above, from: 0, to: width, P.self)
    }

    /// Adds the next row: the last row's sums plus `delta` when `rowsMatch` (runs from above were
    /// searched, so every pixel not visited equals the one above), else `delta` alone.
    mutating func addRow(_ delta: RowDelta<P>, rowsMatch: Bool) {
        let mod = Self.mod
        let base = rowsMatch ? last : RowSums()
        var sums = RowSums()
        sums.s = ((base.s + delta.s) % mod + mod) % mod
        sums.pw = ((base.pw + delta.pw) % mod + mod) % mod
        sums.c = ((base.c + delta.c) % mod + mod) % mod
        last = sums
        // Byte q (1-based in the row) of pixel p, channel j is at q = 2 + p * bpp + j (q = 1 is the filter byte,
        // 0). sum (L + 1 - q) x_q = (L + 1) S - (2 S + bpp * Pw + C).
        let length = rowBytes
        let weighted = ((length - 1) % mod * sums.s - P.bpp * sums.pw - sums.c) % mod
        b = ((b + length % mod * a + weighted) % mod + mod) % mod
        a = (a + sums.s) % mod
    }

    var value: UInt32 { UInt32(b << 16 | a) }

    /// The sums of the last row added (or of the row above the band, before the first).
    var lastRow: RowSums { last }
}

/// One row's sums minus the row above's (see `RowSums`), not reduced: S, Pw and C.
struct RowDelta<P: PixelBytes> {
    var s = 0, pw = 0, c = 0

    /// Adds sums gathered by the caller over pixels before `to`.
    @inline(__always) mutating func add(s ds: Int, c dc: Int, pw dpw: Int, to: Int) {
        s &+= ds
        c &+= dc
        pw &+= dpw
        // Rows of a million pixels could overflow the products: keep them reduced.
        if to >= 1 << 20 { reduce() }
    }

    /// Adds a run of pixel `v` over `from..<to`.
    @inline(__always) mutating func addRun(_ v: UInt32, from: Int, to: Int) {
        let n = to - from
        let sv = P.sum(v)
        s &+= n &* sv
        c &+= n &* P.weighted(v)
        // The sum of x over from..<to is n (from + to - 1) / 2 (one factor is even).
        if to < 1 << 20 {
            pw &+= sv &* (n &* (from &+ to &- 1) / 2)
        } else {
            let xs =
                n % 2 == 0 ? (n / 2) % 65521 * ((from + to - 1) % 65521) : n % 65521 * ((from + to - 1) / 2 % 65521)
            pw &+= sv &* xs
            reduce()
        }
    }

    /// Removes a run of pixel `u` over `from..<to` (`addRun` negated).
    @inline(__always) mutating func subtractRun(_ u: UInt32, from: Int, to: Int) {
        var run = RowDelta()
        run.addRun(u, from: from, to: to)
        s &-= run.s
        pw &-= run.pw
        c &-= run.c
    }

    /// Removes the above row's pixels over `from..<to`; `aboveRow` holds the sums of the whole
    /// row above (`width` pixels).
    @inline(__always) mutating func subtract(
        _ above: UnsafePointer<UInt32>, from: Int, to: Int, width: Int, aboveRow: RowSums
    ) {
        if to - from < 8 {
            // A few pixels: straight, without the vector set-up.
            for x in from..<to {
                let u = above[x]
                let d = P.sum(u)
                s &-= d
                c &-= P.weighted(u)
                pw &-= x &* d
            }
        } else if (to &- from) &* 2 > width {
            // Most of the row (a run to the end of the row after the first glyph of a text line):
            // the whole row's sums, known, minus the rest, summed.
            let before = RowSums.of(above, from: 0, to: from, P.self)
            let after = RowSums.of(above, from: to, to: width, P.self)
            s &-= aboveRow.s &- before.s &- after.s
            pw &-= aboveRow.pw &- before.pw &- after.pw
            c &-= aboveRow.c &- before.c &- after.c
        } else if BandEncoder<P>.equalRun(above, above - 1, from: from &+ 1, to: to) == to {
            // The row above is one colour there too (the edge of a bar or a box): in closed form,
            // after a compare that costs a third of the sums.
            subtractRun(above[from], from: from, to: to)
        } else {
            let r = RowSums.of(above, from: from, to: to, P.self)
            s &-= r.s
            pw &-= r.pw
            c &-= r.c
        }
        if to >= 1 << 20 { reduce() }
    }

    private mutating func reduce() {
        s %= 65521
        pw %= 65521
        c %= 65521
    }
}

/// A row's (or a range's) sums modulo 65521: S = sum of the PNG bytes, Pw = sum over pixels p of
/// p * (pixel's byte sum), with p the pixel's index in its row, and C = sum over pixels of the sum
/// of j * byte j.
struct RowSums {
    var s = 0, pw = 0, c = 0

    /// The sums of pixels from..<to of `row`. Eight pixels per step in vectors, and no
    /// multiplications (SSE2 has no 32-bit vector multiply): per lane, a running sum and a sum of
    /// running sums give sum t * x_t = (T - 1) * sum x - sum of the sums before each step.
    @inline(__always)
    static func of<P: PixelBytes>(_ row: UnsafePointer<UInt32>, from: Int, to w: Int, _: P.Type) -> RowSums {
        let mod: UInt64 = 65521
        var s: UInt64 = 0
        var pw: UInt64 = 0
        var c: UInt64 = 0
        var start = from
        // Blocks of 8 * 256 pixels (one block for most rows) keep every lane sum in 32 bits
        // (sv <= 256 * 1020, bv <= 256 * sv < 2^32).
        while start &+ 8 <= w {
            let steps = min(256, (w &- start) / 8)
            var sv = SIMD8<UInt32>()
            var bv = SIMD8<UInt32>()
            var cv = SIMD8<UInt32>()
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
            var laneS: UInt64 = 0
            var laneT: UInt64 = 0
            var laneL: UInt64 = 0
            var laneC: UInt64 = 0
            for l in 0..<8 {
                laneS += UInt64(sv[l])
                laneT += UInt64(tw[l])
                laneL += UInt64(l) * UInt64(sv[l])
                laneC += UInt64(cv[l])
            }
            s += laneS
            c += laneC
            pw += 8 * laneT + laneL + UInt64(start) * laneS
            start += 8 * steps
        }
        while start < w {
            let v = row[start]
            var ps: UInt64 = 0
            var pc: UInt64 = 0
            for j in 0..<P.bpp {
                let x = UInt64(P.byte(v, j))
                ps += x
                pc += UInt64(j) * x
            }
            s += ps
            c += pc
            pw += UInt64(start) * ps
            start += 1
        }
        return RowSums(s: Int(s % mod), pw: Int(pw % mod), c: Int(c % mod))
    }
}

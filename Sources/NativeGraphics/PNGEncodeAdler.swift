/// The Adler-32 of one band's raw PNG bytes (filter bytes included), a row at a time in closed
/// form: for a row of L bytes x_1...x_L, a += sum x and b += L * a + sum (L + 1 - q) x_q.
///
/// The three sums a row needs (`RowSums`) are linear in its pixels, so a row is summed as the row
/// above plus, over the ranges where the two differ (the tokenizer's segments: pixels not covered
/// by a run from above), its sums minus the above row's. On a screen most rows differ from the row
/// above only where text or an edge crosses them: this reads a fraction of the pixels a full sum
/// reads. Rows with no row above in reach, and each band's first row, are summed whole.
struct BandAdler<P: PixelBytes> {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let rows: Range<Int>
    /// Whether runs from the row above were searched (rows of at most 32 KB): only then are the
    /// segments the ranges where a row differs from the one above.
    let hasAbove: Bool

    static var mod: Int { 65521 }

    /// `segments` holds [start, end) pixel pairs; `rowEnds[i]` is the end of row i's pairs.
    func adler(segments: UnsafePointer<Int32>, rowEnds: UnsafePointer<Int32>) -> UInt32 {
        let mod = Self.mod
        var a = 1
        var b = 0
        let bpp = P.bpp
        let length = width * bpp + 1
        var sums = RowSums()
        var segStart = 0
        for y in rows {
            let i = y - rows.lowerBound
            let segEnd = Int(rowEnds[i])
            let row = pixels + y * width
            // The ranges cost twice their pixels (both rows) and a fixed price each; a row that
            // differs almost everywhere (a shadow's top edge, a bar) is cheaper summed whole.
            var differing = 0
            var k = segStart
            while k < segEnd {
                differing += Int(segments[k + 1] - segments[k]) + 16
                k += 2
            }
            if y == rows.lowerBound || !hasAbove || y == 0 || 2 * differing >= width {
                sums = RowSums.of(row, from: 0, to: width, P.self)
            } else if segEnd > segStart {
                let above = row - width
                var ds = 0
                var dpw = 0
                var dc = 0
                k = segStart
                while k < segEnd {
                    let x0 = Int(segments[k])
                    let x1 = Int(segments[k + 1])
                    k += 2
                    if x1 - x0 < 8 {
                        // A glyph stroke's few pixels: the differences straight, without the vector set-up.
                        for x in x0..<x1 {
                            let v = row[x]
                            let u = above[x]
                            var ps = 0
                            var pc = 0
                            for j in 0..<bpp {
                                let d = Int(P.byte(v, j)) - Int(P.byte(u, j))
                                ps += d
                                pc += j * d
                            }
                            ds += ps
                            dc += pc
                            dpw += x * ps
                        }
                        continue
                    }
                    let r = RowSums.of(row, from: x0, to: x1, P.self)
                    let u = RowSums.of(above, from: x0, to: x1, P.self)
                    ds += r.s - u.s
                    dpw += r.pw - u.pw
                    dc += r.c - u.c
                }
                sums.s = ((sums.s + ds) % mod + mod) % mod
                sums.pw = ((sums.pw + dpw) % mod + mod) % mod
                sums.c = ((sums.c + dc) % mod + mod) % mod
            }
            segStart = segEnd
            // Byte q (1-based in the row) of pixel p, channel j is at q = 2 + p * bpp + j (q = 1 is the filter byte,
            // 0). sum (L + 1 - q) x_q = (L + 1) S - (2 S + bpp * Pw + C).
            let weighted = ((length - 1) % mod * sums.s - bpp * sums.pw - sums.c) % mod
            b = ((b + length % mod * a + weighted) % mod + mod) % mod
            a = (a + sums.s) % mod
        }
        return UInt32(b << 16 | a)
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

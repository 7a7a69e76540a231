/// The per-row loop of `BandEncoder.tokenize` and the state it carries from row to row: the token
/// stream, the symbol counts, and the open run from the row above (which goes on through the next
/// row's filter byte).
struct RowTokenizer<P: PixelBytes> {
    let tokens: UnsafeMutablePointer<UInt32>
    let lit: UnsafeMutablePointer<Int>
    let dist: UnsafeMutablePointer<Int>
    let lengthSymbol: [UInt16]
    /// Distance codes of a pixel back and a row back.
    let pixelDist: Int
    let rowDist: Int
    /// Token words written.
    var t = 0
    /// A run from the row above is open, `runBytes` long so far.
    var inAbove = false
    var runBytes = 0
    /// AND of every literal pixel's word: its top byte is 255 when they are all opaque.
    var alphas: UInt32 = 0xFFFF_FFFF

    init(
        tokens: UnsafeMutablePointer<UInt32>, lit: UnsafeMutablePointer<Int>, dist: UnsafeMutablePointer<Int>,
        lengthSymbol: [UInt16], pixelDist: Int, rowDist: Int
    ) {
        self.tokens = tokens
        self.lit = lit
        self.dist = dist
        self.lengthSymbol = lengthSymbol
        self.pixelDist = pixelDist
        self.rowDist = rowDist
    }

    /// Tokenizes one row (`above` is read only when `hasAbove`; callers pass a constant, so each
    /// call site is its own copy of the loop) and returns its Adler-32 sums minus the row above's.
    @inline(__always)
    mutating func row(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width w: Int, hasAbove: Bool)
        -> RowDelta<P>
    {
        let bpp = P.bpp
        var delta = RowDelta<P>()
        // The filter byte (0) equals the one a row back, so a run from above can go through it.
        if inAbove {
            runBytes &+= 1
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
                let k = BandEncoder<P>.equalRun(row, above, from: x, to: w)
                runBytes &+= (k &- x) &* bpp
                x = k
                if x == w { break }
                match(runBytes, slot: 1)
                inAbove = false
            }
            var v = row[x]
            if hasAbove && v == above[x] {
                inAbove = true
                runBytes = 0
                continue
            }
            if x > 0 && v == row[x &- 1] {
                // The run goes on while each pixel equals the one before it.
                let k = BandEncoder<P>.equalRun(row, row - 1, from: x &+ 1, to: w)
                match((k &- x) &* bpp, slot: 0)
                delta.addRun(v, from: x, to: k)
                if hasAbove { delta.subtract(above, from: x, to: k) }
                x = k
                continue
            }
            // Literal pixels until one equals the pixel above or the one before it; their Adler
            // sums after the run, in a loop of their own (one loop for both ran out of registers).
            let header = t
            let start = x
            var out = tokens + (t &+ 1)
            var all = alphas
            repeat {
                all &= v
                out.pointee = v
                out += 1
                for j in 0..<bpp { lit[Int(P.byte(v, j))] &+= 1 }
                x &+= 1
                if x == w { break }
                v = row[x]
            } while !(hasAbove && v == above[x]) && v != row[x &- 1]
            alphas = all
            t = out - tokens
            tokens[header] = BandEncoder<P>.literalsFlag | UInt32(truncatingIfNeeded: x &- start)
            if hasAbove { delta.addPixels(row, minus: above, from: start, to: x) } else { delta.addPixels(row, from: start, to: x) }
        }
        return delta
    }

    /// Closes the run from above left open by the last row.
    mutating func finish() {
        if inAbove { match(runBytes, slot: 1) }
        inAbove = false
    }

    /// Appends the tokens of a match of `total` bytes (pieces of at most 258) and counts their symbols.
    @inline(__always)
    mutating func match(_ total: Int, slot: UInt32) {
        let code = slot == 0 ? pixelDist : rowDist
        var left = total
        while left > 0 {
            var l = min(left, 258)
            // Never leave a piece shorter than the minimum match of 3.
            if left &- l > 0 && left &- l < 3 { l = left &- 3 }
            tokens[t] = BandEncoder<P>.matchFlag | UInt32(truncatingIfNeeded: l) &<< 8 | slot
            t &+= 1
            lit[Int(lengthSymbol[l])] &+= 1
            dist[code] &+= 1
            left &-= l
        }
    }
}

/// Decides a picture's Huffman codes before any band is coded: the symbols of every
/// `SymbolSampler.stride`-th row, found the way `RowWriter` finds them, are counted, and every
/// symbol that can occur anywhere gets a small count on top (each literal byte, the end of block,
/// each length symbol and the two distances), so a band may hold symbols the sample missed.
/// Only the pixels of the sampled rows decide the table: the output does not depend on the
/// number of threads.
struct SymbolSampler<P: PixelBytes> {
    /// One row in this many is counted.
    static var stride: Int { 32 }

    /// The code table, or nil when `opaqueOnly` and a sampled pixel is not opaque.
    static func table(
        _ pixels: UnsafePointer<UInt32>, width: Int, height: Int, rowBytes: Int, opaqueOnly: Bool
    ) -> DeflateCodeTable? {
        let tables = DeflateTables.shared
        let rowsMatch = rowBytes <= 32768
        let pixelDist = tables.distanceCode(P.bpp).code
        let rowDist = tables.distanceCode(min(rowBytes, 32768)).code
        var lit = [Int](repeating: 0, count: 286)
        var dist = [Int](repeating: 0, count: 30)
        var alphas: UInt32 = 0xFFFF_FFFF
        lit.withUnsafeMutableBufferPointer { lf in
            dist.withUnsafeMutableBufferPointer { df in
                tables.lengthSymbol.withUnsafeBufferPointer { ls in
                    var s = SymbolSampler(
                        lit: lf.baseAddress!, dist: df.baseAddress!, lengthSymbol: ls.baseAddress!,
                        pixelDist: pixelDist, rowDist: rowDist)
                    for y in Swift.stride(from: 0, to: height, by: stride) {
                        let row = pixels + y * width
                        if y > 0 && rowsMatch {
                            s.row(row, above: row - width, width: width, hasAbove: true)
                        } else {
                            s.row(row, above: row, width: width, hasAbove: false)
                        }
                    }
                    alphas = s.alphas
                }
            }
        }
        if opaqueOnly && alphas >> 24 != 0xFF { return nil }
        for s in 0..<286 { lit[s] += 1 }
        dist[pixelDist] += 1
        dist[rowDist] += 1
        return DeflateCodeTable(litFreq: lit, distFreq: dist, distances: (P.bpp, min(rowBytes, 32768)))
    }

    let lit: UnsafeMutablePointer<Int>
    let dist: UnsafeMutablePointer<Int>
    let lengthSymbol: UnsafePointer<UInt16>
    let pixelDist: Int
    let rowDist: Int
    var alphas: UInt32 = 0xFFFF_FFFF

    /// Counts the symbols of one row as `RowWriter` codes them, as if no run from above were open
    /// at its start.
    @inline(__always)
    mutating func row(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width w: Int, hasAbove: Bool) {
        let bpp = P.bpp
        var inAbove = false
        var runBytes = 0
        if hasAbove && row[0] == above[0] {
            inAbove = true
            runBytes = 1
        } else {
            lit[0] &+= 1
        }
        var x = 0
        while x < w {
            if inAbove {
                let k = BandEncoder<P>.equalRun(row, above, from: x, to: w)
                runBytes &+= (k &- x) &* bpp
                x = k
                if x == w { break }
                match(runBytes, code: rowDist)
                inAbove = false
            }
            var v = row[x]
            if hasAbove && v == above[x] {
                inAbove = true
                runBytes = 0
                continue
            }
            if x > 0 && v == row[x &- 1] {
                let k = BandEncoder<P>.equalRun(row, row - 1, from: x &+ 1, to: w)
                match((k &- x) &* bpp, code: pixelDist)
                x = k
                continue
            }
            repeat {
                alphas &= v
                for j in 0..<bpp { lit[Int(P.byte(v, j))] &+= 1 }
                x &+= 1
                if x == w { break }
                v = row[x]
            } while !(hasAbove && v == above[x]) && v != row[x &- 1]
        }
        if inAbove { match(runBytes, code: rowDist) }
    }

    /// Counts the symbols of a match of `total` bytes (pieces as `RowWriter.match` cuts them).
    @inline(__always)
    private func match(_ total: Int, code: Int) {
        var left = total
        while left > 0 {
            var l = min(left, 258)
            if left &- l > 0 && left &- l < 3 { l = left &- 3 }
            lit[Int(lengthSymbol[l])] &+= 1
            dist[code] &+= 1
            left &-= l
        }
    }
}

/// DEFLATE's fixed tables (RFC 1951 section 3.2.5): match lengths and distances to symbols and
/// extra bits.
struct DeflateTables: Sendable {
    /// Symbol (257...285) for each match length 0...258 (entries below 3 unused).
    let lengthSymbol: [UInt16]
    /// Base length of each length symbol 257...285, indexed by symbol - 257.
    let lengthBase: [Int]
    /// Extra bits of each length symbol, indexed by symbol - 257.
    let lengthExtra: [Int]

    static let shared = DeflateTables()

    private init() {
        var base: [Int] = []
        var extra: [Int] = []
        var length = 3
        for sym in 0..<28 {
            let e = sym < 8 ? 0 : (sym - 4) / 4
            base.append(length)
            extra.append(e)
            length += 1 << e
        }
        base.append(258)
        extra.append(0)  // symbol 285
        var table = [UInt16](repeating: 0, count: 259)
        for sym in 0..<29 {
            let upper = sym == 28 ? 258 : (sym == 27 ? 257 : base[sym + 1] - 1)
            for l in base[sym]...upper { table[l] = UInt16(257 + sym) }
        }
        table[258] = 285
        lengthSymbol = table
        lengthBase = base
        lengthExtra = extra
    }

    /// The distance code (0...29), its extra bits and their value for `distance` (1...32768).
    func distanceCode(_ distance: Int) -> (code: Int, extraBits: Int, extra: UInt32) {
        precondition((1...32768).contains(distance))
        if distance <= 4 { return (distance - 1, 0, 0) }
        // Codes 4 + 2k and 5 + 2k share k + 1 extra bits.
        let d = distance - 1
        let top = Int.bitWidth - 1 - d.leadingZeroBitCount  // highest set bit, >= 2
        let extraBits = top - 1
        let code = 2 * top + ((d >> extraBits) & 1)
        return (code, extraBits, UInt32(d & ((1 << extraBits) - 1)))
    }
}

/// Code-length alphabet order of a dynamic block's header.
private let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/// A picture's codes for `PNGFastDeflate` (decided from a sample: `SymbolSampler`), ready for
/// `RowWriter`: one table load per symbol, and the dynamic block header every band repeats.
/// Shared read-only by the threads that code the bands.
final class DeflateCodeTable: @unchecked Sendable {
    /// Per literal byte (0...255) and per match length (256 + 3...258), the whole bit pattern
    /// (code, then extra bits) in the low 32 bits and its size above.
    let codes: UnsafeMutablePointer<UInt64>
    /// Per distance slot (a pixel back, a row back): the distance code and its extra bits joined,
    /// and their size.
    let distBits: (UInt64, UInt64)
    let distCount: (Int, Int)
    /// The end-of-block code and its size.
    let endOfBlock: (UInt64, Int)
    /// The block header after BFINAL (block type, table sizes, code lengths), as writes.
    let header: [(UInt64, Int)]

    init(litFreq: [Int], distFreq: [Int], distances: (Int, Int)) {
        let table = DeflateTables.shared
        var lf = litFreq
        var df = distFreq
        lf[256] = max(lf[256], 1)  // end of block
        DeflateCodeTable.ensureTwoUsed(&lf)
        DeflateCodeTable.ensureTwoUsed(&df)
        let lit = DeflateHuffman(frequencies: lf, maxBits: 15)
        let dist = DeflateHuffman(frequencies: df, maxBits: 15)
        let hlit = max(257, (lit.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let hdist = max(1, (dist.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let (clSymbols, clFreq) = DeflateCodeTable.runLengths(
            Array(lit.lengths[0..<hlit]) + Array(dist.lengths[0..<hdist]))
        var cf = clFreq
        DeflateCodeTable.ensureTwoUsed(&cf)
        let cl = DeflateHuffman(frequencies: cf, maxBits: 7)
        var hclen = 19
        while hclen > 4 && cl.lengths[codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }
        var h: [(UInt64, Int)] = [(2, 2), (UInt64(hlit - 257), 5), (UInt64(hdist - 1), 5), (UInt64(hclen - 4), 4)]
        for i in 0..<hclen { h.append((UInt64(cl.lengths[codeLengthOrder[i]]), 3)) }
        for (sym, extra) in clSymbols {
            h.append((UInt64(cl.codes[Int(sym)]), Int(cl.lengths[Int(sym)])))
            switch sym {
            case 16: h.append((UInt64(extra), 2))
            case 17: h.append((UInt64(extra), 3))
            case 18: h.append((UInt64(extra), 7))
            default: break
            }
        }
        header = h
        endOfBlock = (UInt64(lit.codes[256]), Int(lit.lengths[256]))
        let d = [distances.0, distances.1].map { table.distanceCode($0) }
        let bits = d.map { UInt64(dist.codes[$0.code] | $0.extra << UInt32(dist.lengths[$0.code])) }
        let count = d.map { Int(dist.lengths[$0.code]) + $0.extraBits }
        distBits = (bits[0], bits[1])
        distCount = (count[0], count[1])
        codes = .allocate(capacity: 256 + 259)
        for s in 0..<256 { codes[s] = UInt64(lit.codes[s]) | UInt64(lit.lengths[s]) << 32 }
        for l in 0...258 {
            guard l >= 3 else {
                codes[256 + l] = 0
                continue
            }
            let sym = Int(table.lengthSymbol[l])
            let n = Int(lit.lengths[sym])
            let bits = lit.codes[sym] | UInt32(l - table.lengthBase[sym - 257]) << UInt32(n)
            codes[256 + l] = UInt64(bits) | UInt64(n + table.lengthExtra[sym - 257]) << 32
        }
    }

    deinit { codes.deallocate() }

    /// Makes sure at least two symbols have a code (one-code trees are not complete, and some
    /// decoders refuse them).
    static func ensureTwoUsed(_ freq: inout [Int]) {
        var used = freq.filter { $0 > 0 }.count
        var i = 0
        while used < 2 && i < freq.count {
            if freq[i] == 0 {
                freq[i] = 1
                used += 1
            }
            i += 1
        }
    }

    /// The code-length sequence in the code-length alphabet: symbols 0...15 are lengths, 16 repeats
    /// the previous length 3...6 times, 17 and 18 repeat zero 3...10 and 11...138 times.
    static func runLengths(_ lengths: [UInt8]) -> ([(UInt8, Int)], [Int]) {
        var out: [(UInt8, Int)] = []
        var freq = [Int](repeating: 0, count: 19)
        func emit(_ s: UInt8, _ extra: Int = 0) {
            out.append((s, extra))
            freq[Int(s)] += 1
        }
        var i = 0
        while i < lengths.count {
            let l = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == l { run += 1 }
            i += run
            if l == 0 {
                while run >= 11 {
                    let r = min(run, 138)
                    emit(18, r - 11)
                    run -= r
                }
                if run >= 3 {
                    emit(17, run - 3)
                    run = 0
                }
                while run > 0 {
                    emit(0)
                    run -= 1
                }
            } else {
                emit(l)
                run -= 1
                while run >= 3 {
                    let r = min(run, 6)
                    emit(16, r - 3)
                    run -= r
                }
                while run > 0 {
                    emit(l)
                    run -= 1
                }
            }
        }
        return (out, freq)
    }
}

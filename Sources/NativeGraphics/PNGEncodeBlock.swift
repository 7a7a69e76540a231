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

/// Writes one dynamic-Huffman block for a list of tokens (see `BandEncoder`), then either ends the
/// stream (final) or appends an empty stored block so that the next band starts on a byte.
struct DeflateBlockWriter<P: PixelBytes> {
    let tokens: UnsafeBufferPointer<UInt32>
    var litFreq: [Int]
    var distFreq: [Int]
    /// The distance of token slot 0 and slot 1.
    let distances: [Int]


    func write(final: Bool) -> [UInt8] {
        let table = DeflateTables.shared
        var lf = litFreq
        var df = distFreq
        lf[256] += 1  // end of block
        DeflateBlockWriter.ensureTwoUsed(&lf)
        DeflateBlockWriter.ensureTwoUsed(&df)
        let lit = DeflateHuffman(frequencies: lf, maxBits: 15)
        let dist = DeflateHuffman(frequencies: df, maxBits: 15)
        let hlit = max(257, (lit.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let hdist = max(1, (dist.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let (clSymbols, clFreq) = DeflateBlockWriter.runLengths(
            Array(lit.lengths[0..<hlit]) + Array(dist.lengths[0..<hdist]))
        var cf = clFreq
        DeflateBlockWriter.ensureTwoUsed(&cf)
        let cl = DeflateHuffman(frequencies: cf, maxBits: 7)
        var hclen = 19
        while hclen > 4 && cl.lengths[codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }

        // An upper bound of the size: every symbol's code and extra bits, plus the header.
        var bits = 17 + 3 * hclen + 64
        for s in 0..<286 where lf[s] > 0 {
            bits += lf[s] * (Int(lit.lengths[s]) + (s > 256 ? table.lengthExtra[s - 257] : 0))
        }
        for d in 0..<30 where df[d] > 0 { bits += df[d] * (Int(dist.lengths[d]) + max(0, d / 2 - 1)) }
        for (sym, _) in clSymbols { bits += Int(cl.lengths[Int(sym)]) + 7 }
        let capacity = bits / 8 + 64
        return [UInt8](unsafeUninitializedCapacity: capacity) { buf, initialized in
            var w = DeflateBitWriter(buf.baseAddress!, capacity: capacity)
            w.put(UInt32(final ? 1 : 0), 1)
            w.put(UInt32(2), 2)  // dynamic Huffman
            w.put(UInt32(hlit - 257), 5)
            w.put(UInt32(hdist - 1), 5)
            w.put(UInt32(hclen - 4), 4)
            for i in 0..<hclen { w.put(UInt32(cl.lengths[codeLengthOrder[i]]), 3) }
            for (sym, extra) in clSymbols {
                w.put(cl.codes[Int(sym)], Int(cl.lengths[Int(sym)]))
                switch sym {
                case 16: w.put(UInt32(extra), 2)
                case 17: w.put(UInt32(extra), 3)
                case 18: w.put(UInt32(extra), 7)
                default: break
                }
            }
            writeTokens(&w, lit: lit, dist: dist)
            w.put(lit.codes[256], Int(lit.lengths[256]))
            if !final {
                // An empty stored block: header, pad to a byte, LEN 0, NLEN 0xFFFF.
                w.put(UInt32(0), 3)
                w.alignToByte()
                w.put(UInt32(0xFFFF_0000), 32)
            }
            w.alignToByte()
            initialized = w.count
        }
    }

    private func writeTokens(_ w: inout DeflateBitWriter, lit: DeflateHuffman, dist: DeflateHuffman) {
        let table = DeflateTables.shared
        let d = distances.map { table.distanceCode($0) }
        // Per slot: the distance code and its extra bits, joined into one write.
        let distBits = d.map { UInt64(dist.codes[$0.code] | $0.extra << UInt32(dist.lengths[$0.code])) }
        let distCount = d.map { Int(dist.lengths[$0.code]) + $0.extraBits }
        // Per literal byte and per match length, the whole bit pattern (code, then extra bits) in
        // the low 32 bits and its size above: one table load per symbol. Raw pointers and a local
        // writer keep the loop free of closures, so the writer's state stays in registers.
        let codes = UnsafeMutablePointer<UInt64>.allocate(capacity: 256 + 259)
        defer { codes.deallocate() }
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
        let d0 = distBits[0]
        let d1 = distBits[1]
        let n0 = distCount[0]
        let n1 = distCount[1]
        let low: UInt64 = 0xFFFF_FFFF
        var out = w
        var i = 0
        let end = tokens.count
        let tok = tokens.baseAddress!
        while i < end {
            let t = tok[i]
            i &+= 1
            if t & BandEncoder<P>.matchFlag != 0 {
                // Length code and extra bits, then the slot's distance code and extra bits: <= 48 bits.
                let e = codes[256 &+ Int(t &>> 8 & 0x1ff)]
                let n = Int(truncatingIfNeeded: e &>> 32)
                if t & 1 == 0 {
                    out.put(e & low | d0 &<< UInt64(n), n &+ n0)
                } else {
                    out.put(e & low | d1 &<< UInt64(n), n &+ n1)
                }
            } else if t & BandEncoder<P>.literalsFlag != 0 {
                let stop = i &+ Int(t & 0x3FFF_FFFF)
                while i < stop {
                    let v = tok[i]
                    i &+= 1
                    // A pixel's byte codes joined into one write (<= 45 bits), two for RGBA (<= 60).
                    var bits: UInt64 = 0
                    var n: UInt64 = 0
                    for j in 0..<P.bpp {
                        if j == 2 && P.bpp == 4 {
                            out.put(bits, Int(truncatingIfNeeded: n))
                            bits = 0
                            n = 0
                        }
                        let e = codes[Int(P.byte(v, j))]
                        bits |= (e & low) &<< n
                        n &+= e &>> 32
                    }
                    out.put(bits, Int(truncatingIfNeeded: n))
                }
            } else {
                let e = codes[Int(t)]
                out.put(e & low, Int(truncatingIfNeeded: e &>> 32))
            }
        }
        w = out
    }

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

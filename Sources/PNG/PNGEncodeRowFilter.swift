/// PNG row filters (filter method 0): each output row is the filter type byte then the filtered bytes.
struct PNGRowFilter {
    let rowBytes: Int
    let bytesPerPixel: Int
    private var out: [UInt8]
    private var trial: [UInt8]

    init(rowBytes: Int, bytesPerPixel: Int) {
        self.rowBytes = rowBytes
        self.bytesPerPixel = bytesPerPixel
        out = [UInt8](repeating: 0, count: rowBytes + 1)
        trial = out
    }

    /// Filter type 0: the row as it is.
    mutating func none(_ row: [UInt8]) -> [UInt8] {
        out[0] = 0
        out.withUnsafeMutableBufferPointer { o in
            row.withUnsafeBufferPointer { r in
                (o.baseAddress! + 1).update(from: r.baseAddress!, count: rowBytes)
            }
        }
        return out
    }

    /// The filter type (0...4) whose output has the smallest sum of absolute signed bytes
    /// (libpng's heuristic); a trial stops as soon as it cannot win.
    mutating func adaptive(_ row: [UInt8], _ prior: [UInt8]) -> [UInt8] {
        var best = Int.max
        for type in UInt8(0)...4 {
            let cost = PNGRowFilter.apply(type, row, prior, bpp: bytesPerPixel, limit: best, into: &trial)
            if cost < best {
                best = cost
                swap(&out, &trial)
            }
        }
        return out
    }

    /// Filters `row` with `type` into `dst`; returns the heuristic cost, or Int.max once it
    /// reaches `limit`.
    private static func apply(
        _ type: UInt8, _ row: [UInt8], _ prior: [UInt8], bpp: Int, limit: Int, into dst: inout [UInt8]
    ) -> Int {
        let n = row.count
        var cost = 0
        dst.withUnsafeMutableBufferPointer { dp in
            row.withUnsafeBufferPointer { rp in
                prior.withUnsafeBufferPointer { pp in
                    let d = dp.baseAddress! + 1
                    let r = rp.baseAddress!
                    let p = pp.baseAddress!
                    dp[0] = type
                    var i = 0
                    // Checking the limit once per 64 bytes keeps the inner loop simple.
                    while i < n {
                        let start = i
                        let end = min(n, i + 64)
                        switch type {
                        case 0:
                            while i < end {
                                d[i] = r[i]
                                i += 1
                            }
                        case 1:
                            while i < end {
                                d[i] = r[i] &- (i >= bpp ? r[i - bpp] : 0)
                                i += 1
                            }
                        case 2:
                            while i < end {
                                d[i] = r[i] &- p[i]
                                i += 1
                            }
                        case 3:
                            while i < end {
                                let a = i >= bpp ? Int(r[i - bpp]) : 0
                                d[i] = r[i] &- UInt8((a + Int(p[i])) >> 1)
                                i += 1
                            }
                        default:
                            while i < end {
                                let a = i >= bpp ? Int(r[i - bpp]) : 0
                                let b = Int(p[i])
                                let c = i >= bpp ? Int(p[i - bpp]) : 0
                                let q = a + b - c
                                let pa = abs(q - a)
                                let pb = abs(q - b)
                                let pc = abs(q - c)
                                let pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                                d[i] = r[i] &- UInt8(pred)
                                i += 1
                            }
                        }
                        var k = start
                        while k < end {
                            let v = Int(d[k])
                            cost += v < 128 ? v : 256 - v
                            k += 1
                        }
                        if cost >= limit {
                            cost = Int.max
                            return
                        }
                    }
                }
            }
        }
        return cost
    }
}

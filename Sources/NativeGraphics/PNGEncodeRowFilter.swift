/// PNG row filters (filter method 0): each output row is the filter type byte then the filtered bytes.
struct PNGRowFilter {
    let rowBytes: Int
    let bytesPerPixel: Int
    private var out: [UInt8]
    private var trial: [UInt8]

    init(rowBytes: Int, bytesPerPixel: Int) {
        self.rowBytes = rowBytes; self.bytesPerPixel = bytesPerPixel
        out = [UInt8](repeating: 0, count: rowBytes + 1)
        trial = out
    }

    /// Filter type 0: the row as it is.
    mutating func none(_ row: [UInt8]) -> [UInt8] {
        out[0] = 0
        out.withUnsafeMutableBufferPointer { o in row.withUnsafeBufferPointer { r in
            (o.baseAddress! + 1).update(from: r.baseAddress!, count: rowBytes)
        } }
        return out
    }

    /// The filter type (0...4) whose output has the smallest sum of absolute signed bytes.
    mutating func adaptive(_ row: [UInt8], _ prior: [UInt8]) -> [UInt8] {
        var bestCost = Int.max
        for type in UInt8(0)...4 {
            let cost = apply(type, row, prior, into: &trial)
            if cost < bestCost { bestCost = cost; swap(&out, &trial) }
        }
        return out
    }

    /// Filters `row` with `type` into `dst`; returns the heuristic cost.
    private func apply(_ type: UInt8, _ row: [UInt8], _ prior: [UInt8], into dst: inout [UInt8]) -> Int {
        let n = rowBytes, bpp = bytesPerPixel
        var cost = 0
        dst.withUnsafeMutableBufferPointer { d in row.withUnsafeBufferPointer { r in prior.withUnsafeBufferPointer { p in
            d[0] = type
            for i in 0..<n {
                let a = i >= bpp ? Int(r[i - bpp]) : 0
                let b = Int(p[i])
                let c = i >= bpp ? Int(p[i - bpp]) : 0
                let x = Int(r[i])
                let v: Int
                switch type {
                case 0: v = x
                case 1: v = x - a
                case 2: v = x - b
                case 3: v = x - (a + b) / 2
                default: v = x - paeth(a, b, c)
                }
                let byte = UInt8(truncatingIfNeeded: v)
                d[i + 1] = byte
                cost += byte < 128 ? Int(byte) : 256 - Int(byte)
            }
        } } }
        return cost
    }

    private func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

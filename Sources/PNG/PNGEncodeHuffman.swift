/// Canonical Huffman codes for DEFLATE (RFC 1951 section 3.2.2) and an LSB-first bit writer:
/// the back end of the fast PNG encoder (`PNGFastDeflate`).
struct DeflateHuffman {
    /// Code length per symbol (0 = unused).
    let lengths: [UInt8]
    /// Codes bit-reversed, ready for an LSB-first stream.
    let codes: [UInt32]

    /// The optimal lengths for `frequencies`, limited to `maxBits`, and their canonical codes.
    init(frequencies: [Int], maxBits: Int) {
        lengths = DeflateHuffman.lengths(frequencies, maxBits: maxBits)
        codes = DeflateHuffman.canonicalCodes(lengths)
    }

    /// Huffman code lengths limited to `maxBits` (miniz's method: build the tree, then move
    /// over-long codes up and rebalance the Kraft sum). Ties break by symbol, so the result is
    /// deterministic. Callers make sure at least two symbols are used.
    static func lengths(_ freq: [Int], maxBits: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: freq.count)
        // Ascending by frequency, then symbol: one integer sort of frequency << 16 | symbol (a
        // closure comparing through the array cost ten times more).
        var keys: [Int] = []
        for (s, f) in freq.enumerated() where f > 0 { keys.append(f << 16 | s) }
        if keys.isEmpty { return out }
        if keys.count == 1 {
            out[keys[0] & 0xffff] = 1
            return out
        }
        keys.sort()
        let used = keys.map { $0 & 0xffff }
        // Two-queue Huffman construction over leaves (sorted) and internal nodes (created in order).
        let n = used.count
        var weight = used.map { freq[$0] } + [Int](repeating: 0, count: n - 1)
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var leaf = 0
        var node = n
        var next = n
        func pick() -> Int {
            if leaf < n && (node >= next || weight[leaf] <= weight[node]) {
                leaf += 1
                return leaf - 1
            }
            node += 1
            return node - 1
        }
        while next < 2 * n - 1 {
            let a = pick()
            let b = pick()
            weight[next] = weight[a] + weight[b]
            parent[a] = next
            parent[b] = next
            next += 1
        }
        // Depths: the root is the last node; parents always come after children.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for i in stride(from: 2 * n - 3, through: 0, by: -1) { depth[i] = depth[parent[i]] + 1 }
        // Count codes per length, clamping to maxBits, then restore the Kraft equality.
        var count = [Int](repeating: 0, count: max(maxBits, depth.max() ?? 0) + 1)
        for i in 0..<n { count[min(depth[i], maxBits)] += 1 }
        var total = 0
        for len in 1...maxBits { total += count[len] << (maxBits - len) }
        while total > 1 << maxBits {
            count[maxBits] -= 1
            for len in stride(from: maxBits - 1, through: 1, by: -1) where count[len] > 0 {
                count[len] -= 1
                count[len + 1] += 2
                break
            }
            total -= 1
        }
        // The most frequent symbols (end of `used`) get the shortest codes.
        var k = n - 1
        for len in 1...maxBits {
            for _ in 0..<count[len] {
                out[used[k]] = UInt8(len)
                k -= 1
            }
        }
        return out
    }

    /// RFC 1951's canonical codes for `lengths`, bit-reversed.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        let maxLen = Int(lengths.max() ?? 0)
        var perLength = [Int](repeating: 0, count: maxLen + 2)
        for l in lengths where l > 0 { perLength[Int(l)] += 1 }
        var nextCode = [UInt32](repeating: 0, count: maxLen + 2)
        var code: UInt32 = 0
        if maxLen > 0 {
            for bits in 1...maxLen {
                code = (code + UInt32(perLength[bits - 1])) << 1
                nextCode[bits] = code
            }
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = nextCode[Int(l)]
            nextCode[Int(l)] += 1
            return reverse(c, bits: Int(l))
        }
    }

    static func reverse(_ v: UInt32, bits: Int) -> UInt32 {
        var r: UInt32 = 0
        var x = v
        for _ in 0..<bits {
            r = (r << 1) | (x & 1)
            x >>= 1
        }
        return r
    }
}

/// Writes bits least-significant first into a caller-sized buffer (DEFLATE's bit order).
///
/// Branch-free: each write stores the whole 64-bit accumulator and moves on by the bytes it
/// completed, so fewer than 8 bits are ever pending and one write takes up to 56 bits (a literal
/// RGB pixel's three codes, or a match's length and distance codes with their extra bits).
struct DeflateBitWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var next: UnsafeMutablePointer<UInt8>
    private var acc: UInt64 = 0
    private var filled: UInt64 = 0

    /// Writes into `buffer`, which must hold every byte written plus 8 bytes of slack.
    init(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) {
        base = buffer
        next = buffer
        self.capacity = capacity
    }

    /// Bytes completed so far.
    var count: Int { next - base }

    /// Appends the low `n` bits of `bits` (n <= 56; the bits above n must be zero).
    @inline(__always)
    mutating func put(_ bits: UInt64, _ n: Int) {
        acc |= bits &<< filled
        filled &+= UInt64(truncatingIfNeeded: n)
        UnsafeMutableRawPointer(next).storeBytes(of: acc.littleEndian, as: UInt64.self)
        let whole = filled &>> 3
        next += Int(truncatingIfNeeded: whole)
        acc = acc &>> (whole &<< 3)
        filled &= 7
    }

    @inline(__always)
    mutating func put(_ bits: UInt32, _ n: Int) { put(UInt64(bits), n) }

    /// Pads with zero bits to a whole byte and writes out everything pending; checks that the
    /// writes stayed within the buffer (the caller's capacity is an upper bound of the bits).
    mutating func alignToByte() {
        if filled > 0 { put(0 as UInt64, 8 - Int(filled)) }
        precondition(count + 8 <= capacity, "deflate output overflow")
    }
}

/// A 128-bit fingerprint of a bitmap's size and pixels: two independent multiply-rotate lanes over
/// 8-byte words (about 3 ms for a 12 MB phone frame). Not cryptographic; it tells a golden's pixels
/// from an accidentally different frame (`render check` skips decoding a golden whose recorded
/// fingerprint equals the new frame's).
extension Bitmap {
    package var fingerprint: [UInt8] {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(width)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F ^ UInt64(height)
        @inline(__always) func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        pixels.withUnsafeBytes { raw in
            let words = raw.count / 8
            var i = 0
            while i < words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                a = rotl(a ^ w, 29) &* 0x9E37_79B9_7F4A_7C15
                b = rotl(b &+ (w &* 0xC2B2_AE3D_27D4_EB4F), 31) &* 0x1656_67B1_9E37_79F9
                i += 1
            }
            for j in (words * 8)..<raw.count {
                a = rotl(a ^ UInt64(raw[j]), 29) &* 0x9E37_79B9_7F4A_7C15
                b = rotl(b &+ UInt64(raw[j]), 31) &* 0x1656_67B1_9E37_79F9
            }
        }
        // Final avalanche of each lane, each mixed with the other.
        func mix(_ x: UInt64) -> UInt64 {
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let h1 = mix(a ^ rotl(b, 17))
        let h2 = mix(b ^ UInt64(pixels.count))
        return (0..<8).map { UInt8(truncatingIfNeeded: h1 >> ($0 * 8)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: h2 >> ($0 * 8)) }
    }
}

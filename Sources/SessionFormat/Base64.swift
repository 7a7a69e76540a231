/// Why base64 text could not be decoded.
package struct Base64Error: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// Standard base64 (RFC 4648: `A-Z a-z 0-9 + /`, `=` padding) decoding with a precise error,
/// which `Data(base64Encoded:)` does not give. Missing final padding is accepted.
package enum Base64 {
    private static let table: [Int8] = {
        var t = [Int8](repeating: -1, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = Int8(i) }
        return t
    }()

    /// Decodes `text`; throws naming the first bad character and its offset.
    package static func decode(_ text: String) throws -> [UInt8] {
        let chars = Array(text.utf8)
        var end = chars.count
        var padding = 0
        while end > 0, chars[end - 1] == UInt8(ascii: "="), padding < 2 {
            end -= 1
            padding += 1
        }
        if padding > 0, chars.count % 4 != 0 {
            throw Base64Error("base64 length \(chars.count) is not a multiple of 4 although it is padded")
        }
        let rem = end % 4
        if rem == 1 { throw Base64Error("base64 data is truncated (\(end) characters, one too many for whole bytes)") }
        var out: [UInt8] = []
        out.reserveCapacity(end * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        for i in 0..<end {
            let v = table[Int(chars[i])]
            guard v >= 0 else {
                let shown =
                    chars[i] == UInt8(ascii: "=")
                    ? "'='"
                    : (chars[i] < 0x80 && chars[i] >= 0x20
                        ? "'\(Character(Unicode.Scalar(chars[i])))'" : "byte 0x\(String(chars[i], radix: 16))")
                throw Base64Error("invalid base64 character \(shown) at offset \(i)")
            }
            acc = (acc << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((acc >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}

import Primitives

/// JSON written by hand, byte by byte, in a fixed key order (session files, event lines, reports):
/// the one place that knows how a JSON string literal and a number are spelled.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    package init() {}

    /// Text that is already JSON (punctuation, keys written as literals).
    package mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// A finite number in its shortest exact form (integers without a fraction); others as 0.
    package mutating func number(_ d: Double) {
        guard d.isFinite else {
            raw("0")
            return
        }
        raw(CheckedInt.text(d))
    }

    /// A JSON string literal (control characters, quotes and backslashes escaped).
    package mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// What has been written, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `s` as a JSON string literal, for JSON assembled from strings.
    package static func quote(_ s: String) -> String {
        var w = JSONWriter()
        w.string(s)
        return w.text
    }

    private static let hex = Array("0123456789abcdef".utf8)
}

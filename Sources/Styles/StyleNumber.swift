import Foundation
import Primitives

/// Strict number and list syntax of style values: plain decimals as the framework sends them
/// ("12", "0.100000", "-4", "1e2"), never `nan`, `inf` or hexadecimal floats.
enum StyleNumber {
    /// The characters a number may contain: `0123456789+-.eE`.
    private static func isAllowed(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E || b == 0x65 || b == 0x45
    }

    /// A finite decimal number within ±`StyleLimits.maxMagnitude`, or nil.
    static func parse(_ raw: String) -> Double? {
        guard let v = parseUnbounded(raw), abs(v) <= StyleLimits.maxMagnitude else { return nil }
        return v
    }

    /// A finite decimal number of any size, or nil (to name the range in messages).
    static func parseUnbounded(_ raw: String) -> Double? {
        let s = raw.trimmingSpace()
        // A byte test instead of `Set<Character>` lookups: a non-ASCII byte is never allowed, so a
        // string passes exactly when each of its characters is one of the allowed ones.
        guard !s.isEmpty, s.utf8.allSatisfy(isAllowed), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// A number, or a `StyleError` naming what was expected.
    static func number(_ raw: String, min: Double? = nil, max: Double? = nil, what: String = "a number") throws
        -> Double
    {
        guard let v = parse(raw) else { throw StyleError("expected \(what)") }
        if let min, v < min { throw StyleError("\(what) must be at least \(fmtNumber(min))") }
        if let max, v > max { throw StyleError("\(what) must be at most \(fmtNumber(max))") }
        return v
    }

    /// A size in dp: a number >= 0.
    static func size(_ raw: String) throws -> Double {
        try number(raw, min: 0, what: "a size in dp (a number >= 0)")
    }

    /// Splits a value into tokens at white space outside parentheses (so `rgb(1, 2, 3)` stays one token).
    static func tokens(_ raw: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var depth = 0
        for ch in raw {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = Swift.max(0, depth - 1) }
            if depth == 0 && (ch == " " || ch == "\t" || ch == "\n") {
                if !cur.isEmpty {
                    out.append(cur)
                    cur = ""
                }
            } else {
                cur.append(ch)
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// Splits at commas outside parentheses (the arguments of `linear-gradient(...)`).
    static func commaSeparated(_ raw: Substring) -> [String] {
        var out: [String] = []
        var cur = ""
        var depth = 0
        for ch in raw {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = Swift.max(0, depth - 1) }
            if ch == "," && depth == 0 {
                out.append(cur.trimmingSpace())
                cur = ""
            } else {
                cur.append(ch)
            }
        }
        out.append(cur.trimmingSpace())
        return out
    }

    /// 1 to 4 numbers in CSS order with CSS repetition (`a b` = a b a b, `a b c` = a b c b), as
    /// (top, right, bottom, left) or (top-left, top-right, bottom-right, bottom-left).
    /// A 2- or 3-value list gets a note: Android repeats the last value and iOS takes only the first.
    /// Under `.firstOnly` (iOS `integerValue`) the first number, truncated to an integer, is every
    /// side and the rest is not read; under `.repeatLast` (Android `parseFloatArray`) a missing
    /// value repeats the previous one (`a b` = a b b b).
    static func list(
        _ raw: String, key: String, allowNegative: Bool,
        rule: PlatformProfile.ListRule = .css
    ) throws -> (values: [Double], notes: [PortabilityNote]) {
        let parts = raw.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        switch rule {
        case .css: break
        case .firstOnly:
            guard let first = parts.first else { throw StyleError("expected a number") }
            let v = (try allowNegative ? number(first) : size(first)).rounded(.towardZero)
            let notes =
                parts.count > 1 || v != (try? number(first))
                ? [
                    PortabilityNote(
                        "\(key): iOS reads only the first integer of \"\(raw)\": \(fmtNumber(v)) on every side")
                ] : []
            return ([v, v, v, v], notes)
        case .repeatLast:
            guard (1...4).contains(parts.count) else { throw StyleError("expected 1 to 4 numbers") }
            let n = try parts.map { try allowNegative ? number($0) : size($0) }
            let four = (0..<4).map { n[Swift.min($0, n.count - 1)] }
            let notes =
                n.count == 2 || n.count == 3
                ? [
                    PortabilityNote(
                        """
                        \(key): Android repeats the last value: \"\(raw)\" is \
                        \(four.map(fmtNumber).joined(separator: " "))
                        """
                    )
                ] : []
            return (four, notes)
        }
        guard (1...4).contains(parts.count) else { throw StyleError("expected 1 to 4 numbers") }
        let n = try parts.map { try allowNegative ? number($0) : size($0) }
        let four: [Double]
        switch n.count {
        case 1: four = [n[0], n[0], n[0], n[0]]
        case 2: four = [n[0], n[1], n[0], n[1]]
        case 3: four = [n[0], n[1], n[2], n[1]]
        default: four = n
        }
        var notes: [PortabilityNote] = []
        if n.count == 2 || n.count == 3 {
            let android = (0..<4).map { fmtNumber(n[Swift.min($0, n.count - 1)]) }.joined(separator: " ")
            notes.append(
                PortabilityNote(
                    """
                    \(key): \"\(raw)\" is \(four.map(fmtNumber).joined(separator: " ")) here (CSS), but Android \
                    reads \(android) and iOS uses only \(fmtNumber(n[0])); write all 4 values
                    """
                ))
        }
        return (four, notes)
    }

    /// A number for messages: no trailing `.0`.
    static func fmtNumber(_ v: Double) -> String {
        CheckedInt.text(v)
    }
}

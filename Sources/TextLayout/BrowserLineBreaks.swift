import CairoFonts

/// Line break opportunities as browsers find them: UAX #14 (libunibreak), except between two
/// printable ASCII characters, where Chromium (like WebKit and Firefox before it) uses a table of
/// its own (`kAsciiLineBreakTable` in Blink's text_break_iterator.cc): a break only after `-` and
/// `?`, and before `(` `<` `[` `{` after most punctuation. So `https://example.com/a/b`,
/// `and/or` and `wait!now` stay whole (UAX #14 would break after `/` and `!`), as on the web
/// views an app developer compares with.
enum BrowserLineBreaks {
    /// `breaks` (libunibreak's, one per code point of `text`) with the ASCII pairs replaced.
    static func tailor(_ breaks: [LineBreaker.Break], _ text: [UInt32]) -> [LineBreaker.Break] {
        var out = breaks
        guard text.count > 1 else { return out }
        for i in 0..<(text.count - 1) where !out[i].isMustBreak {
            let ch = text[i]
            let next = text[i + 1]
            guard isTableChar(ch), isTableChar(next) else { continue }
            let last: UInt32 = i > 0 ? text[i - 1] : 0
            out[i] = shouldBreakAfter(last: last, ch: ch, next: next) ? .allowBreak : .noBreak
        }
        return out
    }

    /// Printable ASCII other than the space (`!` ... DEL): the characters the table covers.
    static func isTableChar(_ c: UInt32) -> Bool { c >= 0x21 && c <= 0x7F }

    /// Blink's ShouldBreakAfter: between `ch` and `next`, both printable ASCII.
    static func shouldBreakAfter(last: UInt32, ch: UInt32, next: UInt32) -> Bool {
        // "-" before a digit may be a minus sign: break only in "ABCD-1234" and "1234-5678".
        if ch == 0x2D, isDigit(next) { return isAlphanumeric(last) }
        let row = rows[Int(ch - 0x21)]
        let index = Int(next - 0x21)
        return row[index / 8] & (1 << (index % 8)) != 0
    }

    private static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isAlphanumeric(_ c: UInt32) -> Bool {
        isDigit(c) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    /// Packs eight flags (the first is bit 0) as Blink's `B(...)` macro does.
    private static func b(_ f: UInt8...) -> UInt8 {
        f.enumerated().reduce(0) { $0 | ($1.element << UInt8($1.offset)) }
    }

    /// One row per character `!` ... DEL: bit k of byte k/8 allows a break before character `!` + k.
    private static let rows: [[UInt8]] = {
        let none = [UInt8](repeating: 0, count: 12)
        // After most closing punctuation and symbols: before ( < [ { only.
        let open: [UInt8] = [
            b(0, 0, 0, 0, 0, 0, 0, 1), 0, 0, b(0, 0, 0, 1, 0, 0, 0, 0), 0, 0, 0,
            b(0, 0, 1, 0, 0, 0, 0, 0), 0, 0, 0, b(0, 0, 1, 0, 0, 0, 0, 0),
        ]
        let hyphen: [UInt8] = [
            b(0, 1, 1, 0, 1, 1, 1, 1), b(0, 1, 1, 0, 1, 0, 0, 0), 0, b(0, 0, 0, 1, 1, 1, 0, 1),
            0xFF, 0xFF, 0xFF, b(1, 1, 1, 1, 0, 1, 1, 1), 0xFF, 0xFF, 0xFF, b(1, 1, 1, 1, 0, 1, 1, 1),
        ]
        let question: [UInt8] = [
            b(0, 0, 1, 1, 1, 1, 0, 1), b(0, 1, 1, 0, 1, 0, 0, 1), 0xFF, b(1, 0, 0, 1, 1, 1, 0, 1),
            0xFF, 0xFF, 0xFF, b(1, 1, 1, 1, 0, 1, 1, 1), 0xFF, 0xFF, 0xFF, b(1, 1, 1, 1, 0, 1, 1, 0),
        ]
        var rows = [[UInt8]](repeating: none, count: 0x7F - 0x21 + 1)
        for c in "!\"#%&)*+,.:;=>\\]|}~".unicodeScalars { rows[Int(c.value) - 0x21] = open }
        rows[0x2D - 0x21] = hyphen
        rows[0x3F - 0x21] = question
        return rows
    }()
}

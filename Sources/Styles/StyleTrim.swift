import Foundation

/// White-space trimming for style values without Foundation on the common path.
///
/// `trimmingCharacters(in:)` bridges through `NSString` (about 8,000 instructions a call; the
/// bench screen's SET_STYLE values made it 13 M instructions per process). Style values are
/// nearly always ASCII, so the ends are scanned as UTF-8 bytes; as soon as a non-ASCII byte is
/// met at an end (which might be Unicode white space, e.g. U+00A0 or U+2028), the Foundation call
/// decides, so the result is always exactly `trimmingCharacters(in:)`'s.
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (ASCII: tab, LF, VT, FF, CR, space).
    func trimmingSpaceAndNewlines() -> String {
        trimmedASCII(newlines: true) ?? trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `trimmingCharacters(in: .whitespaces)` (ASCII: tab and space only, as in Foundation).
    func trimmingSpace() -> String {
        trimmedASCII(newlines: false) ?? trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))` (font family names). All three
    /// are ASCII, so bytes decide exactly: a non-ASCII byte is never trimmed.
    func trimmingQuotesAndSpaces() -> String {
        let u = Substring(self).utf8
        var lo = u.startIndex
        var hi = u.endIndex
        func isTrimmed(_ b: UInt8) -> Bool { b == 0x22 || b == 0x27 || b == 0x20 }
        while lo < hi, isTrimmed(u[lo]) { lo = u.index(after: lo) }
        while hi > lo, isTrimmed(u[u.index(before: hi)]) { hi = u.index(before: hi) }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }

    /// The trimmed string when both ends are decided by ASCII bytes, else nil (ask Foundation).
    private func trimmedASCII(newlines: Bool) -> String? {
        let u = Substring(self).utf8  // bidirectional (a generic UTF8View is not); no copy
        var lo = u.startIndex
        var hi = u.endIndex
        @inline(__always) func isSpace(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x09 || (newlines && b >= 0x0A && b <= 0x0D)
        }
        while lo < hi {
            let b = u[lo]
            if b >= 0x80 { return nil }
            if !isSpace(b) { break }
            lo = u.index(after: lo)
        }
        while hi > lo {
            let j = u.index(before: hi)
            let b = u[j]
            if b >= 0x80 { return nil }
            if !isSpace(b) { break }
            hi = j
        }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }
}

import JSON

/// The documented limits of a session (docs/limits.md). Each has its own error or diagnostic
/// code, so CI logs and tests can tell which one was hit. Limits keep hostile or broken input
/// from exhausting memory or time; none is near what a real app records.
package enum SessionLimits {
    /// Largest session file read (bytes). Code `file-too-large` (the session is rejected).
    package static let maxFileBytes = 256 * 1024 * 1024
    /// JSON nesting depth. Code `json-too-deep` (rejected; the parser never recurses deeper).
    package static let maxJSONDepth = JSONParser.maxDepth
    /// Steps, counting each entry of a batch. Code `too-many-steps` (rejected at the top level;
    /// batch entries past the limit are dropped with an error diagnostic).
    package static let maxSteps = 1_000_000
    /// Output pixels per side. Code `device-too-large` (rejected).
    package static let maxPixelSide = Device.maxPixelSide
    /// Output pixels in all (width x height). Code `device-too-large` (rejected).
    package static let maxPixels = 40_000_000
    /// UTF-8 bytes of one text field of a command (`textValue`, `textValue2`). Longer text is
    /// cut at a scalar boundary with the warning `text-too-long`. 1 MiB (some 500 pages) is far
    /// beyond any label; paragraph layout is linear, so it bounds the time a hostile label costs
    /// (a 1 MiB label in a 120 dp box renders in about 2.5 s in a release build; docs/limits.md).
    package static let maxTextBytes = 1024 * 1024
    /// Combining marks in a row after one base character (Unicode's Stream-Safe Text Format,
    /// UAX #15, allows 30 non-starters). One base with 128k marks is one grapheme cluster that
    /// HarfBuzz and line breaking treat as a unit (quadratic); the marks past 30 are dropped with
    /// the warning `combining-marks`. No script needs more than a handful.
    package static let maxCombiningRun = 30

    /// `text` with every run of combining marks (categories Mn, Mc, Me) cut to `maxCombiningRun`,
    /// and how many were dropped; nil when nothing was (ASCII text is judged from its bytes alone).
    package static func limitedCombiningMarks(_ text: String) -> (text: String, dropped: Int)? {
        // Over the contiguous bytes when there are (always for native strings): a byte loop
        // without UTF8View's per-index checks, for the two texts of every command.
        let ascii = text.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } }
        guard !(ascii ?? !text.utf8.contains(where: { $0 >= 0x80 })) else { return nil }
        var run = 0
        var dropped = 0
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            switch u.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                run += 1
                if run > maxCombiningRun {
                    dropped += 1
                    continue
                }
            default:
                run = 0
            }
            out.append(u)
        }
        return dropped == 0 ? nil : (String(out), dropped)
    }

    /// `text` cut to at most `maxTextBytes` UTF-8 bytes without splitting a Unicode scalar, or
    /// nil when it already fits. (Cutting inside a grapheme cluster is harmless; searching for a
    /// cluster boundary could take quadratic time on hostile combining-mark runs.)
    package static func truncatedText(_ text: String) -> String? {
        guard text.utf8.count > maxTextBytes else { return nil }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maxTextBytes)
        while end > text.utf8.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return String(text.unicodeScalars[..<end])
    }
}

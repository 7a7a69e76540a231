import Foundation
import Testing

@testable import Styles

/// The byte-level trims must give exactly what Foundation's `trimmingCharacters(in:)` gives,
/// including the Unicode white space they hand back to Foundation.
private let samples: [String] = [
    "", " ", "\t", "\n", "\r\n", " \u{0B}\u{0C} ", "abc", "  abc  ", "\tabc\n", "\r\nabc\r\n",
    "a b", " a b ", "\u{00A0}abc\u{00A0}", "\u{2028}x\u{2029}", "\u{3000}x", "x\u{0085}", " \u{301}a ",
    "a\u{301} ", "\u{1F600} ", " \u{1F600}", "\u{0B}x\u{0C}", "\u{1C}x\u{1F}", "\"Roboto\"", "'Noto Sans' ",
    " \"'x'\" ", "\"\u{00A0}x\"", "é", " é ", "\u{FEFF}x",
]

@Test func spaceAndNewlineTrimMatchesFoundation() {
    for s in samples {
        #expect(
            s.trimmingSpaceAndNewlines() == s.trimmingCharacters(in: .whitespacesAndNewlines),
            "\(Array(s.unicodeScalars))")
        let sub = Substring(s)
        #expect(sub.trimmingSpaceAndNewlines() == sub.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

@Test func spaceTrimMatchesFoundation() {
    for s in samples {
        #expect(s.trimmingSpace() == s.trimmingCharacters(in: .whitespaces), "\(Array(s.unicodeScalars))")
        #expect(s.dropFirst(0).trimmingSpace() == s.trimmingCharacters(in: .whitespaces))
    }
    // Newlines and VT/FF are not white space for `.whitespaces`.
    #expect(" a\n".trimmingSpace() == "a\n")
    #expect("\u{0B}a".trimmingSpace() == "\u{0B}a")
}

@Test func quoteTrimMatchesFoundation() {
    let set = CharacterSet(charactersIn: "\"' ")
    for s in samples {
        #expect(s.trimmingQuotesAndSpaces() == s.trimmingCharacters(in: set), "\(Array(s.unicodeScalars))")
    }
}

@Test func styleNumbersStillStrict() {
    #expect(StyleNumber.parse(" 12 ") == 12)
    #expect(StyleNumber.parse("\t-4.5") == -4.5)
    #expect(StyleNumber.parse("1e2") == 100)
    #expect(StyleNumber.parse("nan") == nil)
    #expect(StyleNumber.parse("inf") == nil)
    #expect(StyleNumber.parse("0x10") == nil)
    #expect(StyleNumber.parse("1\u{301}") == nil)
    #expect(StyleNumber.parse("\u{00A0}3") == 3)  // Foundation's .whitespaces holds U+00A0, as before
    #expect(StyleNumber.parse("") == nil)
}

import CairoFonts
import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// Exact break opportunities (UAX #14 with the browsers' ASCII table) and bidi runs of a line.
@Suite struct BreakAndBidiTests {
    /// Indices after which a line may wrap (hard breaks included), as the paragraph code sees them.
    func opportunities(_ s: String) -> [Int] {
        let text = s.unicodeScalars.map(\.value)
        let b = BrowserLineBreaks.tailor(LineBreaker.breaks(text), text)
        return b.indices.filter { b[$0] != .noBreak }
    }

    @Test func asciiPairsFollowChromiumsTable() {
        // Like Chromium: nothing inside a URL or "and/or" or "wait!now"; after "-" and "?"; a
        // "-" before a digit only after a letter or digit; before "(" after punctuation.
        #expect(opportunities("https://example.com/a/b") == [22])
        #expect(opportunities("and/or") == [5])
        #expect(opportunities("wait!now") == [7])
        #expect(opportunities("well-known") == [4, 9])
        #expect(opportunities("why?because") == [3, 10])
        #expect(opportunities("pages 10-20") == [5, 8, 10])
        #expect(opportunities("x -5") == [1, 3])
        #expect(opportunities("f(x),(y)") == [4, 7])
        #expect(opportunities("C++") == [2])
    }

    @Test func nonAsciiPairsFollowUAX14() {
        // Spaces, the soft hyphen, the em dash and ideographs: libunibreak's answers.
        #expect(opportunities("soft\u{AD}hyphen") == [4, 10])
        #expect(opportunities("a\u{2014}b") == [0, 1, 2])  // B2: a break on both sides of "—"
        #expect(opportunities("中文字") == [0, 1, 2])
        #expect(opportunities("no\u{A0}break") == [7])  // no-break space glues
        #expect(opportunities("one two\nx") == [3, 7, 8])
        #expect(opportunities("«Grüße»") == [6])
    }

    @Test func theLineBreakerUsesTheTailoredOpportunities() {
        // The URL stays whole until it must break inside (as overflow-wrap: anywhere does).
        var style = TestFonts.roboto(13)
        style.font = FontSpec(family: "DejaVu Sans")
        let l = TestFonts.engine.layout(
            AttributedText("See https://example.com/a/very/long/path/that/does/not/fit for details"),
            style: style, maxWidth: 150)
        #expect(
            l.lines.map(\.text) == [
                "See", "https://example.com/a", "/very/long/path/that/d", "oes/not/fit for details",
            ])
    }

    // MARK: Bidi

    static let mixed = "abc שלום עולם 123 def"

    @Test func levelsOfAMixedHebrewEnglishNumberLine() {
        let text = Self.mixed.unicodeScalars.map(\.value)
        let (levels, rtl) = Bidi.levels(text, rightToLeft: nil)
        #expect(!rtl)
        // "abc " L; Hebrew words and the spaces between them and the number R (1); the number EN
        // raised to 2 (I1); the space before "def" takes the paragraph's level (N1/N2).
        #expect(levels == [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 0, 0, 0, 0])
        // Runs: "abc ", "שלום עולם ", "123", " def" -> the middle two swap.
        #expect(Bidi.visualOrder(runLevels: [0, 1, 2, 0]) == [0, 2, 1, 3])
    }

    @Test func mixedLineIsDrawnInVisualOrder() throws {
        let fonts = TestFonts.library
        let l = TestFonts.engine.layout(AttributedText(Self.mixed), style: TestFonts.roboto(15), maxWidth: nil)
        let line = try #require(l.lines.first)
        #expect(l.lines.count == 1 && line.text == Self.mixed)
        // Left to right: "abc " "123" " " (Roboto), עולם (Hebrew), " " (Roboto), שלום (Hebrew), " def".
        let runs = line.runs.sorted { $0.glyphs[0].x < $1.glyphs[0].x }
        #expect(
            runs.map { TestFonts.file($0.face) } == [
                "Roboto-Regular.ttf", "NotoSansHebrew-Regular.ttf",
                "Roboto-Regular.ttf", "NotoSansHebrew-Regular.ttf", "Roboto-Regular.ttf",
            ])
        #expect(runs.map(\.glyphs.count) == [8, 4, 1, 4, 4])
        let roboto = try #require(fonts.face(runs[0].face))
        let hebrew = try #require(fonts.face(runs[1].face))
        func ids(_ s: String, _ f: FontFace) -> [UInt32] { s.unicodeScalars.map { f.glyphIndex($0.value) } }
        #expect(runs[0].glyphs.map(\.id) == ids("abc 123 ", roboto))
        // Each Hebrew word reads right to left: its last letter is drawn first.
        #expect(runs[1].glyphs.map(\.id) == ids(String("עולם".reversed()), hebrew))
        #expect(runs[3].glyphs.map(\.id) == ids(String("שלום".reversed()), hebrew))
        for r in runs { #expect(zip(r.glyphs, r.glyphs.dropFirst()).allSatisfy { $0.x < $1.x }) }
    }

    @Test func rightToLeftParagraphPutsTheFirstWordRight() throws {
        let text = "שלום abc 42"
        let (levels, rtl) = Bidi.levels(text.unicodeScalars.map(\.value), rightToLeft: nil)
        #expect(rtl)
        // W7: "42" follows the L "abc", so it is L too, and so is the space between them.
        #expect(levels == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2])
        let l = TestFonts.engine.layout(AttributedText(text), style: TestFonts.roboto(15), maxWidth: 200)
        let runs = l.lines[0].runs.sorted { $0.glyphs[0].x < $1.glyphs[0].x }
        // Visual: "abc 42" " " "שלום" with the line right-aligned.
        #expect(TestFonts.file(runs.last!.face) == "NotoSansHebrew-Regular.ttf")
        #expect(abs(l.lines[0].rect.maxX - 200) < 1e-9)
        let roboto = try #require(TestFonts.library.face(runs[0].face))
        #expect(runs[0].glyphs.map(\.id) == "abc 42 ".unicodeScalars.map { roboto.glyphIndex($0.value) })
    }
}

import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// U+00AD: a line may end after it, and then (only then) a hyphen is drawn, as in Chromium.
@Suite struct SoftHyphenTests {
    let engine = TestFonts.engine
    let word = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesell\u{AD}schaft"

    @Test func aLineEndingAtASoftHyphenShowsAHyphen() throws {
        // The lines Chromium makes of this label (Fixtures/text/text-long-word, Roboto 16, 130 dp).
        let l = engine.layout(AttributedText("Soft hyphens: " + word), style: TestFonts.roboto(16), maxWidth: 130)
        #expect(
            l.lines.map { $0.text.replacingOccurrences(of: "\u{AD}", with: "") }
                == ["Soft hyphens:", "Donaudampf-", "schifffahrtsgesell-", "schaft"])
        // The hyphen is Roboto's U+2010, drawn last on the line, inside the width.
        let face = try #require(TestFonts.library.face(TestFonts.library.resolve(FontSpec(family: "Roboto"))))
        let last = try #require(l.lines[1].runs.last?.glyphs.last)
        #expect(last.id == face.glyphIndex(0x2010))
        for line in l.lines { #expect(line.rect.width <= 130.001) }
    }

    @Test func noHyphenWhereTheLineDoesNotBreak() throws {
        let l = engine.layout(AttributedText(word), style: TestFonts.roboto(16), maxWidth: nil)
        #expect(l.lines.count == 1 && !l.lines[0].text.contains("-"))
        let plain = engine.layout(
            AttributedText(word.replacingOccurrences(of: "\u{AD}", with: "")), style: TestFonts.roboto(16),
            maxWidth: nil)
        #expect(abs(l.size.width - plain.size.width) < 1e-9)
    }

    @Test func theHyphenMustFitTooOrTheBreakMovesBack() {
        // "aaaa\u{AD}bbbb" where "aaaa" fits but "aaaa-" does not: the line breaks before "aaaa".
        let style = TestFonts.roboto(16)
        let w = engine.layout(AttributedText("x aaaa"), style: style, maxWidth: nil).size.width
        let l = engine.layout(AttributedText("x aaaa\u{AD}bbbb"), style: style, maxWidth: w + 0.5)
        #expect(l.lines.map { $0.text.replacingOccurrences(of: "\u{AD}", with: "") } == ["x", "aaaa-", "bbbb"])
    }
}

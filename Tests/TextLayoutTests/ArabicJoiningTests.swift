import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// Arabic letters join across a span or font boundary inside a word: each run is shaped with its
/// neighbours as HarfBuzz context, so the letters take the same forms as in the unsplit word.
@Suite struct ArabicJoiningTests {
    let engine = TestFonts.engine
    let red = Color(rgb: 0xff0000)

    func glyphIDs(_ l: ParagraphLayout) -> [UInt32] {
        l.lines.flatMap(\.runs).flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.id)
    }

    @Test func aColouredPartOfAWordKeepsItsJoiningForms() {
        let whole = engine.layout(AttributedText("مرحبا"), style: TestFonts.roboto(20), maxWidth: nil)
        let split = engine.layout(
            AttributedText([TextSpan("مرح"), TextSpan("با", color: red)]),
            style: TestFonts.roboto(20), maxWidth: nil)
        #expect(split.lines[0].runs.count == 2)
        #expect(glyphIDs(split) == glyphIDs(whole))
        #expect(abs(split.size.width - whole.size.width) < 1e-9)
    }

    @Test func theFormsReallyDifferWithoutContext() throws {
        // The same letters shaped as separate words ("مرح" and "با") take isolated/final forms.
        let apart = engine.layout(AttributedText("مرح با"), style: TestFonts.roboto(20), maxWidth: nil)
        let whole = engine.layout(AttributedText("مرحبا"), style: TestFonts.roboto(20), maxWidth: nil)
        let apartIDs = Set(glyphIDs(apart))
        let wholeIDs = Set(glyphIDs(whole))
        #expect(apartIDs != wholeIDs)
    }

    @Test func latinRunsStillShareCacheEntriesAcrossContexts() {
        // Only joining scripts take context, so "Hello" shaped in two sentences is one cache entry.
        let e = TextEngine(fonts: TestFonts.library)
        _ = e.layout(
            AttributedText([TextSpan("Hello", color: red), TextSpan(" there")]), style: TestFonts.roboto(15),
            maxWidth: nil)
        let misses = e.shapingCacheStats.misses
        _ = e.layout(
            AttributedText([TextSpan("Hello", color: red), TextSpan(" world")]), style: TestFonts.roboto(15),
            maxWidth: nil)
        #expect(e.shapingCacheStats.misses - misses == 1)
    }
}

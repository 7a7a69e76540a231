import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// `TextEngine.fontScale` (`--font-scale`, the phone's accessibility text size).
@Suite struct FontScaleTests {
    let english = "Typography has one plain job: to make long passages comfortable to read."

    @Test func everySizeIsMultiplied() throws {
        let e = TextEngine(fonts: TestFonts.library)
        let plain = e.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        let e15 = TextEngine(fonts: TestFonts.library, fontScale: 1.5)
        let big = e15.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        // Roboto 22.5: the same glyphs, 1.5 times as wide, lines of 2400/2048 em.
        #expect(try #require(big.lines.first?.runs.first).size == 22.5)
        #expect(abs(big.size.width - plain.size.width * 1.5) < 1e-9)
        #expect(abs(big.size.height - 2400.0 / 2048 * 22.5) < 1e-9)
        #expect(abs(e15.lineHeight(TestFonts.roboto(15)) - 2400.0 / 2048 * 22.5) < 1e-9)
        // The same layout at size 22.5 and scale 1.
        let direct = TextEngine(fonts: TestFonts.library).layout(
            AttributedText("Hello"), style: TestFonts.roboto(22.5), maxWidth: nil)
        #expect(big == direct)
    }

    @Test func spanDeltasAndExplicitLineHeightsScaleToo() throws {
        let e = TextEngine(fonts: TestFonts.library, fontScale: 2)
        var style = TestFonts.roboto(15)
        style.lineHeight = 20
        let text = AttributedText([TextSpan("Title\n", weight: 700, sizeDelta: 4), TextSpan("body")])
        let l = e.layout(text, style: style, maxWidth: nil)
        #expect(l.lines.count == 2)
        #expect(try #require(l.lines[0].runs.first).size == 38)  // (15 + 4) x 2
        #expect(try #require(l.lines[1].runs.first).size == 30)  // 15 x 2
        #expect(l.lines[1].rect.height == 40)  // line-height 20 x 2
        #expect(e.lineHeight(style) == 40)
    }

    @Test func wrappingFollowsTheLargerText() {
        let e = TextEngine(fonts: TestFonts.library)
        let normal = e.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        let larger = TextEngine(fonts: TestFonts.library, fontScale: 1.3).layout(
            AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        #expect(larger.lines.count > normal.lines.count)
        for line in larger.lines { #expect(line.rect.width <= 200.001) }
        #expect(larger.lines.map(\.text).joined(separator: " ") == english)
    }

    @Test func eachEngineKeepsItsScale() {
        let one = TextEngine(fonts: TestFonts.library)
        let two = TextEngine(fonts: TestFonts.library, fontScale: 2)
        let a = one.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        let b = two.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        #expect(a != b)
        // Laying out on the scaled engine changes nothing on the other: no shared scale state.
        #expect(one.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200) == a)
        #expect(one.fontScale == 1 && two.fontScale == 2)
    }

    @Test func invalidScalesMeanOne() {
        for bad in [0.0, -2, .nan, .infinity] {
            #expect(TextEngine(fonts: TestFonts.library, fontScale: bad).fontScale == 1)
        }
    }

    @Test func minScaleShrinksFromTheScaledSize() {
        let e = TextEngine(fonts: TestFonts.library, fontScale: 2)
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.minScale = 0.5
        let l = e.layout(AttributedText("Fits at half"), style: style, maxWidth: 100)
        let size = l.lines[0].runs[0].size
        #expect(l.scale < 1 && abs(size - 30 * l.scale) < 1e-9)
        #expect(l.lines[0].rect.width <= 100.001)
    }
}

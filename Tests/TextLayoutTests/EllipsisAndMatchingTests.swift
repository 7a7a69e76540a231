import CairoFonts
import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// Exact ellipsis placement (the cuts Chromium makes in Fixtures/text), CSS weight matching over
/// every weight, and the face each script falls back to.
@Suite struct EllipsisAndMatchingTests {
    let engine = TestFonts.engine
    let pack = "Pack my box with five dozen liquor jugs."
    let quick =
        """
        The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly; sphinx of black quartz,\
         judge my vow.
        """

    // MARK: Ellipsis

    @Test(arguments: [
        (90.0, "Pack my bo…"), (150, "Pack my box with fiv…"), (224, "Pack my box with five dozen liq…"),
        (400, "Pack my box with five dozen liquor jugs."),
    ])
    func noWrapEllipsisCutsWhereChromiumDoes(width: Double, expected: String) {
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.ellipsis = true
        let l = engine.layout(AttributedText(pack), style: style, maxWidth: width)
        #expect(l.lines.map(\.text) == [expected])
        #expect(l.truncated == expected.hasSuffix("…"))
        #expect(l.lines[0].rect.width <= width + 0.001)
    }

    @Test func maxLinesPutsTheEllipsisOnTheLastKeptLine() {
        var style = ParagraphStyle(font: FontSpec(family: "DejaVu Sans"), size: 15)
        style.maxLines = 2
        style.ellipsis = true
        let l = engine.layout(AttributedText(quick), style: style, maxWidth: 224)
        #expect(l.lines.map(\.text) == ["The quick brown fox jumps", "over the lazy dog while five…"])
        var roboto = TestFonts.roboto(15)
        roboto.maxLines = 3
        roboto.ellipsis = true
        #expect(
            engine.layout(AttributedText(quick), style: roboto, maxWidth: 224).lines.map(\.text)
                == [
                    "The quick brown fox jumps over", "the lazy dog while five boxing",
                    "wizards jump quickly; sphinx of…",
                ])
    }

    @Test func aCutAfterASpaceKeepsTheSpaceThatFitsAsChromiumDoes() {
        // Chromium draws "Bold cut: Pack my box with …" (Fixtures/text/text-nowrap-ellipsis): a space
        // before the cut stays when it fits with the ellipsis, and is dropped when it does not.
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.ellipsis = true
        func width(_ s: String) -> Double {
            engine.layout(AttributedText(s), style: TestFonts.roboto(15), maxWidth: nil).size.width
        }
        let packMy = width("Pack my") + width("…")
        let space = width("a a") - width("aa")
        #expect(space > 3 && space < 4.5)
        #expect(
            engine.layout(AttributedText(pack), style: style, maxWidth: packMy + space + 0.05).lines.map(\.text) == [
                "Pack my …"
            ])
        #expect(
            engine.layout(AttributedText(pack), style: style, maxWidth: packMy + space - 0.05).lines.map(\.text) == [
                "Pack my…"
            ])
        // A max-lines line that fits whole drops its hanging space: "sphinx of…" (above).
    }

    @Test func theEllipsisTakesTheLastKeptSpansLookAndSitsLeftInRTL() throws {
        let red = Color(rgb: 0xff0000)
        let blue = Color(rgb: 0x0000ff)
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.ellipsis = true
        let l = engine.layout(
            AttributedText([TextSpan("Red words ", color: red), TextSpan("then blue words", color: blue)]),
            style: style, maxWidth: 110)
        let last = try #require(l.lines[0].runs.last)
        #expect(l.lines[0].text.hasSuffix("…") && last.color == blue)

        let rtl = engine.layout(AttributedText("שלום עולם, זוהי שורה ארוכה מאוד"), style: style, maxWidth: 120)
        let line = try #require(rtl.lines.first)
        #expect(line.text.hasSuffix("…"))
        let leftmost = try #require(line.runs.min { $0.glyphs[0].x < $1.glyphs[0].x })
        let face = try #require(TestFonts.library.face(leftmost.face))
        #expect(leftmost.glyphs[0].id == face.glyphIndex(0x2026))
        #expect(abs(line.rect.maxX - 120) < 1e-9)
    }

    // MARK: Weight matching

    @Test(arguments: [
        (100, "DejaVuSans.ttf"), (200, "DejaVuSans.ttf"), (300, "DejaVuSans.ttf"), (400, "DejaVuSans.ttf"),
        (500, "DejaVuSans.ttf"), (600, "DejaVuSans-Bold.ttf"), (700, "DejaVuSans-Bold.ttf"),
        (800, "DejaVuSans-Bold.ttf"), (900, "DejaVuSans-Bold.ttf"),
    ])
    func dejaVuWeightsGoToTheNearestFaceByTheCSSRule(weight: Int, file: String) throws {
        let id = TestFonts.library.resolve(FontSpec(family: "DejaVu Sans", weight: weight))
        #expect(TestFonts.file(id) == file)
        #expect(try #require(TestFonts.library.face(id)).syntheticBold == false)
    }

    @Test(arguments: [
        (100, "Roboto-ThinItalic.ttf"), (200, "Roboto-ThinItalic.ttf"), (300, "Roboto-LightItalic.ttf"),
        (400, "Roboto-Italic.ttf"), (500, "Roboto-MediumItalic.ttf"), (600, "Roboto-BoldItalic.ttf"),
        (700, "Roboto-BoldItalic.ttf"), (800, "Roboto-BlackItalic.ttf"), (900, "Roboto-BlackItalic.ttf"),
    ])
    func robotoItalicWeights(weight: Int, file: String) {
        #expect(
            TestFonts.file(TestFonts.library.resolve(FontSpec(family: "Roboto", weight: weight, style: .italic)))
                == file)
    }

    // MARK: Fallback per script

    @Test(arguments: [
        ("Привет", "Roboto-Regular.ttf"), ("Ωμέγα", "Roboto-Regular.ttf"), ("Բարեւ", "DejaVuSans.ttf"),
        ("ქართ", "DejaVuSans.ttf"), ("٣", "NotoSansArabic-Regular.ttf"), ("カタカナ", "NotoSansCJK-Regular.ttc"),
        ("ㄅ", "NotoSansCJK-Regular.ttc"), ("नमस्ते", "NotoSansDevanagari-Regular.ttf"), ("⌘", "DejaVuSans.ttf"),
        ("→", "DejaVuSans.ttf"), ("1", "Roboto-Regular.ttf"),
    ])
    func eachScriptGetsItsFace(text: String, file: String) {
        let spec = FontSpec(family: "Roboto")
        let faces = Set(clusters(text).map { TestFonts.file(TestFonts.library.face(forCluster: $0, spec: spec)) })
        #expect(faces == [file], "\(text)")
    }

    @Test func theRequestedFamilyDrawsWhatItHasAndScriptFacesComeBeforeDejaVu() throws {
        // As in a browser, a requested family that has the letters draws them (DejaVu has Hebrew
        // and Arabic); in the fallback chain the Noto script faces come before DejaVu.
        let dejavu = FontSpec(family: "DejaVu Sans", weight: 700)
        #expect(TestFonts.file(TestFonts.library.face(forCluster: [0x05E9], spec: dejavu)) == "DejaVuSans-Bold.ttf")
        #expect(TestFonts.file(TestFonts.library.face(forCluster: [0x0645], spec: dejavu)) == "DejaVuSans-Bold.ttf")
        #expect(
            TestFonts.file(TestFonts.library.face(forCluster: [0x0928], spec: dejavu)) == "NotoSansDevanagari-Bold.ttf")
        let roboto = FontSpec(family: "Roboto", weight: 700)
        #expect(try #require(TestFonts.library.face(TestFonts.library.resolve(roboto))).hasGlyph(0x05E9) == false)
        #expect(TestFonts.file(TestFonts.library.face(forCluster: [0x05E9], spec: roboto)) == "NotoSansHebrew-Bold.ttf")
        #expect(TestFonts.file(TestFonts.library.face(forCluster: [0x0645], spec: roboto)) == "NotoSansArabic-Bold.ttf")
        #expect(TestFonts.file(TestFonts.library.face(forCluster: [0x2318], spec: roboto)) == "DejaVuSans-Bold.ttf")
    }

    @Test func aMixedLineIsSplitIntoRunsByFace() {
        let l = engine.layout(AttributedText("Hi مرحبا שלום नमस्ते 你好 😀"), style: TestFonts.roboto(15), maxWidth: nil)
        let files = l.lines[0].runs.sorted { $0.glyphs[0].x < $1.glyphs[0].x }.map { TestFonts.file($0.face) }
            .filter { $0 != "Roboto-Regular.ttf" }
        // The Arabic and Hebrew words form one right-to-left run: the Hebrew word is drawn left of the Arabic.
        #expect(
            files == [
                "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
                "NotoSansCJK-Regular.ttc", "NotoColorEmoji.ttf",
            ])
    }

    func clusters(_ s: String) -> [[UInt32]] { s.map { $0.unicodeScalars.map(\.value) } }
}

import CairoFonts
import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

// semantics.md section 4 (line heights with fallback fonts, family names) and 7.18 (partial
// last lines), issue 19.
@Suite struct LineHeightAndFamilyTests {
    let fonts = TestFonts.library
    let engine = TestFonts.engine

    /// Ascent and descent of a face, each with half its line gap (7.28), at `size`.
    func halfGapBox(_ file: String, _ size: Double) -> (ascent: Double, descent: Double) {
        let spec: FontSpec
        switch file {
        case "NotoSansCJK-Regular.ttc": spec = FontSpec(family: "Noto Sans CJK")
        case "NotoSansArabic-Regular.ttf": spec = FontSpec(family: "Noto Sans Arabic")
        default: spec = FontSpec(family: "Roboto")
        }
        let f = fonts.face(fonts.resolve(spec))!
        #expect(TestFonts.file(fonts.resolve(spec)) == file)
        let m = f.metrics(size: size)
        return (m.ascent + m.lineGap / 2, -m.descent + m.lineGap / 2)
    }

    @Test func unsetLineHeightIsTheLargestAscentPlusTheLargestDescentOfTheFontsUsed() {
        let roboto = halfGapBox("Roboto-Regular.ttf", 15)
        let latin = engine.layout(AttributedText("Plain latin"), style: TestFonts.roboto(), maxWidth: nil)
        #expect(abs(latin.lines[0].rect.height - (roboto.ascent + roboto.descent)) < 1e-9)
        // A CJK phrase in a Roboto line: Noto Sans CJK's ascent and descent are both larger.
        let cjk = halfGapBox("NotoSansCJK-Regular.ttc", 15)
        let mixed = engine.layout(AttributedText("Tokyo 東京"), style: TestFonts.roboto(), maxWidth: nil)
        let want = max(roboto.ascent, cjk.ascent) + max(roboto.descent, cjk.descent)
        #expect(abs(mixed.lines[0].rect.height - want) < 1e-9)
        #expect(abs(mixed.lines[0].baseline - max(roboto.ascent, cjk.ascent)) < 1e-9)
        #expect(mixed.lines[0].rect.height > latin.lines[0].rect.height + 3)
        // Arabic: its ascent and descent count too.
        let arabic = halfGapBox("NotoSansArabic-Regular.ttf", 15)
        let ar = engine.layout(AttributedText("Hello مرحبا"), style: TestFonts.roboto(), maxWidth: nil)
        #expect(
            abs(ar.lines[0].rect.height - (max(roboto.ascent, arabic.ascent) + max(roboto.descent, arabic.descent)))
                < 1e-9)
    }

    @Test(arguments: ["Tokyo 東京 and more", "Hello مرحبا שלום", "नमस्ते दुनिया", "Thumbs 👍🏽 up"])
    func setLineHeightIsExactWhateverFontsTheLineUses(text: String) {
        var st = TestFonts.roboto()
        st.lineHeight = 20
        let p = engine.layout(AttributedText(text + " " + text + " " + text), style: st, maxWidth: 120)
        #expect(p.lines.count >= 2)
        for (i, line) in p.lines.enumerated() {
            #expect(line.rect.height == 20)
            #expect(line.rect.y == Double(i) * 20)
        }
        #expect(p.size.height == Double(p.lines.count) * 20)
        // The baseline is where the paragraph's own font puts it (half-leading), on every line.
        let r = fonts.face(fonts.resolve(st.font))!.metrics(size: 15)
        let top = r.ascent + (20 - r.ascent + r.descent) / 2
        #expect(abs(p.lines[0].baseline - top) < 1e-9)
    }

    @Test func familiesAreNamedByShortNameOrByTheFontsOwnName() {
        #expect(fonts.hasFamily("Noto Sans CJK"))
        #expect(fonts.hasFamily("Noto Sans CJK JP"))
        #expect(fonts.hasFamily("noto-sans-cjk-jp"))
        #expect(fonts.hasFamily("DejaVu Sans"))
        #expect(!fonts.hasFamily("Noto Sans CJK XX"))
        #expect(!fonts.hasFamily("Helvetica Neue"))
        let own = fonts.resolve(FontSpec(family: "Noto Sans CJK JP", weight: 700))
        #expect(TestFonts.file(own) == "NotoSansCJK-Bold.ttc")
        #expect(own == fonts.resolve(FontSpec(family: "Noto Sans CJK", weight: 700)))
        // Unknown: the default family.
        #expect(TestFonts.file(fonts.resolve(FontSpec(family: "Helvetica Neue"))) == "Roboto-Regular.ttf")
    }

    @Test func aPartlyFittingLastLineIsKeptForTheClip() {
        var st = TestFonts.roboto()
        let text = AttributedText("one two three four five six seven eight nine ten eleven twelve")
        let full = engine.layout(text, style: st, maxWidth: 80)
        let lineH = full.lines[0].rect.height
        #expect(full.lines.count >= 4)
        // Room for 2.5 lines: the third line is laid out (painting clips it at the padding box).
        let cut = engine.layout(text, style: st, maxWidth: 80, maxHeight: lineH * 2.5)
        #expect(cut.lines.count == 3)
        #expect(cut.lines.map(\.text) == full.lines.prefix(3).map(\.text))
        #expect(cut.truncated)
        // Exactly two lines of room: no third line (it would start at the bottom edge).
        #expect(engine.layout(text, style: st, maxWidth: 80, maxHeight: lineH * 2).lines.count == 2)
        // With an ellipsis the text ends on the last whole line, with the ellipsis.
        st.ellipsis = true
        let ell = engine.layout(text, style: st, maxWidth: 80, maxHeight: lineH * 2.5)
        #expect(ell.lines.count == 2)
        #expect(ell.lines[1].text.hasSuffix("\u{2026}"))
    }

    @Test func colourEmojiAdvanceByWholePixelsOfTheirStrike() throws {
        let id = fonts.face(forCluster: [0x1F44D, 0x1F3FD], spec: FontSpec(family: "Roboto"))
        let face = try #require(fonts.face(id))
        #expect(face.isColor && face.strikePixelSize == 109)
        // hmtx: 2550 of 2048 units, 135.72 px at the 109 px strike; the strike advances by 136.
        let shaped = Shaper.shape("👍🏽", face: face, size: 48)
        #expect(shaped.ids.count == 1)
        #expect(abs(shaped.width - 136.0 * 48 / 109) < 1e-9)
        let latin = Shaper.shape("A", face: fonts.face(fonts.resolve(FontSpec(family: "Roboto")))!, size: 48)
        #expect(latin.width != (latin.width * 109 / 48).rounded() * 48 / 109)  // outline faces stay exact
    }

    /// Section 4's chain: the requested family, the Noto face of the character's script, DejaVu
    /// Sans, then the emoji font (emoji-presentation clusters try the emoji font first).
    @Test func theFallbackChainOfSectionFour() {
        func file(_ s: String, _ family: String) -> String {
            TestFonts.file(fonts.face(forCluster: s.unicodeScalars.map(\.value), spec: FontSpec(family: family)))
        }
        #expect(file("م", "DejaVu Sans") == "DejaVuSans.ttf")  // the requested family has it
        #expect(file("م", "Roboto") == "NotoSansArabic-Regular.ttf")  // script face before DejaVu Sans
        #expect(file("ש", "Roboto") == "NotoSansHebrew-Regular.ttf")
        #expect(file("☺", "Roboto") == "DejaVuSans.ttf")  // then DejaVu Sans
        #expect(file("☺️", "Roboto") == "NotoColorEmoji.ttf")  // emoji presentation: emoji first
        #expect(file("👍🏽", "DejaVu Sans") == "NotoColorEmoji.ttf")
        #expect(file("。", "Roboto") == "NotoSansCJK-Regular.ttc")  // Common punctuation: the face that has it
    }
}

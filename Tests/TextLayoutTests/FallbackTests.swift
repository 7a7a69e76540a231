import Foundation
import Styles
import Testing

@testable import TextLayout

@Suite struct FallbackTests {
    let fonts = TestFonts.library
    let roboto = FontSpec(family: "Roboto")

    func file(_ s: String) -> String {
        TestFonts.file(fonts.face(forCluster: s.unicodeScalars.map(\.value), spec: roboto))
    }

    @Test(arguments: [
        ("a", "Roboto-Regular.ttf"), ("ß", "Roboto-Regular.ttf"), ("م", "NotoSansArabic-Regular.ttf"),
        ("ש", "NotoSansHebrew-Regular.ttf"), ("न", "NotoSansDevanagari-Regular.ttf"),
        ("中", "NotoSansCJK-Regular.ttc"), ("안", "NotoSansCJK-Regular.ttc"), ("こ", "NotoSansCJK-Regular.ttc"),
        ("😀", "NotoColorEmoji.ttf"), ("☕", "NotoColorEmoji.ttf"), ("❤️", "NotoColorEmoji.ttf"),
        ("🇫🇮", "NotoColorEmoji.ttf"), ("👍🏽", "NotoColorEmoji.ttf"), ("👩‍💻", "NotoColorEmoji.ttf"),
        ("❤", "DejaVuSans.ttf"), ("€", "Roboto-Regular.ttf"), ("☺", "DejaVuSans.ttf"),
    ])
    func clusterGetsTheExpectedFace(text: String, expected: String) {
        #expect(file(text) == expected)
    }

    @Test func boldArabicUsesTheBoldNotoFace() {
        let id = fonts.face(forCluster: [0x0645], spec: FontSpec(family: "Roboto", weight: 700))
        #expect(TestFonts.file(id) == "NotoSansArabic-Bold.ttf")
    }

    static let samples = [
        """
        Grüße aus München: Straßenbahnhaltestelle, Fußgängerübergänge und \
        Donaudampfschifffahrtsgesellschaftskapitän. Hyvää yötä, Äänekoski ja Öljysäiliö!
        """,
        "مرحبا بالعالم! هذا سطر تجريبي باللغة العربية.",
        "שלום עולם! זוהי שורת ניסיון בעברית, גרסה 2.0.",
        "中文：你好，世界。日本語：こんにちは。한국어: 안녕하세요.",
        "Emoji: 😀 🎉 👍🏽 ❤️ 🇫🇮 👩‍💻 ☕",
        "Roboto Italic — the quick brown fox",
    ]

    @Test(arguments: samples)
    func textWrappingSampleHasNoMissingGlyphs(text: String) {
        let l = TestFonts.engine.layout(AttributedText(text), style: TestFonts.roboto(), maxWidth: 350)
        #expect(!l.lines.isEmpty)
        for line in l.lines {
            for run in line.runs {
                #expect(!run.glyphs.contains { $0.id == 0 }, "notdef in \(line.text) (\(fonts.describe(run.face)))")
            }
        }
    }

    @Test func emojiSequencesAreSingleGlyphs() {
        let l = TestFonts.engine.layout(AttributedText("👍🏽🇫🇮👩‍💻"), style: TestFonts.roboto(), maxWidth: nil)
        let glyphs = l.lines.flatMap(\.runs).filter(\.isColor).flatMap(\.glyphs)
        #expect(glyphs.count == 3)
        #expect(l.lines.count == 1)
    }
}

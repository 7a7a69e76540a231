import CairoFonts
import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

@Suite struct ParagraphTests {
    let engine = TestFonts.engine
    let english =
        """
        Typography has one plain job: to make long passages comfortable to read. This paragraph wraps at word \
        boundaries inside the grey box.
        """

    @Test func normalLineHeightOfRoboto15ComesFromHhea() {
        // Roboto hhea: ascender 1900, descender -500, lineGap 0, 2048 units per em.
        let l = engine.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        #expect(abs(l.size.height - 2400.0 / 2048 * 15) < 1e-9)
        #expect(abs(l.lines[0].baseline - 1900.0 / 2048 * 15) < 1e-9)
        #expect(abs(engine.lineHeight(TestFonts.roboto(15)) - 17.578125) < 1e-9)
    }

    @Test func explicitLineHeightSplitsTheLeadingEqually() {
        var style = TestFonts.roboto(15)
        style.lineHeight = 22
        let l = engine.layout(AttributedText(english), style: style, maxWidth: 200)
        #expect(l.lines.count > 2)
        #expect(abs(l.size.height - 22 * Double(l.lines.count)) < 1e-9)
        let half = (22 - 17.578125) / 2
        #expect(abs(l.lines[1].baseline - (22 + half + 1900.0 / 2048 * 15)) < 1e-9)
    }

    @Test func helloIsAsWideAsHarfBuzzSays() throws {
        let face = try #require(TestFonts.library.face(TestFonts.library.resolve(FontSpec(family: "Roboto"))))
        let shaped = Shaper.shape("Hello", face: face, size: 15)
        let l = engine.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        #expect(abs(l.size.width - shaped.width) < 0.01)
        #expect(l.size.width > 30 && l.size.width < 40)
    }

    @Test func linesBreakAtWordBoundariesWithinTheWidth() {
        let l = engine.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        #expect(l.lines.count >= 4)
        for line in l.lines { #expect(line.rect.width <= 200.001) }
        #expect(l.lines.map(\.text).joined(separator: " ") == english)
        #expect(l.size.width <= 200 && abs(l.size.width - l.lines.map(\.rect.width).max()!) < 0.01)
        #expect(!l.truncated)
        // Greedy: the next word would not have fitted on the line before.
        let first = engine.layout(
            AttributedText(l.lines[0].text + " " + l.lines[1].text.split(separator: " ")[0]),
            style: TestFonts.roboto(15), maxWidth: nil)
        #expect(first.size.width > 200)
    }

    @Test func aWordWiderThanTheLineBreaksInside() {
        let word = "Lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilas"
        let l = engine.layout(AttributedText(word), style: TestFonts.roboto(15), maxWidth: 200)
        #expect(l.lines.count == 3)
        #expect(l.lines.map(\.text).joined() == word)
        for line in l.lines { #expect(line.rect.width <= 200.001) }
        #expect(l.lines[0].rect.width > 190)
    }

    @Test func hardBreaksAndTrailingSpaces() {
        let l = engine.layout(AttributedText("Centred text\non two lines"), style: TestFonts.roboto(15), maxWidth: 300)
        #expect(l.lines.map(\.text) == ["Centred text", "on two lines"])
        let a = engine.layout(AttributedText("Hello   "), style: TestFonts.roboto(15), maxWidth: nil)
        let b = engine.layout(AttributedText("Hello"), style: TestFonts.roboto(15), maxWidth: nil)
        #expect(a.size.width == b.size.width)
        let empty = engine.layout(AttributedText("a\n\nb"), style: TestFonts.roboto(15), maxWidth: nil)
        #expect(empty.lines.count == 3 && abs(empty.size.height - 3 * 17.578125) < 1e-9)
    }

    @Test func noWrapEllipsisCutsOneLine() {
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.ellipsis = true
        let l = engine.layout(
            AttributedText("This single line is far too long to fit on the screen and must end with an ellipsis"),
            style: style, maxWidth: 200)
        #expect(l.lines.count == 1 && l.truncated)
        #expect(l.lines[0].text.hasSuffix("…"))
        #expect(l.lines[0].rect.width <= 200.001 && l.lines[0].rect.width > 185)
    }

    @Test func maxLinesEndsTheLastLineWithAnEllipsis() {
        var style = TestFonts.roboto(15)
        style.maxLines = 2
        style.ellipsis = true
        let l = engine.layout(AttributedText(english), style: style, maxWidth: 200)
        #expect(l.lines.count == 2 && l.truncated)
        #expect(l.lines[1].text.hasSuffix("…") && !l.lines[1].text.dropLast().hasSuffix(" "))
        #expect(!l.lines[0].text.hasSuffix("…"))
        #expect(abs(l.size.height - 2 * 17.578125) < 1e-9)
    }

    @Test func heightCutKeepsThePartlyFittingLineWithoutEllipsis() {
        // Lines of 17.58: two fit whole in 40, the third starts at 35.16 and is kept for the clip (7.18).
        let l = engine.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200, maxHeight: 40)
        #expect(l.lines.count == 3 && l.truncated)
        #expect(!l.lines[2].text.hasSuffix("…"))
        var style = TestFonts.roboto(15)
        style.ellipsis = true
        let e = engine.layout(AttributedText(english), style: style, maxWidth: 200, maxHeight: 40)
        #expect(e.lines.count == 2 && e.lines[1].text.hasSuffix("…"))
    }

    @Test func justifyFillsEveryLineButTheLast() {
        var style = TestFonts.roboto(15)
        style.align = .justify
        let text =
            """
            Tasattu kappale: suomen kielen pitkät sanat, kuten rautatieasema, ympäristöystävällisyys ja \
            tietokoneohjelmointi.\nLoppu.
            """
        let l = engine.layout(AttributedText(text), style: style, maxWidth: 250)
        #expect(l.lines.count >= 4)
        let ends = l.lines.indices.filter {
            l.lines[$0].text.hasSuffix("tietokoneohjelmointi.") || $0 == l.lines.count - 1
        }
        for (i, line) in l.lines.enumerated() {
            if ends.contains(i) {
                #expect(line.rect.width < 249)
            } else {
                #expect(abs(line.rect.width - 250) < 0.001)
                #expect(line.rect.x == 0)
            }
        }
    }

    @Test func centerAndRightAlignWithinTheWidth() {
        var style = TestFonts.roboto(15)
        style.align = .center
        let c = engine.layout(AttributedText("Centred"), style: style, maxWidth: 300)
        #expect(abs(c.lines[0].rect.midX - 150) < 1e-9)
        #expect(c.size.width < 100)
        style.align = .right
        let r = engine.layout(AttributedText("Right-aligned text"), style: style, maxWidth: 300)
        #expect(abs(r.lines[0].rect.maxX - 300) < 1e-9)
        #expect(abs((r.lines[0].runs.last!.glyphs.last!.x) - 300) < 10)
    }

    @Test func rightToLeftParagraphsAlignRightAndReorder() {
        let hebrew = "שלום עולם! זוהי שורת ניסיון בעברית, גרסה 2.0."
        let l = engine.layout(AttributedText(hebrew), style: TestFonts.roboto(15), maxWidth: 390)
        #expect(l.lines.count == 1)
        let line = l.lines[0]
        #expect(abs(line.rect.maxX - 390) < 1e-6)
        // The Hebrew word read first (שלום) is drawn at the right end; "2.0" stays left to right.
        let hebrewRuns = line.runs.filter { TestFonts.file($0.face).hasPrefix("NotoSansHebrew") }
        let firstWord = hebrewRuns.max { $0.glyphs[0].x < $1.glyphs[0].x }!
        #expect(firstWord.glyphs.count == 4)
        let digits = line.runs.filter { TestFonts.file($0.face).hasPrefix("Roboto") && $0.glyphs.count >= 3 }
        let twoPointZero = digits.min { $0.glyphs[0].x < $1.glyphs[0].x }!
        #expect(zip(twoPointZero.glyphs, twoPointZero.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })

        var left = TestFonts.roboto(15)
        left.align = .left
        #expect(engine.layout(AttributedText(hebrew), style: left, maxWidth: 390).lines[0].rect.x == 0)
    }

    @Test func minScaleShrinksUntilTheTextFitsTheHeight() {
        var style = TestFonts.roboto(30)
        style.minScale = 0.1
        let l = engine.layout(AttributedText(english), style: style, maxWidth: 260, maxHeight: 200)
        #expect(l.scale < 1 && l.scale >= 0.1)
        #expect((l.scale * 64).rounded() == l.scale * 64)
        #expect(l.size.height <= 200 && !l.truncated)
        #expect(l.lines.map(\.text).joined(separator: " ") == english)
        // One step larger does not fit.
        var bigger = style
        bigger.size = 30 * (l.scale + 1.0 / 64)
        bigger.minScale = nil
        let b = engine.layout(AttributedText(english), style: bigger, maxWidth: 260, maxHeight: nil)
        #expect(b.size.height > 200)
        #expect(l.lines.flatMap(\.runs).allSatisfy { abs($0.size - 30 * l.scale) < 1e-9 })
    }

    @Test func minScaleWithNoWrapFitsTheWidthAndStopsAtTheMinimum() {
        var style = TestFonts.roboto(15)
        style.noWrap = true
        style.minScale = 0.5
        let l = engine.layout(AttributedText("A rather long single line of text"), style: style, maxWidth: 150)
        #expect(l.scale < 1 && l.lines.count == 1 && l.size.width <= 150 && !l.truncated)
        style.minScale = 0.9
        style.ellipsis = true
        let cut = engine.layout(AttributedText("A rather long single line of text"), style: style, maxWidth: 150)
        #expect(cut.scale == 0.9 && cut.truncated && cut.lines[0].text.hasSuffix("…"))
    }

    @Test func spansCarryTheirOwnLook() throws {
        let red = Color(rgb: 0xff0000)
        let text = AttributedText([
            TextSpan("Title\n", weight: 700, sizeDelta: 4), TextSpan("see "),
            TextSpan("http://x.org", color: red, underline: true),
        ])
        let l = engine.layout(text, style: TestFonts.roboto(15), maxWidth: 300)
        #expect(l.lines.count == 2)
        let title = try #require(l.lines[0].runs.first)
        #expect(title.size == 19 && TestFonts.file(title.face) == "Roboto-Bold.ttf")
        #expect(l.lines[0].rect.height > l.lines[1].rect.height)
        let link = try #require(l.lines[1].runs.first { $0.color == red })
        let box = try #require(link.underlineBox)
        #expect(box.y > l.lines[1].baseline && box.y < l.lines[1].baseline + 3)
        #expect(abs(box.x - link.glyphs[0].x) < 2 && box.width > 60)
        #expect(l.lines[1].runs.first { $0.color == .black }?.underlineBox == nil)
    }

    @Test(arguments: [TextAlign.left, .center, .right, .justify])
    func layingOutAgainAtTheMeasuredWidthKeepsTheLines(align: TextAlign) {
        let texts = [
            english, FallbackTests.samples[0], FallbackTests.samples[1], FallbackTests.samples[3],
            "Lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilas", "AVAVA WAVE Ty. To. fi fl ffi",
        ]
        for text in texts {
            for width in [120.0, 173, 250] {
                var style = TestFonts.roboto(15)
                style.align = align
                for (noWrap, maxLines) in [(false, nil), (true, nil), (false, 2)] as [(Bool, Int?)] {
                    style.noWrap = noWrap
                    style.maxLines = maxLines
                    style.ellipsis = noWrap || maxLines != nil
                    let a = engine.layout(AttributedText(text), style: style, maxWidth: width)
                    let b = engine.layout(AttributedText(text), style: style, maxWidth: a.size.width)
                    #expect(a.lines.map(\.text) == b.lines.map(\.text), "\(text) at \(width)")
                    #expect(abs(a.size.width - b.size.width) < 0.001)
                    for line in b.lines where align != .left {
                        #expect(line.rect.x >= -0.001 && line.rect.maxX <= b.size.width + 0.001)
                    }
                }
            }
        }
    }

    @Test func repeatedLayoutsComeFromTheCaches() {
        let e = TextEngine(fonts: TestFonts.library)
        let a = e.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 200)
        let misses = e.shapingCacheStats.misses
        let b = e.layout(AttributedText(english), style: TestFonts.roboto(15), maxWidth: 180)
        #expect(a.lines.count <= b.lines.count)
        #expect(e.shapingCacheStats.misses - misses <= b.lines.count)
        // 300 layouts of 100 distinct texts: each laid out once, the other 200 from the layout cache.
        let before = e.work
        for i in 0..<300 {
            _ = e.layout(AttributedText("Number: \(i % 100)"), style: TestFonts.roboto(15), maxWidth: 300)
        }
        let after = e.work
        #expect(after[TextWork.layouts] - before[TextWork.layouts] == 100)
        #expect(after[TextWork.charsPrepared] - before[TextWork.charsPrepared] <= 100 * 10)
    }
}

@Test func deviceScaleRoundsLineMetricsLikeChromium() {
    // Chromium at 2 px/dp: round(27.83) + round(7.32) = 35 device px per Roboto 15 line, baseline 28.
    let e = TextEngine(fonts: TestFonts.library)
    let l = e.layout(AttributedText("one\ntwo\nthree"), style: TestFonts.roboto(15), maxWidth: nil, deviceScale: 2)
    #expect(l.lines.map(\.rect.height) == [17.5, 17.5, 17.5])
    #expect(l.lines[2].baseline == 35 + 14)
    #expect(e.lineHeight(TestFonts.roboto(15), deviceScale: 2) == 17.5)
    #expect(e.layout(AttributedText("one"), style: TestFonts.roboto(15), maxWidth: nil).size.height == 17.578125)
    // DejaVu Sans 17 px at 3 px/dp: 59 device px (environment guide).
    let dejaVu = ParagraphStyle(font: FontSpec(family: "DejaVu Sans"), size: 17)
    #expect(abs(e.lineHeight(dejaVu, deviceScale: 3) * 3 - 59) < 1e-9)
    // Scales that mean nothing keep exact dp metrics.
    for bad in [0, -2, .infinity, .nan] as [Double] {
        #expect(
            e.layout(AttributedText("one"), style: TestFonts.roboto(15), maxWidth: nil, deviceScale: bad).size.height
                == 17.578125)
    }
}

/// The scale is an argument, so one engine serves devices of different scales in turn (a
/// headless backend whose device changes): a paragraph cached at one scale is never handed out
/// for another.
@Test func oneEngineLaysTextOutPerDeviceScaleWithoutMixingCachedParagraphs() {
    let e = TextEngine(fonts: TestFonts.library)
    let text = AttributedText("one\ntwo")
    let style = TestFonts.roboto(15)
    let at2 = e.layout(text, style: style, maxWidth: nil, deviceScale: 2)
    let at3 = e.layout(text, style: style, maxWidth: nil, deviceScale: 3)
    let exact = e.layout(text, style: style, maxWidth: nil)
    #expect(at2.lines.map(\.rect.height) == [17.5, 17.5])
    #expect(at3.lines.map(\.rect.height) != at2.lines.map(\.rect.height))
    #expect(exact.size.height == 2 * 17.578125)
    #expect(e.layout(text, style: style, maxWidth: nil, deviceScale: 2) == at2)
    #expect(e.layout(text, style: style, maxWidth: nil, deviceScale: 3) == at3)
}

/// Line widths and breaks measured in headless Chromium 156 (@font-face on the same files, 15 px,
/// `white-space: pre-wrap`, 200 px wide boxes): shaping and breaking must agree within 0.05 px.
@Test(arguments: [
    ("Hello", [34.52]),
    ("مرحبا بالعالم! هذا سطر تجريبي باللغة العربية.", [176.28]),
    ("שלום עולם! זוהי שורת ניסיון בעברית, גרסה 2.0.", [173.36]),
    ("中文：你好，世界。日本語：こんにちは。한국어: 안녕하세요.", [195.02, 193.97, 17.77]),
])
func lineWidthsMatchChromium(text: String, widths: [Double]) {
    let l = TestFonts.engine.layout(AttributedText(text), style: TestFonts.roboto(15), maxWidth: 200)
    // (Only first lines of the RTL samples: the reference page had an LTR base direction.)
    #expect(l.lines.count >= widths.count)
    for (line, w) in zip(l.lines, widths) {
        #expect(abs(line.rect.width - w) < 0.05, "\(line.text): \(line.rect.width) vs \(w)")
    }
}

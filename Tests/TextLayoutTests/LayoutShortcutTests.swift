import CairoFonts
import Primitives
import Testing

@testable import TextLayout

/// The shortcuts layout takes must give what the long way gives: pieces of runs cut at HarfBuzz
/// safe breaks (taken from the run instead of shaped again), left-to-right text without fribidi,
/// ASCII text without splitting it into `Character`s, one-scalar faces from a table.
struct LayoutShortcutTests {
    static let texts = [
        String(
            repeating: "Hey! Just wanted to follow up on the design review from yesterday. Could you send "
                + "the updated mockups before Friday so we can finalize them? ", count: 3),
        "AVATAR Type WAVE office fluffy “quoted” — dashes… and 12:30, 4.2% off (really).",
        String(repeating: "مرحبا بالعالم، هذا نص عربي طويل للتجربة مع كلمات كثيرة. ", count: 3),
        String(repeating: "שלום עולם, זהו טקסט ארוך בעברית עם מילים רבות. ", count: 3),
        "Mixed: Hello مرحبا world שלום 123 and back to English, then العربية again at the end.",
        "हिन्दी में एक लंबा वाक्य जो कई पंक्तियों में टूटता है और फिर समाप्त होता है।",
        "日本語のテキストは単語の間に空白がありませんが、どこでも改行できます。中文也是这样。",
        "Emoji 👍🏽 and 👨‍👩‍👧 families 🇫🇮 flags ☕️ cups, text around them 🎉 party time!",
        String(
            repeating: "Ex\u{00AD}tra\u{00AD}or\u{00AD}di\u{00AD}nary hy\u{00AD}phen\u{00AD}a\u{00AD}tion ", count: 4),
        "Averylongwordwithoutanybreakopportunitiesthatmustbecutbetweenclusters and then words.",
        "Line one\nline two is longer than the first one\n\nafter an empty line",
    ]

    static var styles: [ParagraphStyle] {
        var out: [ParagraphStyle] = []
        for family in ["Roboto", "DejaVu Sans"] {
            for weight in [400, 700] {
                for maxLines in [nil, 1, 2, 3] {
                    for ellipsis in [false, true] {
                        out.append(
                            ParagraphStyle(
                                font: FontSpec(family: family, weight: weight), size: 15, ellipsis: ellipsis,
                                maxLines: maxLines))
                    }
                }
            }
        }
        out.append(ParagraphStyle(font: FontSpec(family: "Roboto"), size: 17, noWrap: true, ellipsis: true))
        out.append(ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15, align: .justify))
        out.append(ParagraphStyle(font: FontSpec(family: "DejaVu Sans"), size: 15, align: .center, maxLines: 2))
        return out
    }

    /// Every text in every style and width: the same lines, glyphs, ellipses and hyphens whether
    /// safe cuts are sliced from the run or every cut is shaped again.
    @Test func slicedPiecesGiveTheParagraphsOfReshapedOnes() throws {
        let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
        let sliced = TextEngine(fonts: fonts, fontScale: 1, slicesSafeCuts: true)
        let reshaped = TextEngine(fonts: fonts, fontScale: 1, slicesSafeCuts: false)
        var compared = 0
        for text in Self.texts {
            for style in Self.styles {
                for width in [60.0, 110, 180, 290] {
                    let a = sliced.layout(AttributedText(text), style: style, maxWidth: width, deviceScale: 3)
                    let b = reshaped.layout(AttributedText(text), style: style, maxWidth: width, deviceScale: 3)
                    #expect(a == b, "\(text.prefix(30)) \(style.font.family) \(style.maxLines ?? 0) \(width)")
                    compared += a.lines.count
                }
            }
        }
        #expect(compared > 1000)
    }

    /// The slice itself, for every cut between grapheme clusters of every run: where HarfBuzz says
    /// both ends are safe, the run's glyphs are exactly those of shaping the cut with its context.
    @Test func safeSlicesAreTheGlyphsOfShapingTheCut() throws {
        let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
        let itemizer = TextItemizer(fonts: fonts, shapes: ShapeCache())
        var sliced = 0
        var refused = 0
        for text in Self.texts {
            for spec in [FontSpec(family: "Roboto"), FontSpec(family: "DejaVu Sans", weight: 700)] {
                let p = itemizer.prepare(AttributedText(text), font: spec)
                for run in p.runs {
                    guard let face = fonts.face(run.face) else { continue }
                    let starts = run.range.filter { p.graphemeStart[$0] } + [run.range.upperBound]
                    for (i, a) in starts.enumerated() where i % 3 == 0 {
                        for b in starts[(i + 1)...].prefix(12) {
                            let local = (a - run.range.lowerBound)..<(b - run.range.lowerBound)
                            guard let slice = run.shaped.safeSlice(local, count: run.range.count) else {
                                refused += 1
                                continue
                            }
                            let (context, offset) = p.shapingContext(run.range, script: run.script, around: a..<b)
                            var shaped = Shaper.shape(
                                context, range: (a - offset)..<(b - offset), face: face, size: 1,
                                rightToLeft: run.rightToLeft, script: run.script)
                            shaped.clusters = shaped.clusters.map { $0 + offset - run.range.lowerBound }
                            #expect(slice.ids == shaped.ids, "\(text.prefix(20)) \(a)..<\(b)")
                            #expect(slice.clusters == shaped.clusters)
                            #expect(slice.advances == shaped.advances)
                            #expect(slice.xOffsets == shaped.xOffsets && slice.yOffsets == shaped.yOffsets)
                            sliced += 1
                        }
                    }
                }
            }
        }
        #expect(sliced > 500)
        #expect(refused > 0)  // kerning pairs and joined letters are never sliced
    }

    /// Characters the fast path calls left-to-right get level 0 from fribidi, alone and among
    /// letters, digits and brackets, and never make a paragraph right-to-left.
    @Test func leftToRightClassesAreWhatFribidiSays() {
        var chars: [UInt32] = Array(0x20..<0x0590).filter { !(0x7F..<0xA0).contains($0) }
        chars += Array(0x2010...0x2027) + Array(0x2030...0x205E)
        for c in chars {
            for text in [[c], [0x61, c, 0x31], [0x31, c, 0x28, 0x32, 0x29], [c, c, 0x20, 0x2E]] {
                #expect(LeftToRightText.hasNoRightToLeftClass(text))
                #expect(Bidi.levels(text, rightToLeft: false).levels.allSatisfy { $0 == 0 }, "U+\(c)")
                #expect(Bidi.firstStrongDirection(text) != true)
            }
        }
        var seed: UInt64 = 17
        for _ in 0..<300 {
            let text = (0..<40).map { _ -> UInt32 in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return chars[Int((seed >> 33) % UInt64(chars.count))]
            }
            #expect(Bidi.levels(text, rightToLeft: false).levels.allSatisfy { $0 == 0 })
        }
        for rtl: UInt32 in [0x05D0, 0x0627, 0x0660, 0x200F, 0x202B, 0x202E, 0x2067, 0xFB1D, 0x10800] {
            #expect(!LeftToRightText.hasNoRightToLeftClass([0x61, rtl]))
        }
    }

    /// ASCII spans read byte by byte give the code points, spans and cluster starts of the
    /// `Character` walk (`\r\n` one cluster, tabs as spaces, controls dropped).
    @Test func asciiSpansReadAsTheCharacterWalkReadsThem() {
        let pieces = ["a", "B", " ", "\t", "\r", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{1B}", "-", "?", "é"]
        var seed: UInt64 = 5
        for n in 0..<400 {
            var s = ""
            for _ in 0..<(n % 23) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                s += pieces[Int((seed >> 33) % UInt64(pieces.count - (n % 2 == 0 ? 1 : 0)))]
            }
            var fast = PreparedText()
            var slow = PreparedText()
            let isASCII = TextItemizer.appendASCII(s, span: 2, to: &fast)
            TextItemizer.appendScalars(s, span: 2, to: &slow)
            #expect(isASCII == s.utf8.allSatisfy { $0 < 0x80 })
            if isASCII {
                #expect(fast.scalars == slow.scalars, "\(Array(s.utf8))")
                #expect(fast.span == slow.span && fast.graphemeStart == slow.graphemeStart)
            } else {
                #expect(fast.scalars.isEmpty && fast.span.isEmpty)
            }
        }
    }

    /// The one-scalar face table answers what the cluster lookup answers, in and past its range.
    @Test func scalarFaceTablesMatchTheClusterLookup() throws {
        let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
        let probe = try FontLibrary(fontsDirectory: TestFonts.directory)
        let specs = [
            FontSpec(family: "Roboto"), FontSpec(family: "DejaVu Sans", weight: 700), FontSpec(family: "Nope"),
        ]
        for spec in specs {
            let table = fonts.scalarFaces(spec)
            let sample = Array(stride(from: UInt32(0x20), to: 0x3000, by: 7)) + [0x4E00, 0x1F600, 0x0627, 0x05D0]
            for c in sample + sample {
                #expect(table.face(c) == probe.face(forCluster: [c], spec: spec), "U+\(c)")
            }
            #expect(fonts.scalarFaces(spec) === table)
        }
    }

    /// A paragraph laid out again in exactly its own width (as a label sized to its text is) is
    /// the one a fresh engine makes at that width, whether the engine knew it already or not.
    @Test func layingOutAgainInTheOwnWidthGivesTheSameParagraph() throws {
        let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
        let engine = TextEngine(fonts: fonts)
        let texts = [
            "1 Home", "12 Favorites", "Hello مرحبا world", "مرحبا بالعالم", "Emoji 👍🏽 and 🇫🇮", "Soft\u{00AD}hyphen",
            "Averylongwordwithoutanybreakopportunities", "two  spaces  and trailing  ", "AVATAR WAVE Type",
        ]
        let styles = [
            TestFonts.roboto(12), ParagraphStyle(font: FontSpec(family: "DejaVu Sans", weight: 700), size: 20),
            ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15, noWrap: true, ellipsis: true),
            ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15, align: .justify),
            ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15, align: .center),
            ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15, minScale: 0.5),
        ]
        var pairs = 0
        for text in texts {
            for style in styles {
                for width: Double? in [nil, 60, 150, 400] {
                    let first = engine.layout(AttributedText(text), style: style, maxWidth: width, deviceScale: 3)
                    let own = first.size.width
                    let again = engine.layout(AttributedText(text), style: style, maxWidth: own, deviceScale: 3)
                    let fresh = TextEngine(fonts: fonts).layout(
                        AttributedText(text), style: style, maxWidth: own, deviceScale: 3)
                    #expect(again == fresh, "\(text) \(style.align.map { "\($0)" } ?? "-") \(width ?? -1)")
                    pairs += 1
                }
            }
        }
        // Some of the second layouts were found rather than made.
        #expect(engine.work[TextWork.layouts] < 2 * pairs)
    }

    /// Between sessions the engine forgets what it laid out: the same text is laid out again.
    @Test func forgettingLaidOutTextLaysItOutAgain() throws {
        let engine = TextEngine(fonts: try FontLibrary(fontsDirectory: TestFonts.directory))
        let text = AttributedText("1 Alice Johnson")
        let first = engine.layout(text, style: TestFonts.roboto(), maxWidth: 200)
        _ = engine.layout(text, style: TestFonts.roboto(), maxWidth: 200)
        #expect(engine.work[TextWork.layouts] == 1)
        engine.forgetLaidOutText()
        #expect(engine.layout(text, style: TestFonts.roboto(), maxWidth: 200) == first)
        #expect(engine.work[TextWork.layouts] == 2)
        #expect(engine.work[TextWork.charsPrepared] == 2 * 15)
    }
}

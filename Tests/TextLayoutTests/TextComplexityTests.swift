import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// Paragraph layout must stay O(n log n) in the length of the text: each test lays out an input
/// of size N and of size 8N on fresh engines and compares the work counted (`TextEngine.work`,
/// kinds in `TextWork`), kind by kind. Counts, not time: the result is the same on any machine.
/// (Reshaping the whole run for every line made one long paragraph quadratic: 8x the text took
/// 60x the work, and a 64 KiB label seconds.)
@Suite struct TextComplexityTests {
    static let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit", "sed", "do"]

    /// `n` characters of words and spaces.
    static func prose(_ n: Int, words: [String] = words) -> String {
        var s = ""
        var i = 0
        var count = 0
        while count < n {
            let w = words[i % words.count] + " "
            s += w
            count += w.unicodeScalars.count
            i += 1
        }
        return s
    }

    /// The work of laying out `text` once on a fresh engine (its caches empty).
    static func work(
        _ text: AttributedText, _ style: ParagraphStyle = TestFonts.roboto(15), maxWidth: Double? = 358,
        maxHeight: Double? = nil
    ) -> (work: WorkCounts, layout: ParagraphLayout) {
        let engine = TextEngine(fonts: TestFonts.library)
        let l = engine.layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
        return (engine.work, l)
    }

    /// Every kind of work grows at most as n log n from `small` (size n) to `large` (size 8n).
    static func expectNLogN(
        _ small: WorkCounts, _ large: WorkCounts, n: Int, m: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(large.total > 0, sourceLocation: sourceLocation)
        for problem in WorkCounts.growthBeyondNLogN(small, large, n: n, m: m) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    @Test func oneLongWrappedParagraphIsLinear() {
        let (a, la) = Self.work(AttributedText(Self.prose(4000)))
        let (b, lb) = Self.work(AttributedText(Self.prose(32000)))
        // The inputs really are long paragraphs of many lines (8x the text, about 8x the lines).
        #expect(la.lines.count > 50 && lb.lines.count > 7 * la.lines.count)
        Self.expectNLogN(a, b, n: 4000, m: 32000)
    }

    @Test func aWordLongerThanManyLinesBreaksLinearly() {
        // No break opportunity at all: the breaker cuts between clusters, line after line.
        let (a, la) = Self.work(AttributedText(String(repeating: "x", count: 4000)))
        let (b, lb) = Self.work(AttributedText(String(repeating: "x", count: 32000)))
        #expect(la.lines.count > 50 && lb.lines.count > 7 * la.lines.count)
        Self.expectNLogN(a, b, n: 4000, m: 32000)
    }

    @Test func manySpansAndHardBreaksAreLinear() {
        func text(_ n: Int) -> AttributedText {
            // Alternating weights and colours make a run per word; every tenth word ends a line.
            var spans: [TextSpan] = []
            for i in 0..<(n / 8) {
                let w = Self.words[i % Self.words.count] + (i % 10 == 9 ? "\n" : " ")
                spans.append(
                    TextSpan(w, color: i % 3 == 0 ? Color(r: 200, g: 0, b: 0) : nil, weight: i % 2 == 0 ? 700 : nil))
            }
            return AttributedText(spans)
        }
        let (a, la) = Self.work(text(4000))
        let (b, lb) = Self.work(text(32000))
        #expect(la.lines.count >= 50 && lb.lines.count >= 8 * la.lines.count - 8)
        Self.expectNLogN(a, b, n: 4000, m: 32000)
    }

    @Test func bidiArabicAndLatinParagraphIsLinear() {
        // Arabic (a joining script: reshaped with context at line ends) mixed with Latin words.
        let words = ["مرحبا", "بالعالم", "hello", "كتاب", "world", "الطريق", "123", "جميل"]
        let (a, la) = Self.work(AttributedText(Self.prose(4000, words: words)))
        let (b, lb) = Self.work(AttributedText(Self.prose(32000, words: words)))
        #expect(la.lines.count > 50 && lb.lines.count > 7 * la.lines.count)
        Self.expectNLogN(a, b, n: 4000, m: 32000)
    }

    @Test func ellipsizedAndShrunkParagraphsAreLinear() {
        // A one-line label with an ellipsis, and a boxed one that searches for a min-scale.
        var oneLine = TestFonts.roboto(15)
        oneLine.noWrap = true
        oneLine.ellipsis = true
        var shrink = TestFonts.roboto(15)
        shrink.minScale = 0.5
        shrink.ellipsis = true
        shrink.maxLines = 3
        for (style, height) in [(oneLine, nil), (shrink, 60.0)] as [(ParagraphStyle, Double?)] {
            let (a, la) = Self.work(AttributedText(Self.prose(4000)), style, maxWidth: 200, maxHeight: height)
            let (b, lb) = Self.work(AttributedText(Self.prose(32000)), style, maxWidth: 200, maxHeight: height)
            #expect(la.truncated && lb.truncated)
            Self.expectNLogN(a, b, n: 4000, m: 32000)
        }
    }

    @Test func growthBeyondTheBoundIsReportedPerKind() {
        var small = WorkCounts()
        var large = WorkCounts()
        small.add("linear", 4000)
        large.add("linear", 32000)
        small.add("quadratic", 4000)
        large.add("quadratic", 4000 * 64)
        large.add("new", 5)
        let problems = WorkCounts.growthBeyondNLogN(small, large, n: 4000, m: 32000)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("quadratic: 4000 -> 256000") == true)
    }

    @Test func theBoundRejectsQuadraticGrowth() {
        // What the tests above rely on: 8x the input may cost about 10x the work, not 64x.
        let bound = WorkCounts.nLogNRatio(small: 4000, large: 32000)
        #expect(bound > 8 && bound < 16)
        #expect(Double(32000 * 32000) / Double(4000 * 4000) > bound)
    }
}

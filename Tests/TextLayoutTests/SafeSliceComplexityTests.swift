import Primitives
import Testing

@testable import TextLayout

/// One long label, cut into line pieces at HarfBuzz safe breaks (`SafeSlice.swift`), must cost
/// work linear in its length: issue 28 measured 32 KiB 0.22 s, 256 KiB 9.3 s and 1 MiB 128 s in a
/// release `render`, because every line scanned the whole run's clusters from its start.
///
/// Why `TextComplexityTests` passed while this regressed: they compare the kinds of work the
/// engine counted (breaking, shaping, placing), and slicing was not one of them. Its cost grew
/// with (lines x run length) and was counted nowhere, so every counted kind stayed linear. Here the
/// slicing itself is counted (`TextWork.sliceScans`: each binary-search step and each glyph copied),
/// the test first checks the slicing really ran (a count of zero would pass any growth bound), and
/// bounds both the growth from 64 KiB to 256 KiB and the work per character, so a scan of the run
/// per line shows as about 16x the work for 4x the text and thousands of scans per character.
@Suite struct SafeSliceComplexityTests {
    static let small = 64 << 10
    static let large = 256 << 10

    /// The work of laying out `n` characters of prose as one label 120 dp wide (as the issue's
    /// session), on a fresh engine.
    static func work(_ n: Int) -> (work: WorkCounts, lines: Int) {
        let engine = TextEngine(fonts: TestFonts.library)
        let l = engine.layout(
            AttributedText(TextComplexityTests.prose(n)), style: TestFonts.roboto(15), maxWidth: 120)
        return (engine.work, l.lines.count)
    }

    @Test func slicingOneLongLabelIntoLinesIsLinear() {
        let (a, linesA) = Self.work(Self.small)
        let (b, linesB) = Self.work(Self.large)
        let scansA = a[TextWork.sliceScans]
        let scansB = b[TextWork.sliceScans]
        // Thousands of lines, each a piece of the one run, taken by slicing (not reshaping).
        #expect(linesA > 3000 && linesB > 4 * linesA - 8)
        #expect(scansA > linesA && scansB > linesB)
        // Linear: 4x the text, at most 5x the slicing work (a scan per line would be about 16x) ...
        #expect(Double(scansB) <= 5 * Double(scansA), "slice scans \(scansA) -> \(scansB)")
        // ... and a bounded number of glyph indices examined per character: binary search steps
        // (2 x 19 bits per cut end) and the line's own glyphs, amortised over a line of ~15 characters.
        #expect(scansB <= 20 * Self.large, "slice scans \(scansB) for \(Self.large) characters")
        // Every other kind of text work stays linear too.
        for problem in WorkCounts.growthBeyondNLogN(a, b, n: Self.small, m: Self.large) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}

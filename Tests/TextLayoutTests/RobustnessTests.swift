import Primitives
import Styles
import Testing

@testable import TextLayout

@Suite struct RobustnessTests {
    /// A fixed pseudo-random generator, so every run tests the same strings.
    struct LCG {
        var s: UInt64
        mutating func next(_ n: Int) -> Int {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((s >> 33) % UInt64(n))
        }
    }

    static let pieces = [
        "a", "Wo", " ", "  ", "\n", "fi", "é", "e\u{301}", "م", "ש", "2.0", "中", "한", "😀", "👍🏽", "🇫🇮",
        "👩‍💻", "❤️", "\t", "\u{200B}", "-", "…", "(", ")", "\u{00A0}", "न्दी", "\r\n", ".", "ﷺ",
    ]

    @Test func randomTextKeepsTheLayoutInvariants() {
        var rng = LCG(s: 42)
        let engine = TextEngine(fonts: TestFonts.library)
        for round in 0..<150 {
            let text = (0..<rng.next(40)).map { _ in Self.pieces[rng.next(Self.pieces.count)] }.joined()
            var style = TestFonts.roboto(Double(8 + rng.next(20)))
            style.align = [nil, .left, .center, .right, .justify][rng.next(5)]
            style.noWrap = rng.next(4) == 0
            style.ellipsis = rng.next(2) == 0
            style.maxLines = rng.next(3) == 0 ? 1 + rng.next(3) : nil
            style.minScale = rng.next(4) == 0 ? 0.5 : nil
            let width: Double? = rng.next(5) == 0 ? nil : Double(rng.next(300))
            let height: Double? = rng.next(3) == 0 ? Double(rng.next(80)) : nil
            let l = engine.layout(AttributedText(text), style: style, maxWidth: width, maxHeight: height)
            if let m = style.maxLines { #expect(l.lines.count <= m, "round \(round)") }
            if let w = width { #expect(l.size.width <= w + 0.001, "round \(round)") }
            #expect(l.size.height.isFinite && l.size.width.isFinite)
            #expect(abs(l.size.height - l.lines.reduce(0) { $0 + $1.rect.height }) < 1e-6)
            for line in l.lines {
                for run in line.runs { #expect(run.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite }) }
            }
        }
    }

    @Test func degenerateInputs() {
        let e = TestFonts.engine
        #expect(e.layout(AttributedText(""), style: TestFonts.roboto(), maxWidth: 100) == .empty)
        #expect(e.layout(AttributedText("abc"), style: TestFonts.roboto(0), maxWidth: 100) == .empty)
        let zero = e.layout(AttributedText("abc def"), style: TestFonts.roboto(), maxWidth: 0)
        #expect(zero.lines.map(\.text) == ["a", "b", "c", "d", "e", "f"])
        let nan = e.layout(AttributedText("abc"), style: TestFonts.roboto(), maxWidth: .nan, maxHeight: .infinity)
        #expect(nan.lines.count == 1)
        let spaces = e.layout(AttributedText("   "), style: TestFonts.roboto(), maxWidth: 100)
        #expect(spaces.lines.count == 1 && spaces.size.width == 0)
    }
}

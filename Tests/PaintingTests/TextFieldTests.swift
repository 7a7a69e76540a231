import Primitives
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout
@testable import Painting

@Suite struct TextFieldTests {
    func glyphRuns(_ list: DisplayList) -> [GlyphRun] {
        list.items.compactMap { if case .glyphs(let r, _) = $0 { return r } else { return nil } }
    }

    @Test func passwordFieldShowsOneDotPerCharacter() {
        var f = PaintingFixture()
        f.add(
            3, .textField, frame: Rect(x: 0, y: 0, width: 300, height: 40), style: style { $0.padding = Sides(all: 8) }
        ) {
            $0.text = "hunter22"
            $0.flags = 16
        }
        // Layout's paragraph is the raw text: painting replaces it by dots.
        let raw = PaintingFixture.textEngine.layout(
            AttributedText("hunter22"), style: ParagraphStyle(ResolvedStyle()), maxWidth: nil)
        f.layout.paragraphs[3] = raw
        f.layout.textOrigins[3] = Point(x: 8, y: 11)
        let runs = glyphRuns(f.paint())
        let glyphs = runs.flatMap(\.glyphs)
        #expect(glyphs.count == 8)
        #expect(Set(glyphs.map(\.id)).count == 1)
        #expect(f.dumpLines().contains { $0.hasPrefix("glyphs") && $0.contains("at (8, 11)") })
    }

    @Test func emptyFieldShowsTheHintInTheHintColour() {
        var f = PaintingFixture()
        f.add(
            3, .textField, frame: Rect(x: 0, y: 0, width: 300, height: 40),
            style: style {
                $0.hint = "you@example.com"
                $0.hintColor = Color(rgb: 0x9e9e9e)
                $0.padding = Sides(all: 8)
            })
        let runs = glyphRuns(f.paint())
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.color == Color(rgb: 0x9e9e9e) })
        // And the theme's bottom line.
        #expect(f.dumpLines().contains("fill 0,39 300x1 #9e9e9e"))
    }

    @Test func fieldWithItsOwnBorderHasNoBottomLine() {
        var f = PaintingFixture()
        f.add(
            3, .textField, frame: Rect(x: 0, y: 0, width: 300, height: 40),
            style: style {
                $0.border = Sides(all: BorderSide(width: 1, style: .solid, color: Color(rgb: 0xcccccc)))
            })
        #expect(!f.dumpLines().contains("fill 0,39 300x1 #9e9e9e"))
    }

    @Test func errorTextIsRedUnderTheField() {
        var f = PaintingFixture()
        f.add(
            3, .textField, frame: Rect(x: 0, y: 100, width: 300, height: 40),
            style: style { $0.padding = Sides(all: 8) }
        ) {
            $0.text = "x"
            $0.errorText = "Arvo ei kelpaa!"
        }
        let red = glyphRuns(f.paint()).filter { $0.color == Color(rgb: 0xd32f2f) }
        #expect(!red.isEmpty)
        #expect(
            f.dumpLines().contains { $0.hasPrefix("glyphs") && $0.contains("#d32f2f") && $0.contains("at (8, 142)") })
    }
}

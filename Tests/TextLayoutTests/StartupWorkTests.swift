import Foundation
import Styles
import Testing
import TextLayout

/// Start-up of text: opening the library reads Fonts/fonts.lock (one stat per face) and opens no
/// face; the first layout of a label opens the one face it needs, shapes and breaks; the second
/// label, in the same face, opens none. Counted (faces opened, paragraphs laid out), not timed:
/// a fontconfig scan or a library that opened every face shows here on any machine. The
/// milliseconds are in `make bench` (Benchmarks/README.md).
@Test func startupOpensOnlyTheFacesTheFirstLabelNeeds() throws {
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    #expect(fonts.openedFaceCount == 0)
    let engine = TextEngine(fonts: fonts)
    let style = ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15)
    let l = engine.layout(
        AttributedText("Hello, world: the first label on the screen"), style: style, maxWidth: 200,
        deviceScale: 2)
    #expect(fonts.openedFaceCount == 1)
    let second = engine.layout(
        AttributedText("A second label, already warm"), style: style, maxWidth: 200,
        deviceScale: 2)
    #expect(!l.lines.isEmpty && !second.lines.isEmpty)
    #expect(fonts.openedFaceCount == 1)
    #expect(engine.work[TextWork.layouts] == 2)
}

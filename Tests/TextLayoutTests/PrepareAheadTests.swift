import Primitives
import Testing

@testable import TextLayout

/// `prepareAhead` shapes texts on all cores before layout: the layouts must be the ones made
/// without it, and the work (characters prepared, code points shaped) the same, each text once.
@Test func preparingAheadChangesNeitherLayoutsNorWork() throws {
    let texts = [
        "Inbox", "Lunch at noon? I found a new place near the station.", "مرحبا بالعالم", "שלום עולם",
        "日本語のテキスト", "Emoji 👍🏽 and text", "Inbox", "12:45", "Soft\u{00AD}hyphen words",
    ]
    let styles = [TestFonts.roboto(15), TestFonts.roboto(17, weight: 700)]
    var items: [(text: AttributedText, font: FontSpec)] = []
    for t in texts { for s in styles { items.append((AttributedText(t), s.font)) } }

    func run(ahead: Bool) -> (layouts: [ParagraphLayout], work: WorkCounts) {
        let engine = TextEngine(fonts: try! FontLibrary(fontsDirectory: TestFonts.directory))
        if ahead { engine.prepareAhead(items + items) }  // duplicates are prepared once
        var out: [ParagraphLayout] = []
        for t in texts { for s in styles { out.append(engine.layout(AttributedText(t), style: s, maxWidth: 120)) } }
        return (out, engine.work)
    }
    let plain = run(ahead: false)
    let ahead = run(ahead: true)
    #expect(ahead.layouts == plain.layouts)
    for kind in [TextWork.charsPrepared, TextWork.shapingInput, TextWork.glyphsShaped, TextWork.layouts] {
        #expect(ahead.work[kind] == plain.work[kind], "\(kind)")
    }
    #expect(plain.work[TextWork.charsPrepared] > 0)
}

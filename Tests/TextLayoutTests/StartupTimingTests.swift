import Foundation
import Styles
import Testing
import TextLayout

/// Start-up of text: opening the library (reads Fonts/fonts.lock, one stat per face) and the
/// first layout of a label (opens and maps one face, shapes, breaks). No fontconfig scan, so both
/// stay in the low milliseconds. `TEXT_FIGURES=1 swift test -c release --filter StartupTiming`
/// prints the figures of a release build.
@Test func startupTimingOfFontLibraryAndFirstLabel() throws {
    let t0 = DispatchTime.now().uptimeNanoseconds
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    let t1 = DispatchTime.now().uptimeNanoseconds
    let engine = TextEngine(fonts: fonts)
    let style = ParagraphStyle(font: FontSpec(family: "Roboto"), size: 15)
    let l = engine.layout(
        AttributedText("Hello, world: the first label on the screen"), style: style, maxWidth: 200,
        deviceScale: 2)
    let t2 = DispatchTime.now().uptimeNanoseconds
    let second = engine.layout(
        AttributedText("A second label, already warm"), style: style, maxWidth: 200,
        deviceScale: 2)
    let t3 = DispatchTime.now().uptimeNanoseconds
    #expect(!l.lines.isEmpty && !second.lines.isEmpty)
    let ms = { (a: UInt64, b: UInt64) in Double(b - a) / 1e6 }
    if ProcessInfo.processInfo.environment["TEXT_FIGURES"] != nil {
        print(
            String(
                format: "text-startup: FontLibrary %.2f ms, first label %.2f ms, second label %.2f ms",
                ms(t0, t1), ms(t1, t2), ms(t2, t3)))
    }
    // Generous bounds for debug builds on a loaded CI machine; release is far below them.
    #expect(ms(t0, t1) < 50)
    #expect(ms(t1, t2) < 200)
}

import Foundation
import Primitives
import Testing

@testable import RenderPipeline

// semantics.md sections 2 and 4 with the real fonts (issue 19): a family named by the font's own
// name draws in that font without a diagnostic; an unknown one gets a `font-family` warning and
// draws exactly as the theme's default.
struct FontFamilyRenderTests {
    /// Renders one label "東京 Tokyo" in `family` (nil: no font-family style).
    func render(_ family: String?) throws -> (bitmap: Bitmap, diagnostics: [String]) {
        let style =
            family.map {
                #", {"type": "SET_STYLE", "internalId": 3, "textValue": "font-family", "textValue2": "\#($0)"}"#
            } ?? ""
        let json = #"""
            {"format": "framework-session", "version": 1, "device": {"width": 120, "height": 40, "scale": 1}, "steps": [
              {"type": "CREATE_APPLICATION", "childInternalId": 1},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_TEXT", "internalId": 2, "childInternalId": 3, "textValue": "Tokyo 東京"}\#(style)
            ]}
            """#
        let path = NSTemporaryDirectory() + "font-family-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (frame, _, diags) = try PipelineHarness.render(path)
        return (frame.bitmap, diags)
    }

    @Test func ownFamilyNameAndShortNameDrawTheSame() throws {
        let own = try render("Noto Sans CJK JP")
        let short = try render("Noto Sans CJK")
        let theme = try render(nil)
        #expect(own.diagnostics.isEmpty, "\(own.diagnostics)")
        #expect(short.diagnostics.isEmpty)
        #expect(own.bitmap.pixels == short.bitmap.pixels)
        #expect(own.bitmap.pixels != theme.bitmap.pixels)  // the Latin letters are Noto's, not Roboto's
    }

    @Test func unknownFamilyWarnsAndDrawsTheThemesDefault() throws {
        let unknown = try render("Comic Sans MS")
        let theme = try render(nil)
        #expect(unknown.diagnostics.count == 1)
        #expect(unknown.diagnostics.first?.contains("Comic Sans MS") == true)
        #expect(unknown.bitmap.pixels == theme.bitmap.pixels)
    }
}

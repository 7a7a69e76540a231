import Foundation
import Styles
import Testing
import TextLayout

@testable import RenderPipeline

/// A session's own `fonts` folder is used before the bundled fonts (session-format.md, `fonts`).
struct AppFontsTests {
    @Test func sessionFontsFolderComesBeforeBundledFonts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("app-fonts-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(
            atPath: PipelineHarness.root + "/Fonts/DejaVuSans-Bold.ttf", toPath: dir + "/fonts/AppBold.ttf")
        let session = """
            {"format": "framework-session", "version": 1, "fonts": "fonts", "steps": [
             {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
             {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}]}
            """
        try session.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = try PipelineHarness.renderer()
        let bundled = try #require(r.fonts.face(r.fonts.resolve(FontSpec(family: "DejaVu Sans", weight: 700))))
        #expect(bundled.path.hasPrefix(PipelineHarness.root + "/Fonts/"))
        _ = try r.load(path: dir + "/s.json")
        let app = try #require(r.fonts.face(r.fonts.resolve(FontSpec(family: "DejaVu Sans", weight: 700))))
        #expect(app.path.hasSuffix("/fonts/AppBold.ttf"))
    }
}

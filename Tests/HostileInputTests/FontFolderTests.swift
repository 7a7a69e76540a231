import Foundation
import Testing

@testable import RenderPipeline

/// Fonts folders are read like assets: a FIFO named *.ttf must not block, a symlink out is refused.
@Suite struct FontFolderTests {
    /// The FIFO is refused from its `lstat` (not a regular file), never opened: opening it would
    /// block for ever, which the time limit (a safety net for CI, not the assertion) turns into a
    /// failure.
    @Test(.timeLimit(.minutes(2))) func fifoAndOutsideSymlinkAreRefusedWithAMessage() throws {
        let dir = try Hostile.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = dir + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        #expect(mkfifo(fonts + "/Hang.ttf", 0o600) == 0)
        // Outside the folder (a real font, so only the confinement can refuse it).
        try FileManager.default.createSymbolicLink(
            atPath: fonts + "/Out.ttf", withDestinationPath: Hostile.root + "/Fonts/Roboto-Regular.ttf")
        // Inside the folder through a symlink: allowed.
        try FileManager.default.copyItem(
            atPath: Hostile.root + "/Fonts/DejaVuSans-Bold.ttf", toPath: fonts + "/real.bin")
        try FileManager.default.createSymbolicLink(atPath: fonts + "/Inside.ttf", withDestinationPath: "real.bin")
        var options = RenderOptions(fontsDirectory: Hostile.root + "/Fonts")
        options.appFontsDirectory = fonts
        let r = try Renderer(options: options)
        let refused = r.fonts.refusedAppFonts
        #expect(refused.count == 2, "\(refused)")
        #expect(refused.contains { $0.contains("'Hang.ttf'") && $0.contains("not a regular file") })
        #expect(refused.contains { $0.contains("'Out.ttf'") && $0.contains("outside the fonts folder") })
        #expect(r.fonts.hasFamily("DejaVu Sans"))
    }

    /// The session's own `fonts` folder: the refusals are warnings of the render, which still draws.
    @Test func sessionFontsFolderRefusalsAreDiagnostics() throws {
        let dir = try Hostile.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/fonts/Hang.otf", 0o600) == 0)
        let path = dir + "/session.json"
        let steps = [#"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Hello"}"#]
        try Data(Hostile.session(steps, extra: #" "fonts": "fonts","#)).write(to: URL(fileURLWithPath: path))
        let r = try Hostile.renderer()
        let (session, diags) = try r.load(path: path)
        #expect(diags.map(\.code) == ["font-refused"])
        #expect(diags.first?.message.contains("Hang.otf") == true)
        let result = try r.renderAll(session, r.replay(session)) { $0.kind == .final }
        let bitmap = try #require(result.frames.last?.bitmap)
        // "Hello" is drawn: some dark pixels in the top rows.
        var dark = 0
        for y in 0..<40 { for x in 0..<bitmap.width where bitmap.color(x: x, y: y).r < 128 { dark += 1 } }
        #expect(dark > 10)
    }
}

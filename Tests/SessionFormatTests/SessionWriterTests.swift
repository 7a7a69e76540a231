import Foundation
import Primitives
import Testing

@testable import SessionFormat

/// `SessionWriter` (the C API's `pr_write_session`) against the decoder: what it writes decodes to
/// the same steps, and the format's additions (`theme`, surface `pixels`) decode and are checked.
@Suite struct SessionWriterTests {
    @Test(arguments: sampleSessions)
    func everySampleRoundTrips(file: String) throws {
        let path = repoRoot.appendingPathComponent(file).path
        let (s, _) = try SessionDecoder().decode(fileAt: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let bytes = SessionWriter.encode(s, folder: folder)
        let (again, diags) = try SessionDecoder().decode(data: bytes, path: path)
        #expect(diags.isEmpty, "\(diags)")
        #expect(again.steps.map(\.kind) == s.steps.map(\.kind))
        #expect(again.device == s.device)
        #expect(again.assetsDirectory == s.assetsDirectory)
        #expect(again.fontsDirectory == s.fontsDirectory)
    }

    @Test func textWithQuotesControlsAndNULRoundTrips() throws {
        let text = "a \"quoted\" \\ path\n\ttab \u{0}nul \u{1b} é 日本 👍"
        let s = Session(
            name: "t",
            steps: [
                Step(
                    .command(Command(type: .CREATE_TEXT, internalId: 2, childInternalId: 3, textValue: text)),
                    index: 0),
                Step(.input(.input, internalId: 3, value: 0, text: text), index: 1),
            ])
        let (d, diags) = try SessionDecoder().decode(data: SessionWriter.encode(s, folder: "/tmp"), path: "/tmp/t.json")
        #expect(diags.isEmpty, "\(diags)")
        #expect(d.steps.map(\.kind) == s.steps.map(\.kind))
    }

    @Test func themeAndSurfacePixelsRoundTrip() throws {
        let pixels = Bitmap(width: 2, height: 1, pixels: [0, 0x80, 0xff, 0xff, 0x10, 0x10, 0x10, 0x20])
        let surface = SurfacePayload(width: 1, height: 0.5, ops: [], pixels: pixels)
        let s = Session(
            name: "t", assetsDirectory: "/tmp/x/assets", theme: "/tmp/x/themes/brand.json",
            steps: [
                Step(.setSurface(internalId: 4, surface: surface), index: 0), Step(.snapshot(name: "one"), index: 1),
            ])
        let text = String(decoding: SessionWriter.encode(s, folder: "/tmp/x"), as: UTF8.self)
        #expect(text.contains("\"theme\":\"themes/brand.json\""))
        #expect(text.contains("\"assets\":\"assets\""))
        let (d, diags) = try SessionDecoder().decode(data: Array(text.utf8), path: "/tmp/x/t.json")
        #expect(diags.isEmpty, "\(diags)")
        #expect(d.theme == "/tmp/x/themes/brand.json")
        #expect(d.steps.map(\.kind) == s.steps.map(\.kind))
        // A bundled theme stays a name.
        let named = Session(name: "t", theme: "ios", steps: [])
        #expect(
            try SessionDecoder().decode(data: SessionWriter.encode(named, folder: "/tmp"), path: "/tmp/t.json").0.theme
                == "ios")
    }

    private func surfaceStep(_ surface: String) throws -> (Session, [Diagnostic]) {
        let json =
            #"{"format":"framework-session","version":1,"steps":[{"type":"setSurface","internalId":4,"surface":"#
            + surface + "}]}"
        return try SessionDecoder().decode(data: Array(json.utf8), path: "/tmp/t.json")
    }

    @Test func surfacePixelsAreChecked() throws {
        // 1 x 1 pixel: B 0x20 above A 0x10 is not premultiplied.
        let (s1, d1) = try surfaceStep(#"{"width":1,"height":1,"pixels":{"width":1,"height":1,"data":"IAAAEA=="}}"#)
        #expect(s1.steps.isEmpty)
        #expect(d1.first?.message.contains("premultiplied") == true, "\(d1)")
        // 2 x 1 pixels need 8 bytes.
        let (s2, d2) = try surfaceStep(#"{"width":1,"height":1,"pixels":{"width":2,"height":1,"data":"AAAA/w=="}}"#)
        #expect(s2.steps.isEmpty)
        #expect(d2.first?.message.contains("need 8 bytes") == true, "\(d2)")
        // Both draw and pixels.
        let (s3, d3) = try surfaceStep(
            #"{"width":1,"height":1,"draw":[],"pixels":{"width":1,"height":1,"data":"AAAA/w=="}}"#)
        #expect(s3.steps.isEmpty)
        #expect(d3.first?.message.contains("not both") == true, "\(d3)")
        // A good one.
        let (s4, d4) = try surfaceStep(#"{"width":0.5,"height":0.5,"pixels":{"width":1,"height":1,"data":"AAAA/w=="}}"#)
        #expect(d4.isEmpty, "\(d4)")
        guard case .setSurface(4, let p)? = s4.steps.first?.kind else {
            Issue.record("no surface")
            return
        }
        #expect(p.pixels == Bitmap(width: 1, height: 1, pixels: [0, 0, 0, 0xff]))
    }
}

import Foundation
import PNG
import Primitives
import Testing

/// Huge finite numbers the parser once accepted and that trapped in an `Int(Double)` further on
/// (issue 16): each is now refused where it is parsed (docs/limits.md, "Style values") with a
/// diagnostic naming the range, the element keeps its previous value, and the rest of the screen
/// is drawn (the label "After", below, leaves dark pixels).
@Suite struct NumberAbuseTests {
    static func style(_ id: Int, _ key: String, _ value: String) -> String {
        #"{"type": "SET_STYLE", "internalId": \#(id), "value": 0, "textValue": "\#(key)", "textValue2": "\#(value)"}"#
    }
    static func text(_ id: Int, _ t: String, parent: Int = 3) -> String {
        #"{"type": "CREATE_TEXT", "internalId": \#(parent), "childInternalId": \#(id), "textValue": "\#(t)"}"#
    }
    /// A label "After" at the end of the screen, drawn whatever happened before.
    static let after = [text(90, "After"), style(90, "font-size", "20"), style(90, "color", "#000000")]

    /// Renders; returns the outcome and the number of dark pixels of the final frame.
    static func render(_ steps: [String], device: String = Hostile.smallDevice) throws -> (HostileOutcome, Int) {
        let dir = try Hostile.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/session.json"
        try Data(Hostile.session(steps + after, device: device)).write(to: URL(fileURLWithPath: path))
        let r = try Hostile.renderer()
        let (session, decodeDiags) = try r.load(path: path)
        let replay = r.replay(session)
        let result = try r.renderAll(session, replay) { $0.kind == .final }
        var o = HostileOutcome()
        let diags = decodeDiags + replay.diagnostics + result.diagnostics
        o.codes = diags.map(\.code)
        o.messages = diags.map(\.message)
        o.count(tree: replay.final.work, events: replay.events.count, frames: result.frames)
        o.work.add(r.text.work)
        let b = try #require(result.frames.last?.bitmap)
        o.size = (b.width, b.height)
        var dark = 0
        for y in 0..<b.height {
            for x in 0..<b.width where b.color(x: x, y: y).r < 100 && b.color(x: x, y: y).a > 200 { dark += 1 }
        }
        return (o, dark)
    }

    @Test(arguments: [
        ("font-size", "1e20"), ("zoom", "1e20"), ("border", "1.79e308 dotted #000000"),
        ("shadow", "1.79e308 1.79e308 4 #000000"), ("width", "1e19"), ("margin", "1e300"),
        ("border-radius", "1e200"), ("padding-left", "5e15"),
    ])
    func hugeStyleNumberIsRefusedWithTheRange(_ key: String, _ value: String) throws {
        let (o, dark) = try Self.render([Self.text(4, "Hi"), Self.style(4, key, value)])
        #expect(o.rendered)
        #expect(o.codes.filter { $0 != "portability" } == ["bad-style"], "\(o.codes) \(o.messages)")
        #expect(o.message("bad-style").contains("out of range"), "\(o.messages)")
        #expect(dark > 20, "the rest of the screen is drawn")
    }

    @Test func fontSizeAndZoomHaveTheirOwnBounds() throws {
        let (o, dark) = try Self.render([
            Self.text(4, "Hi"), Self.style(4, "font-size", "5000"), Self.style(4, "zoom", "1000"),
        ])
        #expect(o.codes.filter { $0 == "bad-style" }.count == 2)
        #expect(o.message("bad-style").contains("at most 1000 dp"))
        #expect(o.message("bad-style").contains("0 to 10"))
        #expect(dark > 20)
    }

    /// An image view 1e19 dp wide with remote URLs reached the image-request tracker's pixel width.
    @Test func hugeImageViewWithURLs() throws {
        let (o, dark) = try Self.render([
            #"""
            {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4, "textValue": \#
            "https://example.com/a.png 100w, https://example.com/b.png 2000w"}
            """#,
            Self.style(4, "width", "1e19"), Self.style(4, "height", "10"),
        ])
        #expect(o.codes.contains("bad-style"))
        #expect(dark > 20)
    }

    /// A child 1e-320 dp wide (subnormal) made `innerW / widest` infinite in AutoColumnLayout.
    @Test func subnormalChildWidthInAutoColumns() throws {
        let (o, dark) = try Self.render([
            #"{"type": "CREATE_AUTO_COLUMN_LAYOUT", "internalId": 3, "childInternalId": 5}"#,
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 5, "childInternalId": 6, "value": 1}"#,
            Self.style(6, "width", "1e-320"), Self.style(6, "height", "4"),
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 5, "childInternalId": 7, "value": 1}"#,
            Self.style(7, "width", "1e-320"), Self.style(7, "height", "4"),
        ])
        #expect(o.rendered && !o.codes.contains("bad-style"))
        #expect(dark > 20)
    }

    /// Canvas numbers are bounded where decoded (±10^6): the call is skipped with a diagnostic.
    @Test func hugeCanvasArgumentIsSkipped() throws {
        let surface =
            #"""
            {"type": "setSurface", "internalId": 4, "surface": {"width": 50, "height": 20, "draw": [["fillRect", \#
            0, 0, 1e300, 10], ["fillRect", 0, 0, 10, 10]]}}
            """#
        let (o, dark) = try Self.render([
            #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}"#,
            Self.style(4, "width", "50"), Self.style(4, "height", "20"), surface,
        ])
        #expect(o.messages.contains { $0.contains("out of range") }, "\(o.codes) \(o.messages)")
        #expect(dark > 100, "the second fillRect and the label are drawn")
    }

    /// The crash cases of the issue through the `render` binary at once: exit 0 (no SIGILL), one
    /// diagnostic per refused value on stderr, and the label after them in the PNG.
    @Test func crashCasesThroughTheBinary() throws {
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps =
            [
                Self.text(4, "Hi"), Self.style(4, "font-size", "1e20"), Self.style(4, "zoom", "1e20"),
                Self.style(4, "border", "1.79e308 dotted #000000"),
                Self.style(4, "shadow", "1.79e308 1.79e308 4 #000000"),
                #"""
                {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 5, "textValue": \#
                "https://example.com/a.png"}
                """#,
                Self.style(5, "width", "1e19"),
                #"{"type": "CREATE_AUTO_COLUMN_LAYOUT", "internalId": 3, "childInternalId": 6}"#,
                Self.text(7, "a", parent: 6), Self.style(7, "width", "1e-320"), Self.text(8, "b", parent: 6),
            ] + Self.after
        try Data(Hostile.session(steps)).write(to: URL(fileURLWithPath: dir + "/s.json"))
        guard let r = try OutputFileTests.render([dir + "/s.json", "-o", dir + "/s.png"]) else { return }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "out of range").count - 1 == 5, "\(r.stderr)")
        let png = [UInt8](FileManager.default.contents(atPath: dir + "/s.png") ?? Data())
        let b = try PNGCodec.decode(png)
        var dark = 0
        for y in 0..<b.height {
            for x in 0..<b.width where b.color(x: x, y: y).r < 100 && b.color(x: x, y: y).a > 200 { dark += 1 }
        }
        #expect(dark > 20)
    }
}

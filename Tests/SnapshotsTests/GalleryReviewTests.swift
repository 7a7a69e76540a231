import Foundation
import PNG
import Primitives
import RenderPipeline
import SessionFormat
import Testing

@testable import Gallery
@testable import Snapshots

/// The gallery as a reviewer reads it (issue 18): state cells counted on their own, the session's
/// description under its heading, `--device` and its goldens folder, and state cells that hold
/// their element's pixels only.
struct GalleryReviewTests {
    typealias S = Support

    func options(_ out: String, themes: [String] = ["default"]) -> GalleryOptions {
        var o = GalleryOptions(outputDirectory: out, fontsDirectory: S.fonts)
        o.themes = themes
        o.snapshotsDirectory = nil
        o.workers = 2
        return o
    }

    @Test func stateCellsAreCountedApartFromMissingGoldens() throws {
        let dir = S.tempDir("counts")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "alpha")
        let m = try GalleryBuilder(options: options(dir + "/g")).build(sessions: [path])
        let states = m.cards.filter { $0.section == .state }
        let frames = m.cards.filter { $0.section == .frame }
        // Button 4 (NORMAL, ACTIVE, SELECTED, HOVER) and event layout 6 (NORMAL, ACTIVE, SELECTED).
        #expect(states.count == 7)
        #expect(states.allSatisfy { $0.status == GalleryCard.stateStatus })
        #expect(frames.count == 2 && frames.allSatisfy { $0.status == "new" })
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        #expect(html.contains("<button data-filter=\"new\">no golden (2)</button>"))
        #expect(html.contains("<button data-filter=\"state\">state cells (7)</button>"))
        #expect(html.contains("1 sessions, 2 pictures and 7 state cells"))
        // The state table shows under the state filter, not under "no golden".
        #expect(html.contains("f!=='state'"))
    }

    @Test func sessionDescriptionIsShownUnderItsHeading() throws {
        let dir = S.tempDir("description")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "described")
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(
                of: "\"name\": \"described\",",
                with: "\"name\": \"described\", \"description\": \"Sign-in <form> & a button\",")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let plain = S.writeSession(in: dir, name: "plain")
        var o = options(dir + "/g")
        o.states = false
        let m = try GalleryBuilder(options: o).build(sessions: [path, plain])
        #expect(m.descriptions == ["described": "Sign-in <form> & a button"])
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        #expect(html.contains("<h2>described</h2>\n<p class=\"description\">Sign-in &lt;form&gt; &amp; a button</p>"))
        #expect(html.components(separatedBy: "class=\"description\"").count == 2, "the session without one has none")
        let json = try String(contentsOfFile: dir + "/g/gallery.json", encoding: .utf8)
        #expect(json.contains("\"described\" : \"Sign-in <form> & a button\""))
    }

    @Test func deviceRendersEverySessionAtItAndUsesItsGoldensFolder() throws {
        let dir = S.tempDir("device")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        // Goldens recorded at 200x150@2 into Snapshots/200x150@2/ (what `check --device 200x150@2` uses).
        let folder = SnapshotSettings.goldensDirectory(root: dir + "/snaps", theme: "default", device: "200x150@2")
        #expect(folder == dir + "/snaps/200x150@2")
        var ro = RenderOptions(fontsDirectory: S.fonts)
        ro.device = try Device.parse("200x150@2")
        let settings = SnapshotSettings(snapshotsDirectory: folder, failuresDirectory: dir + "/fail", record: .missing)
        _ = SnapshotChecker(settings: settings).check(session: path, renderer: try Renderer(options: ro))
        #expect(FileManager.default.fileExists(atPath: folder + "/card.png"))

        var o = options(dir + "/g")
        o.states = false
        o.snapshotsDirectory = dir + "/snaps"
        o.device = "200x150@2"
        let m = try GalleryBuilder(options: o).build(sessions: [path])
        #expect(m.cards.count == 2 && m.cards.allSatisfy { $0.status == "passed" && $0.golden != nil })
        let png = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/" + m.cards[0].image))))
        #expect(png.width == 400 && png.height == 300)
        // Without --device: the session's own 160x120@1, and no goldens in Snapshots/ itself.
        o.device = nil
        let plain = try GalleryBuilder(options: o).build(sessions: [path])
        #expect(plain.cards.allSatisfy { $0.status == "new" && $0.golden == nil })
        // A bad device stops the gallery with the option and the reason, before anything is written.
        o.device = "tiny"
        o.outputDirectory = dir + "/bad"
        #expect { try GalleryBuilder(options: o).build(sessions: [path]) } throws: {
            "\($0)".hasPrefix("--device tiny: ")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad"))
    }

    /// `--fonts`: the app's folder is used before the bundled fonts. Its Roboto-Regular.ttf has the
    /// bundled file's glyphs plus four trailing bytes: same pixels, but the golden recorded with the
    /// bundled file names the font file as an environment change.
    @Test func appFontsFolderIsUsed() throws {
        let dir = S.tempDir("appfonts")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        let settings = SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .missing)
        _ = SnapshotChecker(settings: settings).check(
            session: path, renderer: try Renderer(options: RenderOptions(fontsDirectory: S.fonts)))
        try FileManager.default.createDirectory(atPath: dir + "/app", withIntermediateDirectories: true)
        let roboto = try Data(contentsOf: URL(fileURLWithPath: S.fonts + "/Roboto-Regular.ttf"))
        try (roboto + Data([0, 0, 0, 0])).write(to: URL(fileURLWithPath: dir + "/app/Roboto-Regular.ttf"))
        var o = options(dir + "/g")
        o.states = false
        o.snapshotsDirectory = dir + "/snaps"
        o.appFontsDirectory = dir + "/app"
        #expect(try o.renderOptions(theme: "ios").appFontsDirectory == dir + "/app")
        let m = try GalleryBuilder(options: o).build(sessions: [path])
        let final = try #require(m.cards.first { $0.snapshot == nil })
        #expect(
            final.changes.contains { $0.hasPrefix("environment: ") && $0.contains("font file Roboto-Regular.ttf") },
            "\(final.changes)")
        // Same bytes as the bundled face: the same pixels.
        #expect(final.mismatch == 0)
    }

    /// Three buttons side by side with no gap, on a blue row: a cell is exactly its button's frame at
    /// device scale and holds none of the neighbours' colours nor the row's.
    @Test func stateCellHoldsOnlyItsElementsPixels() throws {
        let dir = S.tempDir("crop")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func button(_ id: Int, _ color: String) -> String {
            """
            {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": \(id), "textValue": ""},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "background-color", "textValue2": \
            "\(color)"},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "width", "textValue2": "40"},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "height", "textValue2": "40"},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "margin", "textValue2": "0"},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "border-radius", "textValue2": "0"},
            {"type": "SET_STYLE", "internalId": \(id), "value": 0, "textValue": "border", "textValue2": "0 \
            solid \(color)"},
            """
        }
        let json = """
            {"format": "framework-session", "version": 1, "name": "row", "device": {"width": 160, "height": 80, \
            "scale": 2},
             "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "t"},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 2},
              {"type": "SET_STYLE", "internalId": 3, "value": 0, "textValue": "background-color", "textValue2": \
            "#0000ff"},
              {"type": "SET_STYLE", "internalId": 3, "value": 0, "textValue": "padding", "textValue2": "10"},
              \(button(4, "#ff0000"))
              \(button(5, "#00ff00"))
              \(button(6, "#ff00ff"))
              {"type": "snapshot", "name": "row"}
             ]}
            """
        let path = dir + "/row.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let m = try GalleryBuilder(options: options(dir + "/g")).build(sessions: [path])
        let cell = try #require(m.cards.first { $0.element == "button 5" && $0.state == "NORMAL" })
        let b = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/" + cell.image))))
        // 40x40 dp (above the theme's 36 dp minimum button height) at scale 2.
        #expect(b.width == 80 && b.height == 80)
        var green = 0
        var other: [String] = []
        for i in 0..<(b.width * b.height) {
            let (bl, g, r) = (b.pixels[i * 4], b.pixels[i * 4 + 1], b.pixels[i * 4 + 2])
            if g > 200 && r < 60 && bl < 60 {
                green += 1
            } else if other.count < 5 {
                other.append("(\(i % b.width),\(i / b.width)) r\(r) g\(g) b\(bl)")
            }
        }
        #expect(green == b.width * b.height, "pixels not the button's own green: \(other)")
    }
}

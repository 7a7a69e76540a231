import Primitives
import Styles
import Testing
import TextLayout

@testable import Canvas

/// Canvas text: the font shorthand, alignment, baselines and measuring with the bundled fonts.
struct CanvasTextTests {
    typealias S = CanvasTestSupport

    @Test(arguments: [
        ("bold 16px sans-serif", CanvasFont(style: .normal, weight: 700, size: 16, family: "sans-serif")),
        ("italic 9px Roboto", CanvasFont(style: .italic, weight: 400, size: 9, family: "Roboto")),
        (
            "oblique 300 12.5px \"DejaVu Sans\", serif",
            CanvasFont(style: .oblique, weight: 300, size: 12.5, family: "DejaVu Sans")
        ),
        ("10px Roboto", CanvasFont(size: 10, family: "Roboto")),
        ("normal bolder 11px Roboto", CanvasFont(weight: 800, size: 11, family: "Roboto")),
    ])
    func fontShorthandParses(_ c: (String, CanvasFont)) {
        #expect(CanvasFont.parse(c.0) == c.1)
    }

    @Test(arguments: ["16px", "bold", "big 12px Roboto", "12pt Roboto", "-3px Roboto", "bold bold 12px Roboto"])
    func badFontShorthandIsRejected(_ s: String) {
        #expect(CanvasFont.parse(s) == nil)
    }

    @Test func genericFamiliesMapToTheDefault() {
        #expect(CanvasFont(family: "sans-serif").spec().family == "Roboto")
        #expect(CanvasFont(weight: 700, family: "DejaVu Sans").spec() == FontSpec(family: "DejaVu Sans", weight: 700))
    }

    @Test func fillTextDrawsInkNearTheBaseline() throws {
        let c = try S.context(100, 40, scale: 2, fonts: try S.fonts())
        c.font = CanvasFont(size: 20, family: "Roboto")
        c.fillText("Hello", 10, 30)
        let box = try #require(c.surface.bitmap().inkBox)
        // Cap height of Roboto 20 px is about 14 dp: ink from y about 16 to the baseline at 30 (device x2).
        #expect(box.0 >= 20 && box.0 <= 26)
        #expect(box.3 >= 58 && box.3 <= 61)
        #expect(box.1 >= 26 && box.1 <= 36)
        #expect(c.messages == [])
    }

    // The one public initializer (a library user's: folders, no package types) reads images and fonts
    // as the package's own initializer does: same image, same text metrics; no assets folder, no images.
    @Test func publicInitializerTakesFolders() throws {
        let folders = try ContextFactory(
            displayScale: 2, assetsDirectory: S.repo.appendingPathComponent("Examples/assets").path,
            fontsDirectory: S.repo.appendingPathComponent("Fonts").path)
        let own = ContextFactory(displayScale: 2, assets: S.assets, fonts: try S.fonts())
        #expect(try folders.loadImage("photo@2x.png") == (try own.loadImage("photo@2x.png")))
        let a = try folders.createContext(width: 100, height: 30)
        let b = try own.createContext(width: 100, height: 30)
        a.font = CanvasFont(size: 20, family: "Roboto")
        b.font = a.font
        #expect(a.measureText("Hello").width > 40)
        #expect(a.measureText("Hello") == b.measureText("Hello"))
        let noAssets = try ContextFactory(displayScale: 1, assetsDirectory: nil)
        #expect(throws: (any Error).self) { try noAssets.loadImage("photo@2x.png") }
        let missing = S.repo.appendingPathComponent("Examples/assets").path
        let error = #expect(throws: (any Error).self) {
            try ContextFactory(displayScale: 1, assetsDirectory: nil, fontsDirectory: missing)
        }
        #expect("\(try #require(error))".contains("cannot read \(missing)/fonts.lock"))
    }

    @Test func measureTextAndAlignment() throws {
        let fonts = try S.fonts()
        let c = try S.context(200, 40, fonts: fonts)
        c.font = CanvasFont(size: 20, family: "Roboto")
        let m = c.measureText("Hello")
        #expect(m.width > 40 && m.width < 60)
        #expect(
            m.fontBoundingBoxAscent > 15 && m.fontBoundingBoxAscent < 22 && m.fontBoundingBoxDescent > 3
                && m.fontBoundingBoxDescent < 8)
        c.textAlign = .right
        c.fillText("Hello", 100, 30)
        let box = try #require(c.surface.bitmap().inkBox)
        #expect(box.2 <= 100 && box.2 >= 96 && box.0 >= 100 - Int(m.width.rounded(.up)) - 1)
        let d = try S.context(200, 40, fonts: fonts)
        d.font = c.font
        d.textAlign = .center
        d.fillText("Hello", 100, 30)
        let dbox = try #require(d.surface.bitmap().inkBox)
        #expect(abs((dbox.0 + dbox.2) / 2 - 100) <= 2)
    }

    @Test func baselinesMoveTheText() throws {
        let fonts = try S.fonts()
        func inkTop(_ b: CanvasTextBaseline) throws -> Int {
            let c = try S.context(100, 60, fonts: fonts)
            c.font = CanvasFont(size: 20, family: "Roboto")
            c.textBaseline = b
            c.fillText("H", 10, 30)
            return try #require(c.surface.bitmap().inkBox).1
        }
        let top = try inkTop(.top)
        let middle = try inkTop(.middle)
        let alpha = try inkTop(.alphabetic)
        let bottom = try inkTop(.bottom)
        #expect(top > middle && middle > alpha && alpha > bottom)
        #expect(top >= 30 && top <= 36)  // cap top just below the em top
        #expect(alpha >= 15 && alpha <= 17)  // cap height about 14
    }

    @Test func rotatedTextTurns() throws {
        let fonts = try S.fonts()
        let c = try S.context(60, 60, fonts: fonts)
        c.font = CanvasFont(weight: 700, size: 16, family: "Roboto")
        c.translate(30, 50)
        c.rotate(-Double.pi / 2)
        c.fillText("goal", 0, 0)
        let box = try #require(c.surface.bitmap().inkBox)
        // Reading bottom to top: tall and narrow, above y = 50; the ascent goes left of x = 30,
        // only the descender of "g" to its right.
        #expect(box.3 - box.1 > box.2 - box.0)
        #expect(box.3 <= 50 && box.2 <= 35 && box.0 <= 20)
    }

    @Test func textWithoutFontsIsReported() throws {
        let c = try S.context(20, 20)
        c.fillText("x", 0, 10)
        #expect(c.messages.count == 1)
    }
}

extension CanvasTextTests {
    @Test func maxWidthCondensesWideText() throws {
        let c = try S.context(200, 40, fonts: try S.fonts())
        c.font = CanvasFont(size: 20, family: "Roboto")
        let natural = c.measureText("Hello world").width
        #expect(natural > 80)
        c.fillText("Hello world", 10, 30, maxWidth: 50)
        let box = try #require(c.surface.bitmap().inkBox)
        #expect(box.0 >= 10 && box.2 <= 61)
        c.fillText("never", 10, 30, maxWidth: 0)  // nothing drawn, no crash
    }
}

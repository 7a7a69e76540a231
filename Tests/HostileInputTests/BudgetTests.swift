import Foundation
import Primitives
import TestSupport
import Testing

/// Work and memory that grow with numbers in a session (issue 16 "Work and memory"): each case
/// used to hang or take gigabytes; now the item over its budget is cut or skipped with a
/// diagnostic, the label "After" is still drawn, and the work counted stays bounded (the budgets'
/// messages say how much was done and where it stopped; `Hostile.run`'s bound holds too).
@Suite struct BudgetTests {
    typealias N = NumberAbuseTests
    static func surface(_ id: Int, _ w: Int, _ h: Int, _ draw: String) -> [String] {
        [
            #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": \#(id)}"#,
            N.style(id, "width", "\(min(w, 100))"), N.style(id, "height", "\(min(h, 30))"),
            #"""
            {"type": "setSurface", "internalId": \#(id), "surface": {"width": \#(w), "height": \#(h), "draw": \#
            \#(draw)}}
            """#,
        ]
    }

    /// The outcome and dark pixels of `steps`, checked against `Hostile.run`'s work bound.
    static func counted(_ steps: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        HostileOutcome, Int
    ) {
        let (o, dark) = try N.render(steps)
        let bound = Hostile.fixedWork + Hostile.workPerInputByte * Hostile.session(steps).count
        #expect(o.work.total <= bound, "\(o.work)", sourceLocation: sourceLocation)
        return (o, dark)
    }

    @Test func pageControlOfIntMaxPages() throws {
        let (o, dark) = try Self.counted([
            #"{"type": "CREATE_PAGE_CONTROL", "internalId": 3, "childInternalId": 4, "value": 2147483647}"#
        ])
        #expect(o.message("bad-value").contains("2147483647 pages; 1000 dots are drawn"), "\(o.messages)")
        #expect(dark > 20)
        // A display item per dot drawn at most, not per page.
        #expect(o.work["paint.display-items"] <= 1100, "\(o.work)")
    }

    @Test func combiningMarkRunIsCut() throws {
        let marks = String(repeating: "\u{0301}", count: 131_072)
        let (o, dark) = try Self.counted([N.text(4, "a" + marks)])
        #expect(o.message("combining-marks").contains("131042 marks dropped"), "\(o.codes)")
        #expect(dark > 20)
        // Only the 30 marks kept (and the label) reach the shaper.
        #expect(o.work[Hostile.glyphsShaped] < 100, "\(o.work)")
    }

    @Test func canvasTextOfAMillionCharacters() throws {
        let text = String(repeating: "x", count: 1_000_000)
        let (o, dark) = try Self.counted(
            Self.surface(4, 100, 30, #"[["fillText", "\#(text)", 0, 20], ["fillRect", 0, 0, 10, 10]]"#))
        // Refused by count (its characters against the budget) before any of it is shaped.
        #expect(o.message("canvas").contains("canvas work budget"), "\(o.messages)")
        #expect(dark > 100, "the fillRect after it is skipped too, but the label is drawn")  // label + nothing else
    }

    @Test func canvasPathOfThreeHundredThousandSegments() throws {
        let segments = (0..<300_000).map { #"["lineTo", \#($0 % 100), \#(($0 * 7) % 30)]"# }.joined(separator: ",")
        let (o, dark) = try Self.counted(Self.surface(4, 100, 30, #"[["beginPath"], \#(segments), ["stroke"]]"#))
        // The budget counts calls: the 200,000th is where it stopped.
        #expect(
            o.message("canvas").contains("draw[200000] lineTo and the 100001 calls after it skipped"),
            "\(o.messages.prefix(3))")
        #expect(dark > 20)
    }

    static func shadow(blur: String) -> [String] {
        Self.surface(
            4, 100, 30,
            ##"""
            [["shadowBlur", \##(blur)], ["shadowColor", "#000000"], ["fillStyle", "#000000"], ["fillRect", 10, \##
            5, 20, 20]]
            """##
        )
    }

    @Test func canvasShadowBlurOfAMillion() throws {
        let (o, dark) = try Self.counted(Self.shadow(blur: "1000000"))
        #expect(!o.codes.contains("canvas"), "\(o.messages)")
        #expect(dark > 200, "the rectangle itself is drawn")
        // Clamped to the largest sigma (532 px, `BlurMask.maxSigma`; sigma = blur / 2 at scale 1): the
        // same pixels as a blur of 1064, not a mask of gigabytes.
        let (clamped, clampedDark) = try Self.counted(Self.shadow(blur: "1064"))
        #expect(dark == clampedDark && o.codes == clamped.codes)
    }

    @Test func eightLargeSurfacesStayInTheMemoryBudget() throws {
        let steps = (0..<8).flatMap { Self.surface(10 + $0, 8192, 8192, #"[["fillRect", 0, 0, 10, 10]]"#) }
        let (o, dark) = try Self.counted(steps)
        let skipped = o.codes.filter { $0 == "budget" }.count
        // Two 256 MiB surfaces fit the budget; the other six are never allocated or drawn.
        #expect(skipped == 6, "\(o.messages)")
        #expect(o.message("budget").contains("image memory budget (512 MiB"))
        #expect(dark > 20)
    }

    /// Nested zooms (10 x 10) on 50 dp text at scale 1 make 5,000 px per em: not drawn, reported once.
    @Test func zoomedTextOverTheGlyphSizeIsSkipped() throws {
        let steps = [
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 5, "value": 1}"#,
            N.style(5, "zoom", "10"),
            N.text(7, "AB", parent: 5), N.style(7, "zoom", "10"), N.style(7, "font-size", "50"),
        ]
        let (o, dark) = try Self.counted(steps)
        #expect(o.message("budget").contains("1 text run larger than 4096 device pixels per em"), "\(o.messages)")
        #expect(dark > 20)
    }

    /// A frame that cannot be allocated (address space limited with `ulimit -v`) is exit 3 with a
    /// message, not an abort inside an array allocation.
    @Test func unallocatableFrameIsExitThree() throws {
        guard let binary = Repository.renderBinary() else { return }
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Hostile.session([], device: #"{"width": 8000, "height": 5000, "scale": 1}"#)).write(
            to: URL(fileURLWithPath: dir + "/big.json"))
        let r = try Subprocess.run(
            "/bin/bash",
            [
                "-c", "ulimit -v 300000; exec \"$0\" \"$1\" -o \"$2\" -q --fonts-dir \"$3\"", binary,
                dir + "/big.json", dir + "/big.png", Hostile.root + "/Fonts",
            ])
        let text = r.stderr
        #expect(!r.signalled && r.status == 3, "\(r.status) \(text.prefix(300))")
        #expect(text.contains("cannot allocate") && text.contains("8000x5000 px frame"))
    }
}

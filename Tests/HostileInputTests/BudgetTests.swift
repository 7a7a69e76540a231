import Foundation
import Primitives
import TestSupport
import Testing

/// Work and memory that grow with numbers in a session (issue 16 "Work and memory"): each case
/// used to hang or take gigabytes; now the item over its budget is cut or skipped with a
/// diagnostic, the label "After" is still drawn, and the render stays within seconds.
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

    static func timed(_ steps: [String]) throws -> (HostileOutcome, Int, Double) {
        let start = ContinuousClock.now
        let (o, dark) = try N.render(steps)
        let d = ContinuousClock.now - start
        return (o, dark, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }

    @Test func pageControlOfIntMaxPages() throws {
        let (o, dark, s) = try Self.timed([
            #"{"type": "CREATE_PAGE_CONTROL", "internalId": 3, "childInternalId": 4, "value": 2147483647}"#
        ])
        #expect(o.message("bad-value").contains("2147483647 pages; 1000 dots are drawn"), "\(o.messages)")
        #expect(dark > 20 && s < 10)
    }

    @Test func combiningMarkRunIsCut() throws {
        let marks = String(repeating: "\u{0301}", count: 131_072)
        let (o, dark, s) = try Self.timed([N.text(4, "a" + marks)])
        #expect(o.message("combining-marks").contains("131042 marks dropped"), "\(o.codes)")
        #expect(dark > 20 && s < 10)
    }

    @Test func canvasTextOfAMillionCharacters() throws {
        let text = String(repeating: "x", count: 1_000_000)
        let (o, dark, s) = try Self.timed(
            Self.surface(4, 100, 30, #"[["fillText", "\#(text)", 0, 20], ["fillRect", 0, 0, 10, 10]]"#))
        #expect(o.message("canvas").contains("canvas work budget"), "\(o.messages)")
        #expect(dark > 100, "the fillRect after it is skipped too, but the label is drawn")  // label + nothing else
        #expect(s < 10)
    }

    @Test func canvasPathOfThreeHundredThousandSegments() throws {
        let segments = (0..<300_000).map { #"["lineTo", \#($0 % 100), \#(($0 * 7) % 30)]"# }.joined(separator: ",")
        let (o, dark, s) = try Self.timed(Self.surface(4, 100, 30, #"[["beginPath"], \#(segments), ["stroke"]]"#))
        #expect(
            o.message("canvas").contains("draw[200000] lineTo and the 100001 calls after it skipped"),
            "\(o.messages.prefix(3))")
        #expect(dark > 20 && s < 30)
    }

    @Test func canvasShadowBlurOfAMillion() throws {
        let (o, dark, s) = try Self.timed(
            Self.surface(
                4, 100, 30,
                ##"""
                [["shadowBlur", 1000000], ["shadowColor", "#000000"], ["fillStyle", "#000000"], ["fillRect", 10, \##
                5, 20, 20]]
                """##
            ))
        #expect(!o.codes.contains("canvas"), "\(o.messages)")
        #expect(dark > 200, "the rectangle itself is drawn")
        #expect(s < 10)
    }

    @Test func eightLargeSurfacesStayInTheMemoryBudget() throws {
        let steps = (0..<8).flatMap { Self.surface(10 + $0, 8192, 8192, #"[["fillRect", 0, 0, 10, 10]]"#) }
        let (o, dark, s) = try Self.timed(steps)
        let skipped = o.codes.filter { $0 == "budget" }.count
        #expect(skipped == 6, "\(o.messages)")
        #expect(o.message("budget").contains("image memory budget (512 MiB"))
        #expect(dark > 20 && s < 30)
    }

    /// Nested zooms (10 x 10) on 50 dp text at scale 1 make 5,000 px per em: not drawn, reported once.
    @Test func zoomedTextOverTheGlyphSizeIsSkipped() throws {
        let steps = [
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 5, "value": 1}"#,
            N.style(5, "zoom", "10"),
            N.text(7, "AB", parent: 5), N.style(7, "zoom", "10"), N.style(7, "font-size", "50"),
        ]
        let (o, dark, s) = try Self.timed(steps)
        #expect(o.message("budget").contains("1 text run larger than 4096 device pixels per em"), "\(o.messages)")
        #expect(dark > 20 && s < 10)
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

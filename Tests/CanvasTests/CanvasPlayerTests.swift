import Foundation
import Primitives
import SessionFormat
import Testing

@testable import Canvas

/// Playing `setSurface` call lists: the sample session, style values, and messages for bad calls.
struct CanvasPlayerTests {
    typealias S = CanvasTestSupport

    func play(_ json: String, w: Double = 20, h: Double = 20, scale: Double = 1) throws -> (Bitmap, [String]) {
        let ops = S.ops(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        return CanvasPlayer(fonts: try S.fonts(), assets: S.assets).render(
            SurfacePayload(width: w, height: h, ops: ops), scale: scale)
    }

    @Test func exampleCanvasSurfaceRendersWithoutMessages() throws {
        let url = S.repo.appendingPathComponent("Examples/canvas-surface.json")
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let steps = session["steps"] as! [[String: Any]]
        let step = try #require(steps.first { $0["type"] as? String == "setSurface" })
        let surface = step["surface"] as! [String: Any]
        let payload = SurfacePayload(
            width: (surface["width"] as! NSNumber).doubleValue, height: (surface["height"] as! NSNumber).doubleValue,
            ops: S.ops(surface["draw"]!))
        #expect(payload.ops.count > 150)
        let (bm, messages) = CanvasPlayer(fonts: try S.fonts(), assets: S.assets).render(payload, scale: 3)
        #expect(messages == [])
        #expect(bm.width == 1074 && bm.height == 660)
        // The gradient background: pale blue at the top, white at the bottom (inside the frame).
        let top = bm.color(x: 537, y: 6)
        let bottom = bm.color(x: 20, y: 650)
        #expect(top.b > top.r && top.a == 255 && bottom.r >= 250 && bottom.g >= 250)
        // Saturday's bar (x 269.29..293.29 dp, top 77.9 dp) is blue.
        let bar = bm.color(x: Int(281 * 3), y: Int(150 * 3))
        #expect(bar.b > 150 && bar.r < 100)
    }

    @Test func styleValuesIncludeGradientsAndAlphaFirstColours() throws {
        let (bm, messages) = try play(
            """
            [["fillStyle", ["linearGradient", 0, 0, 20, 0, [[0, "#ff0000"], [1, "#0000ff"]]]], ["fillRect", 0, 0, 20, \
            10],
             ["fillStyle", "#8000ff00"], ["fillRect", 0, 10, 20, 10]]
            """)
        #expect(messages == [])
        #expect(bm.color(x: 0, y: 5).r > 240 && bm.color(x: 19, y: 5).b > 240)
        let half = bm.color(x: 5, y: 15)
        #expect(half.g == 255 && (127...129).contains(half.a))
    }

    @Test func unknownCallsAndBadArgumentsBecomeMessages() throws {
        let (bm, messages) = try play(
            """
            [["frobnicate", 1], ["fillRect", 0, 0], ["fillStyle", "notacolour"], ["lineWidth", -2], ["arc", 1, 1, -5, \
            0, 1],
             ["drawImage", "missing.png", 0, 0, 4, 4], ["drawImage", "../secret.png", 0, 0, 4, 4], ["font", "huge"],
             ["textAlign", "middle"], ["setLineDash", [1, "a"]], ["fillRect", 0, 0, 5, 5]]
            """)
        #expect(messages.count == 10)
        #expect(messages[0] == "draw[0] frobnicate: unknown canvas call")
        #expect(messages[1].hasPrefix("draw[1] fillRect: expected 4 numbers"))
        #expect(messages[5].contains("missing.png") && messages[6].contains(".."))
        // The good call after them still draws.
        #expect(bm.color(x: 2, y: 2) == .black)
    }

    @Test func callNamesAreCaseInsensitive() throws {
        let (bm, messages) = try play(
            """
            [["FILLSTYLE", "red"], ["FillRect", 0, 0, 4, 4]]
            """)
        #expect(messages == [])
        #expect(bm.color(x: 1, y: 1) == Color(r: 255, g: 0, b: 0))
    }

    @Test func drawImageFromAssets() throws {
        let (bm, messages) = try play(
            """
            [["drawImage", "icon2.png", 0, 0, 20, 20]]
            """, scale: 2)
        #expect(messages == [])
        #expect(bm.inkCount(0, 0, 40, 40) > 100)
        #expect(bm.inkBox.map { $0.2 <= 39 && $0.3 <= 39 } == true)
    }

    @Test func surfaceSizeIsDpTimesScale() throws {
        let (bm, _) = try play("[]", w: 10.5, h: 3, scale: 3)
        #expect(bm.width == 32 && bm.height == 9)
    }
}

extension CanvasPlayerTests {
    @Test func extremeNumbersNeitherCrashNorBreakLaterCalls() throws {
        let (bm, messages) = try play(
            """
            [["fillRect", 1e300, 1e300, 1e300, 1e300], ["fillRect", -1e300, -1e300, 2e300, 2e300],
             ["beginPath"], ["arc", 0, 0, 1e300, 0, 7], ["lineWidth", 1e300], ["stroke"], ["lineWidth", 1],
             ["scale", 1e300, 1e300], ["fillRect", 0, 0, 1, 1], ["resetTransform"],
             ["shadowBlur", 1e9], ["shadowOffsetX", 1e300], ["fillRect", 0, 0, 1, 1], ["shadowBlur", 1e300], \
            ["shadowOffsetX", 1e12], ["fillRect", 0, 0, 1, 1], ["shadowBlur", 0], ["shadowOffsetX", 0],
             ["setLineDash", [0, 0]], ["beginPath"], ["moveTo", 0, 0], ["lineTo", 5, 5], ["stroke"],
             ["fillStyle", "#ff0000"], ["fillRect", 10, 10, 5, 5]]
            """)
        #expect(messages.allSatisfy { !$0.contains("cairo") }, "\(messages)")
        #expect(bm.color(x: 12, y: 12) == Color(r: 255, g: 0, b: 0))
    }
}

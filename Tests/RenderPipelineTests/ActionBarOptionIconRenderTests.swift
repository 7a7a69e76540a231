import CairoFonts
import Foundation
import Primitives
import Testing

@testable import RenderPipeline

/// ADD_OPTION on an action bar paints the icon asset named by the option's text at the bar's
/// right; a missing asset gets the asset diagnostic and the image placeholder.
@Suite struct ActionBarOptionIconRenderTests {
    /// A session in a fresh folder whose assets hold a 72 x 72 px (24 dp at 3 px/dp) red icon.
    static func sessionFile(options: [String]) throws -> String {
        let dir = NSTemporaryDirectory() + "h10-actionbar-icons-\(options.joined(separator: "-"))"
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        let red = Bitmap(
            width: 72, height: 72, straightRGBA: Array(repeating: [255, 0, 0, 255], count: 72 * 72).flatMap { $0 })
        try PipelineHarness.writePNG(red, dir + "/assets/red.png")
        let adds = options.enumerated().map { i, name in
            #"{"type": "ADD_OPTION", "internalId": 3, "value": \#(i + 1), "textValue": "\#(name)"},"#
        }.joined(separator: "\n")
        let json = """
            {"format": "framework-session", "version": 1, "name": "icons",
             "device": {"width": 360, "height": 640, "scale": 2, "statusBar": 24}, "assets": "assets",
             "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.icons"},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_ACTIONBAR", "internalId": 2, "childInternalId": 3, "textValue": "Icons"},
              \(adds)
              {"type": "snapshot", "name": "bar"}
             ]}
            """
        let path = dir + "/icons.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theOptionIconIsPaintedAtTheRight() throws {
        let (frame, _, diags) = try PipelineHarness.render(try Self.sessionFile(options: ["red.png"]))
        // One icon: 24 dp box ending 16 from the right (x 320...344), y 24 + 16 ... 64; scale 2.
        #expect(frame.bitmap.matches(332 * 2, 52 * 2, [255, 0, 0]))
        #expect(frame.bitmap.matches(321 * 2, 41 * 2, [255, 0, 0]))
        // Outside the box the bar is white.
        #expect(frame.bitmap.matches(317 * 2, 52 * 2, [255, 255, 255]))
        #expect(frame.bitmap.matches(347 * 2, 52 * 2, [255, 255, 255]))
        #expect(!diags.contains { $0.contains("red.png") })
    }

    @Test func aMissingIconAssetIsReportedAndShowsThePlaceholder() throws {
        let (frame, _, diags) = try PipelineHarness.render(try Self.sessionFile(options: ["red.png", "nothere.png"]))
        // Option order left to right: red at 272...296, the missing one at 320...344.
        #expect(frame.bitmap.matches(284 * 2, 52 * 2, [255, 0, 0]))
        #expect(!frame.bitmap.matches(332 * 2, 52 * 2, [255, 255, 255]))
        #expect(!frame.bitmap.matches(332 * 2, 52 * 2, [255, 0, 0]))
        #expect(diags.contains { $0.contains("nothere.png") })
    }
}

import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// A live `HeadlessBackend` run recorded (`recordedSession`, written by `SessionWriter`, as the C
/// API's `pr_write_session` does) replays to the same pixels at every screenshot.
@Suite struct RecordedSessionTests {
    @Test func everyScreenshotReplaysToTheSamePixels() throws {
        let r = try PipelineHarness.renderer()
        let b = HeadlessBackend(device: HeadlessBackendTests.device, renderer: r)
        HeadlessBackendTests.drive(b)
        let first = try b.screenshot(named: "after-drive")
        // A surface given as pixels (premultiplied half-transparent blue), then a tap and a tick.
        let blue = Array(repeating: [UInt8]([0x80, 0, 0, 0x80]), count: 30 * 20).flatMap { $0 }
        b.setSurface(
            7, SurfacePayload(width: 15, height: 10, ops: [], pixels: Bitmap(width: 30, height: 20, pixels: blue)))
        b.tap(4)
        b.tick(16)
        let second = try b.screenshot(named: "after-surface")
        #expect(first != second)

        let session = b.recordedSession(name: "recorded")
        #expect(session.steps.count == b.recordedSteps.count)
        #expect(session.steps.filter { if case .snapshot = $0.kind { return true } else { return false } }.count == 2)
        let bytes = SessionWriter.encode(session, folder: "/tmp")
        let (decoded, diags) = try SessionDecoder().decode(data: bytes, path: "/tmp/recorded.json")
        #expect(diags.isEmpty, "\(diags)")
        let replay = r.replay(decoded)
        let rendered = try r.renderAll(decoded, replay) { $0.kind == .snapshot }
        #expect(rendered.frames.map(\.capture.name) == ["after-drive", "after-surface"])
        #expect(rendered.frames.first?.bitmap == first)
        #expect(rendered.frames.last?.bitmap == second)
        // The surface's pixels are on screen at their own size (a surface is not scaled to its view):
        // 15 x 10 dp at the top left of image view 7 (0, 260 dp), blue over white; the rest of the
        // view's 40 x 40 dp is white (the red image data was replaced).
        let blueShows = second.matches(10, 530, [127, 127, 255], tolerance: 2)
        let whiteBeside = second.matches(60, 560, [255, 255, 255], tolerance: 0)
        #expect(blueShows && whiteBeside, "\(second.color(x: 10, y: 530)), \(second.color(x: 60, y: 560))")
    }
}

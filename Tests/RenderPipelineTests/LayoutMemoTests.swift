import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// A tree laid out for a frame is not laid out again for the next input's hit test (the live app's
/// tap: the app's backend and the worker's kept replay each laid the same screen out twice), and
/// what the reuse gives is what laying it out again gives.
@Suite struct LayoutMemoTests {
    static let orange = Command(
        type: .SET_STYLE, internalId: 2, textValue: "background-color", textValue2: "#ff8800", selector: .normal)

    /// The app's side: a frame, then taps; each tap's hit test sees the tree the last frame showed.
    @Test func aTapAfterAFrameHitTestsTheFramesLayout() throws {
        let r = try PipelineHarness.renderer()
        let b = HeadlessBackend(device: HeadlessBackendTests.device, renderer: r)
        b.beginBatch()
        for c in HeadlessBackendTests.startup { b.send(c) }
        b.commitBatch()
        _ = try b.screenshot()
        #expect(b.layouts.made == 1 && b.layouts.reused == 0)
        b.tap(at: Point(x: 30, y: 20))  // the Save button, pressed and released: the same tree after
        #expect(b.layouts.made == 1 && b.layouts.reused == 1, "the tap laid the shown tree out again")
        _ = try b.screenshot()
        #expect(b.layouts.made == 1 && b.layouts.reused == 2, "an unchanged tree is not laid out for its frame")
        b.send(Self.orange)  // the tree changes: its frame lays it out, the next tap reuses that
        _ = try b.screenshot()
        #expect(b.layouts.made == 2 && b.layouts.reused == 2)
        b.tap(at: Point(x: 300, y: 600))
        #expect(b.layouts.made == 2 && b.layouts.reused == 3)

        // The same taps on a backend whose every hit test lays out: the same pixels and events.
        let plain = HeadlessBackend(device: HeadlessBackendTests.device, renderer: try PipelineHarness.renderer())
        plain.beginBatch()
        for c in HeadlessBackendTests.startup { plain.send(c) }
        plain.commitBatch()
        plain.tap(at: Point(x: 30, y: 20))
        plain.send(Self.orange)
        plain.tap(at: Point(x: 300, y: 600))
        #expect(try plain.screenshot() == (try b.screenshot()))
        #expect(plain.pollEvents().map(EventJSON.line) == b.pollEvents().map(EventJSON.line))
    }

    /// The worker's side: the kept replay's hit tests reuse the layout of the frame drawn before each
    /// new version, and every version's PNG is still the full replay's to the byte.
    @Test func theWorkersFramesLayoutServesTheNextHitTest() throws {
        let (live, session) = try LiveReplayTests.load("login-form")
        let inputs = session.steps.indices.filter {
            if case .input = session.steps[$0].kind { return true }
            return false
        }
        #expect(inputs.count >= 2)
        let memo = LayoutMemo()
        let kept = LiveReplay(renderer: live, session: LiveReplayTests.prefix(session, inputs[0]), layouts: memo)
        var drawn = 0
        for cut in inputs.map({ $0 + 1 }) + [session.steps.count] {
            let version = LiveReplayTests.prefix(session, cut)
            #expect(kept.advance(to: version))
            let replay = kept.result
            // The frame as the worker draws it, its layout kept for the next version's input.
            let last = try #require(replay.captures.last)
            let one = ReplayResult(captures: [last], events: [], diagnostics: [], final: last.tree)
            var png: [UInt8] = []
            _ = try live.renderEach(version, one) { frame, _ in
                memo.keep(frame.capture.tree, on: version.device, (frame.layout, frame.images))
                png = try live.encode(frame.bitmap)
            }
            drawn += 1
            let fresh = try PipelineHarness.renderer()
            #expect(png == (try LiveReplayTests.finalPNG(fresh, version, fresh.replay(version))), "version \(cut)")
        }
        #expect(memo.reused >= inputs.count - 1, "hit tests reused \(memo.reused) of \(inputs.count) frames' layouts")
        #expect(drawn == inputs.count + 1)
    }
}

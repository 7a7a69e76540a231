import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// `LiveReplay` (the live frames of `render serve --app`): a session that grows step by step,
/// brought up to date by applying only its new steps, gives the same captures, events,
/// diagnostics and PNG bytes as a full replay of each version; a version that does not continue
/// the last one is refused.
@Suite struct LiveReplayTests {
    /// A session's first `count` steps, as the app's session file holds them after that many.
    static func prefix(_ s: Session, _ count: Int) -> Session {
        var out = s
        out.steps = Array(s.steps.prefix(count))
        return out
    }

    /// The final frame of a replay as the serve worker draws it (that capture alone), as PNG bytes.
    static func finalPNG(_ r: Renderer, _ session: Session, _ replay: ReplayResult) throws -> [UInt8] {
        let last = try #require(replay.captures.last)
        let one = ReplayResult(captures: [last], events: [], diagnostics: [], final: last.tree)
        var png: [UInt8] = []
        _ = try r.renderEach(session, one) { frame, _ in png = try r.encode(frame.bitmap) }
        return png
    }

    static func timeline(_ r: ReplayResult) -> [String] {
        r.captures.map { "\($0.kind) \($0.name ?? "-") \($0.time) \($0.step)" }
    }

    static func load(_ example: String) throws -> (Renderer, Session) {
        let r = try PipelineHarness.renderer()
        let (session, _) = try r.load(path: PipelineHarness.examples + "/" + example + ".json")
        return (r, session)
    }

    /// Every version of a session the way the app writes it: the boot's commands, then a version
    /// after each input, tick and snapshot (the steps a page's inputs add), each rendered by the
    /// worker's one renderer from the kept replay, against a full replay on a renderer of its own.
    @Test(arguments: ["dialog-and-toast", "login-form", "timers-and-spinner"])
    func eachVersionEqualsAFullReplayToTheByte(_ example: String) throws {
        let (live, session) = try Self.load(example)
        let cuts =
            session.steps.indices.filter {
                if case .command = session.steps[$0].kind { return false }
                return true
            }.map { $0 + 1 } + [session.steps.count]
        var cutsSeen = Set<Int>()
        let versions = cuts.filter { cutsSeen.insert($0).inserted }
        #expect(versions.count >= 5)
        let first = Self.prefix(session, versions[0])
        let kept = LiveReplay(renderer: live, session: first)
        var frames = 0
        for (n, count) in versions.enumerated() {
            let version = Self.prefix(session, count)
            if n > 0 {
                let before = kept.stepsAdvanced
                #expect(kept.advance(to: version))
                #expect(kept.stepsAdvanced - before == count - versions[n - 1])  // only the new steps
            }
            let full = try PipelineHarness.renderer()
            let reference = full.replay(version)
            let incremental = kept.result
            #expect(Self.timeline(incremental) == Self.timeline(reference), "\(example) after \(count) steps")
            #expect(incremental.events == reference.events, "\(example) after \(count) steps")
            #expect(incremental.diagnostics.map(\.message) == reference.diagnostics.map(\.message))
            let a = try Self.finalPNG(live, version, incremental)
            let b = try Self.finalPNG(full, version, reference)
            #expect(a == b, "\(example) after \(count) steps: the kept replay's frame differs")
            #expect(!a.isEmpty)
            frames += 1
        }
        #expect(kept.stepsAdvanced == session.steps.count - versions[0])
        #expect(frames == versions.count)
    }

    /// A version that is not the last one grown is refused, and the kept replay stays as it was.
    @Test func aVersionThatDoesNotContinueIsRefused() throws {
        let (r, session) = try Self.load("dialog-and-toast")
        let kept = LiveReplay(renderer: r, session: Self.prefix(session, 80))
        let state = Self.timeline(kept.result)
        // Fewer steps (the app restarted), a step applied that changed, another header.
        #expect(!kept.advance(to: Self.prefix(session, 79)))
        var edited = session
        edited.steps[10].path = "steps[10].edited"
        #expect(!kept.advance(to: edited))
        var renamed = session
        renamed.name = "other"
        #expect(!kept.advance(to: renamed))
        var moved = session
        moved.device.width = 400
        #expect(!kept.advance(to: moved))
        #expect(kept.stepsAdvanced == 0)
        #expect(Self.timeline(kept.result) == state)
        #expect(kept.session.steps.count == 80)
        #expect(kept.advance(to: session))
        #expect(kept.stepsAdvanced == session.steps.count - 80)
    }

    /// Without CREATE_APPLICATION the boot takes the root from the first FrameView of all the steps
    /// (semantics.md section 1): a later step that would change that choice makes a full replay.
    @Test func aLaterStepThatChangesTheBootChoiceIsRefused() throws {
        let r = try PipelineHarness.renderer()
        func command(_ c: Command, _ i: Int) -> Step { Step(.command(c), index: i) }
        let text = command(Command(type: .CREATE_TEXT, internalId: 5, childInternalId: 6, textValue: "a"), 0)
        let frame = command(Command(type: .CREATE_FRAMEVIEW, internalId: 9, childInternalId: 5), 1)
        let first = Session(name: "boot", steps: [text])
        let kept = LiveReplay(renderer: r, session: first)
        #expect(!kept.advance(to: Session(name: "boot", steps: [text, frame])))
        let app = command(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1), 0)
        let view = command(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2), 1)
        let withApp = LiveReplay(renderer: r, session: Session(name: "boot", steps: [app]))
        #expect(withApp.advance(to: Session(name: "boot", steps: [app, view])))
    }
}

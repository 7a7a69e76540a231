import Foundation
import Primitives
import RenderPipeline
import ServeProtocol
import ServeWorker
import SessionFormat
import TestSupport
import Testing

/// `render serve`'s worker called directly, without a process: the requests the server sends
/// (Serve/Sources/ServeCore/Hub.swift) and the answers' bytes as the server reads them.
@Suite struct ServeWorkerTests {
    static let session = Repository.examples + "/example1-front-view.json"

    /// The renderer's options as `render` makes them, with the repository's fonts.
    static func worker() -> ServeWorkerState {
        ServeWorkerState(fontsDir: Repository.fonts, appFonts: nil) { look in
            var o = RenderOptions(fontsDirectory: Repository.fonts)
            o.theme = look.theme
            guard look.fontScale.isFinite, (0.5...3).contains(look.fontScale) else {
                throw CocoaError(.formatting)
            }
            o.fontScale = look.fontScale
            if let d = look.device { o.device = try Device.parse(d) }
            return o
        }
    }

    /// STATE PATH THEME THEMEGEN DEVICE FONTSCALE CAPTURE, as the server names a state.
    static func state(_ name: String, _ path: String = session, capture: String = "final") -> [String] {
        [name, path, "default", "0", "session", "1.0", capture]
    }

    /// An answer's data split as the server splits it (`FrameAnswer`) and its JSON decoded into its type
    /// (ServeProtocol's WorkerAnswers.swift): the reply, the PNG, whether a patch came with it. The type
    /// holds every key and value the worker wrote: written again, it is the same bytes, and Foundation's
    /// JSONEncoder writes the same JSON object.
    static func reply<T: Codable & Equatable & Sendable>(_ data: [UInt8], _: T.Type) throws -> (
        reply: WorkerReply<T>, png: [UInt8], patch: Bool
    ) {
        let answer = try #require(FrameAnswer.decode(data))
        #expect(answer.encoded() == data)
        let reply = try JSONDecoder().decode(WorkerReply<T>.self, from: Data(answer.json))
        #expect(ServeJSON.bytes(reply) == answer.json)
        #expect(try canonical(Array(JSONEncoder().encode(reply))) == canonical(answer.json))
        return (reply, answer.png, answer.patch != nil)
    }

    /// JSON read and written again by Foundation, keys sorted: equal for the same JSON value.
    static func canonical(_ bytes: [UInt8]) throws -> Data {
        let o = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        return try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys, .fragmentsAllowed])
    }

    /// The answer of a reply that must have worked.
    static func ok<T: Codable & Equatable & Sendable>(_ data: [UInt8], _ type: T.Type) throws -> T {
        let r = try reply(data, type).reply
        if case .failed(let f) = r { Issue.record("failed: \(f.diagnostics.map(\.message))") }
        return try #require(r.answer)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    @Test func aFrameIsAPNGWithTheTree() throws {
        let w = Self.worker()
        let (reply, png, patch) = try Self.reply(w.answer(["frame"] + Self.state("a")), FrameMeta.self)
        let meta = try #require(reply.answer)
        #expect(!patch)
        #expect(Array(png.prefix(8)) == Self.pngSignature)
        #expect(meta.tree.count > 3)
        #expect(meta.tree.allSatisfy { $0.frame.count == 4 && $0.reachable == ($0.why == nil) })
        #expect(Set(meta.tree.map(\.id)).count == meta.tree.count)
        #expect(meta.pixelWidth == Int((meta.device.width * meta.device.scale).rounded()))
        #expect(meta.pixelHeight == Int((meta.device.height * meta.device.scale).rounded()))
        #expect(meta.errors == meta.diagnostics.filter { $0.severity == "error" }.count)
        #expect(!meta.timeline.isEmpty && meta.timeline.map(\.index) == Array(meta.timeline.indices))
        #expect(meta.shown.kind == "final" && meta.shown.time == meta.timeline.last?.time)
        // The state was built for this frame: its decode and replay are timed; the whole took longer than a stage.
        #expect(meta.timing.decode != nil && meta.timing.replay != nil)
        #expect(meta.timing.total >= meta.timing.paint && meta.timing.total >= meta.timing.tree)
        // The same state again comes from memory: nothing decoded or replayed.
        let again = try Self.ok(w.answer(["whole"] + Self.state("a")), FrameMeta.self)
        #expect(again.timing.decode == nil && again.timing.replay == nil)
        #expect(again.tree == meta.tree)
    }

    /// A thumbnail: the small PNG and its size, none of a frame's tree or timeline.
    @Test func aThumbnailIsSmall() throws {
        let w = Self.worker()
        let (reply, png, _) = try Self.reply(w.answer(["thumb"] + Self.state("t")), ThumbnailMeta.self)
        let meta = try #require(reply.answer)
        #expect(meta.pixelWidth <= ServeWorkerState.thumbWidth)
        #expect(meta.pixelHeight > 0 && meta.errors == 0)
        #expect(Array(png.prefix(8)) == Self.pngSignature)
    }

    /// `render mcp`'s picture (`scaled`): a frame's answer (its tree, the frame's own size) with the whole PNG shrunk
    /// by the smallest whole factor that brings its longest side to at most the size asked for; never a patch.
    @Test func aScaledFrameIsShrunkByAWholeFactor() throws {
        let w = Self.worker()
        func size(_ png: [UInt8]) -> (Int, Int) {
            let be = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (be(16), be(20))  // IHDR's width and height
        }
        let (reply, png, patch) = try Self.reply(w.answer(["scaled"] + Self.state("s") + ["800"]), FrameMeta.self)
        let meta = try #require(reply.answer)
        #expect(!patch && meta.tree.count > 3)
        #expect((meta.pixelWidth, meta.pixelHeight) == (720, 1280))
        #expect(size(png) == (360, 640))
        let (_, same, again) = try Self.reply(w.answer(["scaled"] + Self.state("s") + ["1280"]), FrameMeta.self)
        #expect(!again && size(same) == (720, 1280))
        #expect(try Self.reply(w.answer(["scaled"] + Self.state("s") + ["0"]), FrameMeta.self).reply.answer == nil)
    }

    /// The next state of the same file and look goes as the changed rectangle over the one drawn
    /// before; the whole frame of it is asked for apart (`whole`) and is a PNG.
    @Test func aNextFrameIsAPatchOverTheLast() throws {
        let w = Self.worker()
        _ = try Self.reply(w.answer(["frame"] + Self.state("a", capture: "capture:0")), FrameMeta.self)
        let next = try Self.reply(w.answer(["frame"] + Self.state("b")), FrameMeta.self)
        #expect(next.reply.answer != nil)
        if next.patch { #expect(next.png.isEmpty) } else { #expect(Array(next.png.prefix(8)) == Self.pngSignature) }
        let whole = try Self.reply(w.answer(["whole"] + Self.state("b")), FrameMeta.self)
        #expect(!whole.patch)
        #expect(Array(whole.png.prefix(8)) == Self.pngSignature)
    }

    /// A hit test at the middle of a reachable element of the tree reaches an element, with
    /// `render inspect`'s lines; a point far off the screen reaches nothing.
    @Test func aHitTestReachesTheElementUnderThePoint() throws {
        let w = Self.worker()
        let frame = try Self.ok(w.answer(["frame"] + Self.state("a")), FrameMeta.self)
        let target = try #require(frame.tree.last { $0.reachable })
        let f = target.frame
        let (x, y) = (f[0] + f[2] / 2, f[1] + f[3] / 2)
        let hit = try Self.ok(w.answer(["hit"] + Self.state("a") + [String(x), String(y)]), InspectAnswer.self)
        #expect(hit.touch == "element")
        #expect(hit.point == [x, y])
        #expect(hit.locator != nil && !hit.lines.isEmpty)
        // What the point reaches is the target or an element inside it.
        let reached = try #require(frame.tree.first { $0.id == hit.id })
        #expect(reached.kind == hit.kind && reached.frame == hit.frame && reached.text == hit.text)
        let off = try Self.ok(w.answer(["hit"] + Self.state("a") + ["-5000", "-5000"]), InspectAnswer.self)
        #expect(off.touch != "element" && off.id == nil && off.lines.count == 1)
        let element = try Self.ok(w.answer(["element"] + Self.state("a") + [String(target.id)]), InspectAnswer.self)
        #expect(element.id == target.id && element.kind == target.kind && element.frame == target.frame)
    }

    /// The locators name exactly the reachable elements of the tree, each a locator object's JSON.
    @Test func theLocatorsAreTheReachableElements() throws {
        let w = Self.worker()
        let frame = try Self.ok(w.answer(["frame"] + Self.state("a")), FrameMeta.self)
        let answer = try Self.ok(w.answer(["locators"] + Self.state("a")), LocatorsAnswer.self)
        #expect(answer.locators.map(\.id) == frame.tree.filter(\.reachable).map(\.id))
        for l in answer.locators {
            #expect((try? JSONSerialization.jsonObject(with: Data(l.locator.utf8))) is [String: Any], "\(l.locator)")
        }
    }

    /// The accessibility answer: the guideline of the look, findings as `render a11y --json` words them with the
    /// locator's text; the portability report with its summary; the device presets.
    @Test func theReportsDecodeIntoTheirTypes() throws {
        let w = Self.worker()
        let a11y = try Self.ok(w.answer(["a11y"] + Self.state("a")), A11yAnswer.self)
        #expect(a11y.guideline.side > 0 && !a11y.guideline.unit.isEmpty)
        for f in a11y.findings {
            #expect(["contrast", "target", "large-text"].contains(f.check))
            #expect(f.locatorText != nil && f.frame.count == 4 && f.locator.object != nil)
        }
        let report = try Self.ok(
            w.answer(["portability", Self.session, "default", "session", "1.0"]), PortabilityAnswer.self)
        #expect(!report.summary.isEmpty)
        #expect(report.findings.allSatisfy { !$0.line.isEmpty && ($0.ios == nil) == ($0.android == nil) })
        let devices = try Self.ok(w.answer(["devices"]), DevicesAnswer.self)
        #expect(devices.devices.count > 3 && Set(devices.devices).count == devices.devices.count)
    }

    /// Requests no server sends, and sessions no engine can read: each is an answer with `ok` false and
    /// a diagnostic, and the worker answers the next good request as before.
    @Test func hostileRequestsAreErrorAnswers() throws {
        let dir = try TemporaryFolder.make("serve-worker")
        let garbage = dir + "/garbage.json"
        try Data("{\"device\": [[[[".utf8).write(to: URL(fileURLWithPath: garbage))
        let w = Self.worker()
        let requests: [[String]] = [
            [], ["no-such-op"], ["frame"], ["frame", "a"], ["hit"] + Self.state("a") + ["nan", "1"],
            ["hit"] + Self.state("a") + ["1e400", "1"], ["element"] + Self.state("a") + ["x"],
            ["element"] + Self.state("a") + ["999999"], ["frame"] + Self.state("m", dir + "/missing.json"),
            ["frame"] + Self.state("g", garbage), ["thumb"] + Self.state("d", dir),
            ["frame", "f", Self.session, "default", "0", "session", "1e308", "final"],
            ["frame", "v", Self.session, "default", "0", "no-such-device", "1.0", "final"],
            ["portability", dir + "/missing.json", "default", "session", "1.0"],
        ]
        for r in requests {
            let (reply, png, _) = try Self.reply(w.answer(r), FrameMeta.self)
            guard case .failed(let failure) = reply else {
                Issue.record("\(r) did not fail")
                continue
            }
            #expect(png.isEmpty, "\(r)")
            #expect(failure.diagnostics.first.map { !$0.message.isEmpty && !$0.code.isEmpty } == true, "\(r)")
        }
        #expect(try Self.reply(w.answer(["frame"] + Self.state("ok")), FrameMeta.self).reply.answer != nil)
    }

    /// The wire format both sides use: a job's fields come back as they were sent, whatever they hold.
    @Test func jobsKeepEveryField() throws {
        let fields = ["frame", "line\nbreak", "R 0 0 5", "", "\u{1F600}"]
        guard case .frame(let job, let used) = WorkerWire.parseJob(WorkerWire.job(index: 7, fields: fields)) else {
            Issue.record("not a job")
            return
        }
        #expect(job.index == 7)
        #expect(job.fields == fields)
        #expect(used == WorkerWire.job(index: 7, fields: fields).count)
        guard case .malformed = WorkerWire.parseJob(Array("J 1 2 -3 4\n".utf8)) else {
            Issue.record("a negative length parsed")
            return
        }
    }
}

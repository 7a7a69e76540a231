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

    /// An answer's data split as the server splits it (`FrameAnswer`): its JSON object, the PNG, whether a
    /// patch came with it.
    static func parse(_ data: [UInt8]) throws -> (json: [String: Any], png: [UInt8], patch: Bool) {
        let answer = try #require(FrameAnswer.decode(data))
        #expect(answer.encoded() == data)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.json)) as? [String: Any])
        return (object, answer.png, answer.patch != nil)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    @Test func aFrameIsAPNGWithTheTree() throws {
        let w = Self.worker()
        let (json, png, patch) = try Self.parse(w.answer(["frame"] + Self.state("a")))
        #expect(json["ok"] as? Bool == true)
        #expect(!patch)
        #expect(Array(png.prefix(8)) == Self.pngSignature)
        let tree = try #require(json["tree"] as? [[String: Any]])
        #expect(tree.count > 3)
        #expect(tree.allSatisfy { $0["id"] is Int && ($0["frame"] as? [Double])?.count == 4 })
        let device = try #require(json["device"] as? [String: Any])
        let scale = try #require(device["scale"] as? Double)
        let width = try #require(device["width"] as? Double)
        #expect(json["pixelWidth"] as? Int == Int((width * scale).rounded()))
        #expect((json["timeline"] as? [[String: Any]])?.isEmpty == false)
    }

    /// The next state of the same file and look goes as the changed rectangle over the one drawn
    /// before; the whole frame of it is asked for apart (`whole`) and is a PNG.
    @Test func aNextFrameIsAPatchOverTheLast() throws {
        let w = Self.worker()
        _ = try Self.parse(w.answer(["frame"] + Self.state("a", capture: "capture:0")))
        let next = try Self.parse(w.answer(["frame"] + Self.state("b")))
        #expect(next.json["ok"] as? Bool == true)
        if next.patch { #expect(next.png.isEmpty) } else { #expect(Array(next.png.prefix(8)) == Self.pngSignature) }
        let whole = try Self.parse(w.answer(["whole"] + Self.state("b")))
        #expect(!whole.patch)
        #expect(Array(whole.png.prefix(8)) == Self.pngSignature)
    }

    /// A hit test at the middle of a reachable element of the tree reaches an element, with
    /// `render inspect`'s lines; a point far off the screen reaches nothing.
    @Test func aHitTestReachesTheElementUnderThePoint() throws {
        let w = Self.worker()
        let frame = try Self.parse(w.answer(["frame"] + Self.state("a")))
        let tree = try #require(frame.json["tree"] as? [[String: Any]])
        let target = try #require(tree.last { $0["reachable"] as? Bool == true })
        let f = try #require(target["frame"] as? [Double])
        let (x, y) = (f[0] + f[2] / 2, f[1] + f[3] / 2)
        let hit = try Self.parse(w.answer(["hit"] + Self.state("a") + [String(x), String(y)])).json
        #expect(hit["ok"] as? Bool == true)
        #expect(hit["touch"] as? String == "element")
        #expect(hit["id"] is Int)
        #expect((hit["lines"] as? [String])?.isEmpty == false)
        let off = try Self.parse(w.answer(["hit"] + Self.state("a") + ["-5000", "-5000"])).json
        #expect(off["ok"] as? Bool == true)
        #expect(off["touch"] as? String != "element")
        let element = try Self.parse(w.answer(["element"] + Self.state("a") + [String(target["id"] as! Int)])).json
        #expect(element["id"] as? Int == target["id"] as? Int)
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
            let (json, png, _) = try Self.parse(w.answer(r))
            #expect(json["ok"] as? Bool == false, "\(r)")
            #expect(png.isEmpty, "\(r)")
            let diagnostics = json["diagnostics"] as? [[String: Any]]
            #expect(diagnostics?.first?["message"] is String, "\(r)")
        }
        let after = try Self.parse(w.answer(["frame"] + Self.state("ok")))
        #expect(after.json["ok"] as? Bool == true)
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

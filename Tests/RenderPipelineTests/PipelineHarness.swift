import Foundation
import PNG
import Primitives
import TestSupport

@testable import RenderPipeline

/// The end-to-end tests' renderer and PNG helpers, over the shared `TestSupport` paths (named apart from
/// that module so a reader never mistakes one for the other).
enum PipelineHarness {
    static let root = Repository.root
    static var examples: String { Repository.examples }
    static var snapshots: String { Repository.snapshots }
    static var fixtures: String { root + "/Tests/RenderPipelineTests/Fixtures" }
    /// Where failing tests leave `expected | diff | actual` images.
    static var failures: String { Repository.failures }

    static func renderer(theme: String = "default") throws -> Renderer {
        var o = RenderOptions(fontsDirectory: root + "/Fonts")
        o.theme = theme
        return try Renderer(options: o)
    }

    /// Renders a session file's final frame (or a named snapshot).
    static func render(_ path: String, snapshot: String? = nil, renderer r: Renderer? = nil) throws -> (
        RenderedFrame, [AppEventLine], [String]
    ) {
        let r = try r ?? renderer()
        let (session, d) = try r.load(path: path)
        let replay = r.replay(session)
        let target = snapshot.flatMap { n in replay.captures.last { $0.name == n } } ?? replay.captures.last
        let result = try r.renderAll(session, replay) { c in
            c.step == target?.step && c.kind == target?.kind && c.name == target?.name
        }
        guard let frame = result.frames.last else { throw TestFailure("nothing rendered for \(path)") }
        let diags = (d + replay.diagnostics + result.diagnostics).map { "step \($0.step ?? -1): \($0.message)" }
        return (frame, result.events.map { AppEventLine(json: EventJSON.line($0)) }, diags)
    }

    static func readPNG(_ path: String) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("cannot read \(path)") }
        return try PNGCodec.decode(Array(data))
    }

    static func writePNG(_ b: Bitmap, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(try PNGCodec.encode(b, compressionLevel: 6), to: path)
    }

    /// Session files in a folder (not the `.expect.json` files), sorted.
    static func sessions(in dir: String) -> [String] { Repository.sessions(in: dir) }
}

struct AppEventLine { var json: String }

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

extension PipelineHarness {
    /// Replays an example once and renders its named snapshots (the last capture of each name):
    /// their bitmaps by name, and every event line of the session.
    static func snapshots(of example: String, renderer r: Renderer? = nil) throws -> (
        frames: [String: Bitmap], events: [String]
    ) {
        let r = try r ?? renderer()
        let (session, _) = try r.load(path: examples + "/" + example + ".json")
        let replay = r.replay(session)
        var lastOfName: [String: Int] = [:]
        for (i, c) in replay.captures.enumerated() where c.kind == .snapshot { lastOfName[c.name ?? ""] = i }
        let wanted = Set(lastOfName.values)
        var frames: [String: Bitmap] = [:]
        let result = try r.renderEach(session, replay, only: { _, i in wanted.contains(i) }) { f, _ in
            frames[f.capture.name ?? ""] = f.bitmap
        }
        return (frames, result.events.map(EventJSON.line))
    }
}

extension Bitmap {
    /// The straight RGB at a pixel, for probes.
    func rgb(_ x: Int, _ y: Int) -> [Int] {
        let c = color(x: x, y: y)
        return [Int(c.r), Int(c.g), Int(c.b)]
    }

    /// True when the pixel is within `tolerance` of `rgb` in every channel.
    func matches(_ x: Int, _ y: Int, _ rgb: [Int], tolerance: Int = 8) -> Bool {
        zip(self.rgb(x, y), rgb).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

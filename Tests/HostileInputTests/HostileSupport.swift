import Foundation
import Primitives
import SessionFormat
import TestSupport
import Testing

@testable import RenderPipeline

/// What one hostile session came to: refused as a whole (a `SessionError` code) or rendered (the
/// diagnostic codes of every stage, the final frame's size) — and the work it took, counted by
/// every stage (`WorkCounts`: replay, layout, paint and text kinds, and the events replay made),
/// not timed: the same on any machine, however loaded.
struct HostileOutcome {
    var rejected: String?
    /// Where the decoder stopped when it refused the file (`line L column C`).
    var rejectedAt: String?
    var codes: [String] = []
    var messages: [String] = []
    var size: (Int, Int)?
    var work = WorkCounts()
    /// Events the replay made (each is a loop of the replay's clock, the TimerEvents of a tick above all).
    var events = 0
    var rendered: Bool { size != nil }
    /// Adds the work of a replay (its final tree's counts and its events) and of the frames
    /// rendered from it (layout and paint counts).
    mutating func count(tree: WorkCounts, events: Int, frames: [RenderedFrame]) {
        work.add(tree)
        self.events = events
        work.add(Hostile.eventWork, events)
        for f in frames {
            work.add(f.layout.work)
            work.add(f.displayList.work)
        }
    }
    func has(_ code: String) -> Bool { codes.contains(code) }
    func message(_ code: String) -> String {
        zip(codes, messages).filter { $0.0 == code }.map(\.1).joined(separator: " | ")
    }
}

/// Builds hostile sessions in a temporary folder and runs them through the whole pipeline
/// (decode, replay, layout, paint, raster), in process.
enum Hostile {
    static let root = Repository.root
    /// A small device so each case renders in milliseconds.
    static let smallDevice = #"{"width": 120, "height": 160, "scale": 1}"#
    /// Application 1, FrameView 2, vertical LinearLayout 3.
    static let base = [
        #"{"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1}"#,
        #"{"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}"#,
        #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}"#,
    ]

    /// A session file's bytes: the base tree then `steps`.
    static func session(_ steps: [String], device: String = smallDevice, extra: String = "") -> [UInt8] {
        let all = (base + steps).joined(separator: ",\n")
        return Array(
            #"{"format": "framework-session", "version": 1, "device": \#(device),\#(extra) "steps": [\#(all)]}"#.utf8)
    }

    static func renderer() throws -> Renderer {
        try Renderer(options: RenderOptions(fontsDirectory: root + "/Fonts"))
    }

    /// A fresh folder with `assets/` (files by name) and optional symlinks (name -> target).
    static func folder(assets: [String: [UInt8]] = [:], links: [String: String] = [:]) throws -> String {
        let dir = try TemporaryFolder.make("hostile")
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        for (name, bytes) in assets { try Data(bytes).write(to: URL(fileURLWithPath: dir + "/assets/" + name)) }
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: dir + "/assets/" + name, withDestinationPath: target)
        }
        return dir
    }

    /// The work every hostile render stays within (all kinds summed): a fixed part (the base tree,
    /// one small frame, its text, the 10,000 TimerEvents a tick may make) plus one count per byte of
    /// input. The hostile cases count 500 to 10,014 on a few hundred bytes and 100,014 on 7 MB; a
    /// stage whose work grew faster than its input (a loop per millisecond of a tick, a walk of the
    /// whole tree per step) goes far past it.
    static let fixedWork = 20_000
    static let workPerInputByte = 1

    /// Runs the bytes as `session.json` in a fresh folder through the whole pipeline. Every case
    /// must stay within `fixedWork` plus `workPerInputByte` per byte of `bytes` (all kinds summed).
    static func run(
        _ bytes: [UInt8], assets: [String: [UInt8]] = [:], links: [String: String] = [:],
        renderFinal: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HostileOutcome {
        let dir = try folder(assets: assets, links: links)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/session.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var out = HostileOutcome()
        let r = try renderer()
        do {
            let (session, decodeDiags) = try r.load(path: path)
            let replay = r.replay(session)
            var diags = decodeDiags + replay.diagnostics
            var frames: [RenderedFrame] = []
            if renderFinal {
                let result = try r.renderAll(session, replay) { $0.kind == .final }
                diags += result.diagnostics
                frames = result.frames
                if let f = result.frames.last { out.size = (f.bitmap.width, f.bitmap.height) }
            } else {
                out.size = (session.device.pixelWidth, session.device.pixelHeight)
            }
            out.codes = diags.map(\.code)
            out.messages = diags.map(\.message)
            out.count(tree: replay.final.work, events: replay.events.count, frames: frames)
        } catch let e as SessionError {
            out.rejected = e.code
            out.rejectedAt = e.location
            out.messages = [e.reason]
        }
        out.work.add(r.text.work)
        let bound = fixedWork + workPerInputByte * bytes.count
        if out.work.total > bound {
            Issue.record(
                "work \(out.work.total) over the bound \(bound) for \(bytes.count) bytes: \(out.work)",
                sourceLocation: sourceLocation)
        }
        return out
    }

    /// The kind under which `run` counts the replay's events in `HostileOutcome.work`.
    static let eventWork = "replay.events"
    /// Kinds the stages count (`ReplayWork`, `TextWork`; by name: this target does not import
    /// WidgetTree or TextLayout).
    static let replaySteps = "replay.steps"
    static let ancestorSteps = "replay.ancestor-steps"
    static let charsPrepared = "text.chars-prepared"
    static let glyphsShaped = "text.glyphs-shaped"

    /// Records an issue for every kind of work that grew faster than n log n from `small` (the
    /// outcome for size `n`) to `large` (for size `m`), as the complexity tests of each stage do.
    static func expectNLogN(
        _ small: HostileOutcome, _ large: HostileOutcome, n: Int, m: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(small.work.total >= n, "too little work counted: \(small.work)", sourceLocation: sourceLocation)
        for problem in WorkCounts.growthBeyondNLogN(small.work, large.work, n: n, m: m) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// A minimal PNG: signature and an IHDR claiming `width` x `height` (RGBA 8-bit), then
    /// optionally an IDAT/IEND (a real 1x1 image's chunks when `valid`).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        b += Array("IHDR".utf8)
        for v in [width, height] {
            b += [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
        }
        b += [8, 6, 0, 0, 0]
        b += [0, 0, 0, 0]  // CRC (wrong; the size check comes first)
        return b
    }
}

/// Reports of two runs of one check with their times taken out (JUnit's `time`, the JSON report's
/// `seconds`: the one thing that differs between runs), to compare the rest byte for byte.
enum ReportTimes {
    static func removed(_ data: Data?, file: String) -> String? {
        guard let data else { return nil }
        if file.hasSuffix(".json"), let object = try? JSONSerialization.jsonObject(with: data) {
            func strip(_ v: Any) -> Any {
                if let d = v as? [String: Any] {
                    return d.filter { $0.key != "seconds" }.mapValues(strip)
                }
                if let a = v as? [Any] { return a.map(strip) }
                return v
            }
            let out = try? JSONSerialization.data(withJSONObject: strip(object), options: [.sortedKeys])
            return out.map { String(decoding: $0, as: UTF8.self) }
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
    }
}

import Foundation
import Primitives
import SessionFormat
import TestSupport
import Testing

@testable import RenderPipeline

/// What one hostile session came to: refused as a whole (a `SessionError` code) or rendered (the
/// diagnostic codes of every stage, the final frame's size) — and how long it took.
struct HostileOutcome {
    var rejected: String?
    var codes: [String] = []
    var messages: [String] = []
    var size: (Int, Int)?
    var seconds: Double = 0
    var rendered: Bool { size != nil }
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

    /// Runs the bytes as `session.json` in a fresh folder through the whole pipeline.
    /// Every case must finish within `limit` seconds (debug build, tests running in parallel).
    static func run(
        _ bytes: [UInt8], assets: [String: [UInt8]] = [:], links: [String: String] = [:],
        renderFinal: Bool = true, within limit: Double = 5,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HostileOutcome {
        let dir = try folder(assets: assets, links: links)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/session.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let start = ContinuousClock.now
        var out = HostileOutcome()
        let r = try renderer()
        do {
            let (session, decodeDiags) = try r.load(path: path)
            let replay = r.replay(session)
            var diags = decodeDiags + replay.diagnostics
            if renderFinal {
                let result = try r.renderAll(session, replay) { $0.kind == .final }
                diags += result.diagnostics
                if let f = result.frames.last { out.size = (f.bitmap.width, f.bitmap.height) }
            } else {
                out.size = (session.device.pixelWidth, session.device.pixelHeight)
            }
            out.codes = diags.map(\.code)
            out.messages = diags.map(\.message)
        } catch let e as SessionError {
            out.rejected = e.code
            out.messages = [e.reason]
        }
        let d = ContinuousClock.now - start
        out.seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        if out.seconds > limit {
            Issue.record("took \(out.seconds) s, over the \(limit) s bound", sourceLocation: sourceLocation)
        }
        return out
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

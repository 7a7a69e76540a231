import Foundation
import TestSupport
import Testing

@testable import RenderPipeline

/// The same session gives the same PNG bytes: across runs, across locales and time zones (the
/// `render` binary as a subprocess with a changed environment), and in process; and the PNGs
/// carry no time or text chunks.
@Suite struct DeterminismTests {
    /// Runs `render SESSION -o OUT` with `env` added; returns the PNG bytes.
    static func render(_ binary: String, _ session: String, env: [String: String]) throws -> [UInt8] {
        let dir = try TemporaryFolder.make("det")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out.png"
        let r = try Subprocess.run(
            binary, [session, "-o", out, "--fonts-dir", Hostile.root + "/Fonts", "-q"], environment: env)
        #expect(r.status == 0 && !r.signalled, "render exited with \(r.status) under \(env)")
        return [UInt8](FileManager.default.contents(atPath: out) ?? Data())
    }

    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var out: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let len = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            out.append(String(decoding: png[i + 4..<i + 8], as: UTF8.self))
            i += 12 + len
        }
        return out
    }

    @Test func sameBytesAcrossRunsThreadCountsLocalesAndTimeZones() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let session = Hostile.root + "/Examples/text-wrapping.json"
        // One encoder thread against two, and different locales and time zones.
        let a = try Self.render(binary, session, env: ["LC_ALL": "C", "TZ": "UTC", "PREVIEW_RENDERER_THREADS": "1"])
        let b = try Self.render(
            binary, session,
            env: [
                "LC_ALL": "tr_TR.UTF-8", "LANG": "de_DE.UTF-8", "TZ": "Pacific/Kiritimati",
                "PREVIEW_RENDERER_THREADS": "2",
            ])
        #expect(a.count > 1000)
        #expect(a == b)

        // In process, with this process's environment: the same bytes again.
        let r = try Hostile.renderer()
        let (s, _) = try r.load(path: session)
        let replay = r.replay(s)
        let frame = try #require(try r.renderAll(s, replay) { $0.kind == .final }.frames.last)
        #expect(try r.encode(frame.bitmap) == a)

        let chunks = Self.chunkTypes(a)
        #expect(chunks.first == "IHDR" && chunks.last == "IEND")
        #expect(chunks.allSatisfy { !["tIME", "tEXt", "zTXt", "iTXt"].contains($0) }, "\(chunks)")
    }
}

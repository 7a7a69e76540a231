import Foundation
import PNG
import Primitives
import Testing
import WidgetTree

@testable import RenderPipeline

/// The animated PNG writer (acTL / fcTL / fdAT chunks, streamed), the frame plan of `--apng`,
/// and the atomic streaming file under them.
@Suite struct APNGTests {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        guard Array(bytes.prefix(8)) == PNGChunkWriter.signature else { throw TestFailure("no PNG signature") }
        var out: [Chunk] = []
        var i = 8
        func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while i < bytes.count {
            let n = Int(u32(i))
            let type = Array(bytes[i + 4..<i + 8])
            let data = Array(bytes[i + 8..<i + 8 + n])
            let crc = PNGChunkWriter.crc(data, seed: PNGChunkWriter.crc(type, seed: 0))
            guard crc == u32(i + 8 + n) else {
                throw TestFailure("bad CRC in \(String(decoding: type, as: UTF8.self))")
            }
            out.append(Chunk(type: String(decoding: type, as: UTF8.self), data: data))
            i += 12 + n
        }
        return out
    }

    static func be32(_ d: [UInt8], _ at: Int) -> Int { Int(d[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }) }
    static func solid(_ c: Color, w: Int = 5, h: Int = 3) -> Bitmap {
        Bitmap(width: w, height: h, straightRGBA: Array(repeating: [c.r, c.g, c.b, c.a], count: w * h).flatMap { $0 })
    }

    @Test(arguments: [1, 9]) func framesRoundTripWithDelaysAndSequenceNumbers(level: Int) throws {
        let frames = [
            Self.solid(Color(r: 255, g: 0, b: 0, a: 255)), Self.solid(Color(r: 0, g: 128, b: 255, a: 255)),
            Self.solid(Color(r: 10, g: 200, b: 30, a: 128)),
        ]
        let delays = [100, 0, 70_000]
        var bytes: [UInt8] = []
        var pieces = 0
        let w = try APNGWriter(width: 5, height: 3, frameCount: 3, compressionLevel: level) {
            bytes += $0
            pieces += 1
        }
        for (f, d) in zip(frames, delays) { try w.addFrame(f, delayMs: d) }
        try w.finish()
        #expect(pieces > 4)  // streamed: header, then pieces per frame, then IEND

        let cs = try Self.chunks(bytes)
        #expect(cs.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(Self.be32(cs[1].data, 0) == 3 && Self.be32(cs[1].data, 4) == 0)  // 3 frames, loop forever
        // fcTL: sequence, size, offset 0, delay as a fraction, dispose none, blend source.
        let fctl = cs.filter { $0.type == "fcTL" }.map(\.data)
        #expect(fctl.map { Self.be32($0, 0) } == [0, 1, 3])
        #expect(cs.filter { $0.type == "fdAT" }.map { Self.be32($0.data, 0) } == [2, 4])
        for f in fctl {
            #expect(Self.be32(f, 4) == 5 && Self.be32(f, 8) == 3 && Self.be32(f, 12) == 0 && Self.be32(f, 16) == 0)
        }
        let fractions = fctl.map {
            [Int($0[20]) << 8 | Int($0[21]), Int($0[22]) << 8 | Int($0[23]), Int($0[24]), Int($0[25])]
        }
        #expect(fractions == [[100, 1000, 0, 0], [0, 1000, 0, 0], [7000, 100, 0, 0]])

        // The file is a valid PNG whose still image is frame 0; each frame decodes to its pixels.
        #expect(try PNGCodec.decode(bytes) == frames[0])
        let ihdr = cs[0].data
        let pixelData = [cs[3].data, Array(cs[5].data.dropFirst(4)), Array(cs[7].data.dropFirst(4))]
        for (i, data) in pixelData.enumerated() {
            var png = PNGChunkWriter()
            png.append("IHDR", ihdr)
            png.append("IDAT", data)
            png.append("IEND")
            #expect(try PNGCodec.decode(png.bytes) == frames[i], "frame \(i)")
        }
    }

    @Test func laterFramesStoreOnlyTheChangedRectangle() throws {
        let base = Self.solid(.white, w: 6, h: 4)
        var changed = base
        for (x, y) in [(2, 1), (4, 2)] {  // two pixels -> the rectangle x 2...4, y 1...2
            let i = (y * 6 + x) * 4
            changed.pixels[i] = 255
            changed.pixels[i + 1] = 0
            changed.pixels[i + 2] = 0  // blue
        }
        var bytes: [UInt8] = []
        let w = try APNGWriter(width: 6, height: 4, frameCount: 3) { bytes += $0 }
        try w.addFrame(base, delayMs: 10)
        try w.addFrame(changed, delayMs: 10)
        try w.addFrame(changed, delayMs: 10)
        try w.finish()
        let cs = try Self.chunks(bytes)
        let fctl = cs.filter { $0.type == "fcTL" }.map(\.data)
        // (width, height, x, y) of each frame: full, the changed rectangle, one unchanged pixel.
        #expect(
            fctl.map { [Self.be32($0, 4), Self.be32($0, 8), Self.be32($0, 12), Self.be32($0, 16)] }
                == [[6, 4, 0, 0], [3, 2, 2, 1], [1, 1, 0, 0]])
        // The rectangle's pixels are the new frame's.
        var png = PNGChunkWriter()
        png.append("IHDR", PNGChunkWriter.header(width: 3, height: 2, colorType: 6))
        png.append("IDAT", Array(cs.filter { $0.type == "fdAT" }[0].data.dropFirst(4)))
        png.append("IEND")
        let sub = try PNGCodec.decode(png.bytes)
        #expect(
            sub.color(x: 0, y: 0) == Color(r: 0, g: 0, b: 255) && sub.color(x: 2, y: 1) == Color(r: 0, g: 0, b: 255))
        #expect(sub.color(x: 1, y: 0) == .white && sub.color(x: 0, y: 1) == .white)
    }

    @Test func refusesWrongFramesAndCounts() throws {
        let w = try APNGWriter(width: 5, height: 3, frameCount: 2) { _ in }
        #expect(throws: (any Error).self) { try w.addFrame(Self.solid(.white, w: 4), delayMs: 10) }
        try w.addFrame(Self.solid(.white), delayMs: 10)
        #expect(throws: (any Error).self) { try w.finish() }  // one frame of two announced
        try w.addFrame(Self.solid(.white), delayMs: 10)
        #expect(throws: (any Error).self) { try w.addFrame(Self.solid(.white), delayMs: 10) }
        try w.finish()
        #expect(throws: (any Error).self) { try APNGWriter(width: 5, height: 3, frameCount: 0) { _ in } }
    }

    @Test func planCollapsesSameTimeCapturesAndTimesFrames() {
        let t = WidgetTree()
        let caps = [
            Capture(kind: .launch, name: nil, time: 0, step: 0, tree: t),
            Capture(kind: .snapshot, name: "start", time: 0, step: 3, tree: t),
            Capture(kind: .tick, name: nil, time: 100, step: 4, tree: t),
            Capture(kind: .snapshot, name: "a", time: 100, step: 5, tree: t),
            Capture(kind: .tick, name: nil, time: 250, step: 6, tree: t),
            Capture(kind: .final, name: nil, time: 250, step: 6, tree: t),
        ]
        let plan = AnimationPlan(captures: caps)
        #expect(plan.frames.map(\.capture) == [0, 1, 3, 5])
        #expect(plan.frames.map(\.delayMs) == [AnimationPlan.launchHoldMs, 100, 150, AnimationPlan.lastFrameMs])
    }

    @Test func apngFileAppearsOnlyWhenComplete() throws {
        let dir = NSTemporaryDirectory() + "apng-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/anim.png"
        do {
            let f = try APNGFile(path: path, width: 5, height: 3, frameCount: 2, compressionLevel: 1)
            try f.add(Self.solid(.white), delayMs: 10)
            // Abandoned after one frame (a render error): nothing appears, no temporary is left.
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let f = try APNGFile(path: path, width: 5, height: 3, frameCount: 1, compressionLevel: 1)
        try f.add(Self.solid(.black), delayMs: 10)
        #expect(!FileManager.default.fileExists(atPath: path))
        try f.commit()
        #expect(try PNGCodec.decode(Array(FileManager.default.contents(atPath: path)!)) == Self.solid(.black))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["anim.png"])
    }
}

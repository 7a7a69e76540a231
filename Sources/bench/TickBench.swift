import Foundation
import RenderPipeline

/// Renders every tick capture of a session with one `Renderer` (as `render --frames` does) and
/// measures the steady state: per-frame time including PNG encoding, frames per second, memory.
struct TickBench {
    let session: String
    let fontsDirectory: String

    struct Result {
        var frames: Int
        /// Median seconds per frame after the first (layout, paint, raster, encode).
        var medianFrame: Double
        /// The first frame (cold caches).
        var firstFrame: Double
        /// Frames per second over the whole session (replay included).
        var fps: Double
        /// Median per-frame seconds of each stage after the first frame.
        var stages: [(String, Double)]
        /// Resident memory (KB) after frames 1, 10, 100, 1000 (those the session has) and after the
        /// last: flat from frame 10 on means no growth per frame (caches fill during the first frames).
        var resident: [(frame: Int, kb: Int)]
        var residentAfter10KB: Int { resident.first { $0.frame == 10 }?.kb ?? 0 }
        var residentAtEndKB: Int { resident.last?.kb ?? 0 }
        /// Whether the last frame (painted incrementally) equals a full render by a fresh renderer.
        var lastFrameMatchesFullRender: Bool
    }

    func run() throws -> Result {
        var options = RenderOptions(fontsDirectory: fontsDirectory)
        options.captureTicks = true
        let renderer = try Renderer(options: options)
        let t0 = Stats.now()
        let (sess, _) = try renderer.load(path: session)
        let replay = renderer.replay(sess)
        var frameTimes: [Double] = []
        var stageRows: [[Double]] = Array(repeating: [], count: 5)
        var previous = renderer.timings
        var mark = Stats.now()
        var resident: [(frame: Int, kb: Int)] = []
        var last: [UInt8] = []
        let lastIndex = replay.captures.count - 1
        _ = try renderer.renderEach(sess, replay) { frame, index in
            // Only the last frame is kept: holding a frame's pixels while the next one is painted
            // into the same array (the incremental path) makes it copy all 12 MB first.
            if index == lastIndex { last = frame.bitmap.pixels }
            _ = try renderer.encode(frame.bitmap)
            let now = Stats.now()
            frameTimes.append(now - mark)
            mark = now
            let t = renderer.timings
            let deltas = [
                t.resources - previous.resources, t.layout - previous.layout, t.paint - previous.paint,
                t.raster - previous.raster, t.encode - previous.encode,
            ]
            for (k, v) in deltas.enumerated() { stageRows[k].append(v) }
            previous = t
            if [1, 10, 100, 1000].contains(frameTimes.count) { resident.append((frameTimes.count, Self.residentKB())) }
        }
        let total = Stats.now() - t0
        guard frameTimes.count > 1 else { throw BenchError("\(session): fewer than two frames") }
        if resident.last?.frame != frameTimes.count { resident.append((frameTimes.count, Self.residentKB())) }
        let fresh = try Renderer(options: RenderOptions(fontsDirectory: fontsDirectory))
        let (s2, _) = try fresh.load(path: session)
        let full = try fresh.renderAll(s2, fresh.replay(s2)).frames.last?.bitmap.pixels
        let names = ["resources", "layout", "paint", "raster", "encode"]
        let stages = names.enumerated().map { ($0.element, Stats.median(Array(stageRows[$0.offset].dropFirst()))) }
        return Result(
            frames: frameTimes.count, medianFrame: Stats.median(Array(frameTimes.dropFirst())),
            firstFrame: frameTimes[0], fps: Double(frameTimes.count) / total, stages: stages,
            resident: resident,
            lastFrameMatchesFullRender: full == last)
    }

    /// Current resident memory from /proc/self/statm (pages), in KB.
    static func residentKB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = s.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}

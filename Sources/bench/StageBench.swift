import Foundation
import RenderPipeline

/// In-process runs of the pipeline on one session, each with a fresh `Renderer` (as one `render`
/// process does), giving per-stage medians from `Renderer.timings`.
struct StageBench {
    let session: String
    let fontsDirectory: String

    struct Result {
        /// Median seconds per stage, in pipeline order.
        var stages: [(String, Double)]
        /// Median of the whole run (renderer set-up to written file).
        var total: Double
        /// Median of creating the renderer (theme, font library).
        var setup: Double
        /// PNG bytes and median encode seconds at compression 1 and 9.
        var sizes: [(level: Int, bytes: Int, seconds: Double)]
        var pixelSize: (Int, Int)
    }

    func run(runs: Int, outputDirectory: String) throws -> Result {
        var rows: [[Double]] = Array(repeating: [], count: 8)
        var totals: [Double] = [], setups: [Double] = []
        var lastBitmapSize = (0, 0)
        // One warm-up run (page cache, lazy library loading), then the measured ones.
        for i in 0...runs {
            let t0 = Stats.now()
            let renderer = try Renderer(options: RenderOptions(fontsDirectory: fontsDirectory))
            let setup = Stats.now() - t0
            let (sess, _) = try renderer.load(path: session)
            let replay = renderer.replay(sess)
            var last: RenderedFrame?
            _ = try renderer.renderEach(sess, replay, only: { _, index in index == replay.captures.count - 1 }) { frame, _ in last = frame }
            guard let frame = last else { throw BenchError("\(session): no frame rendered") }
            let png = try renderer.encode(frame.bitmap)
            try renderer.write(png, to: outputDirectory + "/bench-screen.png")
            let total = Stats.now() - t0
            lastBitmapSize = (frame.bitmap.width, frame.bitmap.height)
            if i == 0 { continue }
            let t = renderer.timings
            for (k, v) in [t.decode, t.replay, t.resources, t.layout, t.paint, t.raster, t.encode, t.write].enumerated() { rows[k].append(v) }
            totals.append(total); setups.append(setup)
        }
        let names = ["decode", "replay", "resources", "layout", "paint", "raster", "encode", "write"]
        let stages = names.enumerated().map { ($0.element, Stats.median(rows[$0.offset])) }
        return Result(stages: stages, total: Stats.median(totals), setup: Stats.median(setups),
                      sizes: try sizes(runs: max(3, runs / 4)), pixelSize: lastBitmapSize)
    }

    /// Output size and encode time at the fast default (1) and the smallest setting (9).
    private func sizes(runs: Int) throws -> [(level: Int, bytes: Int, seconds: Double)] {
        var out: [(level: Int, bytes: Int, seconds: Double)] = []
        for level in [1, 9] {
            var options = RenderOptions(fontsDirectory: fontsDirectory)
            options.compressionLevel = level
            let renderer = try Renderer(options: options)
            let (sess, _) = try renderer.load(path: session)
            let frames = try renderer.renderAll(sess, renderer.replay(sess)).frames
            guard let bitmap = frames.last?.bitmap else { throw BenchError("\(session): no frame rendered") }
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<runs {
                let (png, dt) = try Stats.time { try renderer.encode(bitmap) }
                bytes = png.count; times.append(dt)
            }
            out.append((level, bytes, Stats.median(times)))
        }
        return out
    }
}

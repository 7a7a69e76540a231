import Foundation
import RenderPipeline
import Styles
import WidgetTree

/// In-process runs of the pipeline on one session, each with a fresh `Renderer` (as one `render`
/// process does), giving per-stage medians from `Renderer.timings`.
struct StageBench {
    let session: String
    let fontsDirectory: String

    struct Result {
        /// Median seconds per stage, in pipeline order.
        var stages: [(String, Double)]
        /// Parts of `layout` (the pipeline resolves styles and measures text inside its layout pass,
        /// element by element, so they have no timer of their own): `style` is resolving every
        /// element's style once with a fresh resolver (theme defaults parsed, as each pass does);
        /// `text` is layout with cold text caches minus the same layout again with warm ones.
        var style: Double
        var text: Double
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
        var totals: [Double] = []
        var setups: [Double] = []
        var styles: [Double] = []
        var texts: [Double] = []
        var lastBitmapSize = (0, 0)
        // One warm-up run (page cache, lazy library loading), then the measured ones.
        for i in 0...runs {
            let t0 = Stats.now()
            let renderer = try Renderer(options: RenderOptions(fontsDirectory: fontsDirectory))
            let setup = Stats.now() - t0
            let (sess, _) = try renderer.load(path: session)
            let replay = renderer.replay(sess)
            var last: RenderedFrame?
            _ = try renderer.renderEach(sess, replay, only: { _, index in index == replay.captures.count - 1 }) {
                frame, _ in last = frame
            }
            guard let frame = last else { throw BenchError("\(session): no frame rendered") }
            let png = try renderer.encode(frame.bitmap)
            try renderer.write(png, to: outputDirectory + "/bench-screen.png")
            let total = Stats.now() - t0
            lastBitmapSize = (frame.bitmap.width, frame.bitmap.height)
            let t = renderer.timings
            // The same frame laid out again by the same renderer: text now comes from its caches.
            _ = try renderer.renderEach(sess, replay, only: { _, index in index == replay.captures.count - 1 }) {
                _, _ in
            }
            let warmLayout = renderer.timings.layout - t.layout
            let style = Self.styleSeconds(renderer.theme, replay.final)
            if i == 0 { continue }
            for (k, v) in [t.decode, t.replay, t.resources, t.layout, t.paint, t.raster, t.encode, t.write].enumerated()
            { rows[k].append(v) }
            totals.append(total)
            setups.append(setup)
            styles.append(style)
            texts.append(max(0, t.layout - warmLayout))
        }
        let names = ["decode", "replay", "resources", "layout", "paint", "raster", "encode", "write"]
        let stages = names.enumerated().map { ($0.element, Stats.median(rows[$0.offset])) }
        return Result(
            stages: stages, style: Stats.median(styles), text: Stats.median(texts),
            total: Stats.median(totals), setup: Stats.median(setups),
            sizes: try sizes(runs: max(3, runs / 4)), pixelSize: lastBitmapSize)
    }

    /// Seconds to resolve the style of every element of `tree` with a fresh resolver.
    private static func styleSeconds(_ theme: Theme, _ tree: WidgetTree) -> Double {
        let t0 = Stats.now()
        let resolver = StyleResolver(theme: theme)
        var sink = 0.0
        for id in tree.elements.keys.sorted() {
            let el = tree.elements[id]!
            sink += resolver.resolve(kind: el.kind, styles: el.styles, pressed: false, selected: false).fontSize
        }
        let dt = Stats.now() - t0
        return sink.isNaN ? 0 : dt
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
                bytes = png.count
                times.append(dt)
            }
            out.append((level, bytes, Stats.median(times)))
        }
        return out
    }
}

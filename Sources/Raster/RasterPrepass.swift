import CairoFonts
import Dispatch
import Painting
import Primitives
import TextLayout

/// The part of a full repaint that needs no canvas, done first on all cores: the shadow masks
/// the frame will blur and the glyph masks it will draw. Painting itself stays one serial pass
/// (Cairo draws in list order); it then finds these masks in the caches (`ShadowPainter`'s and
/// each `FontFace`'s) instead of making them between two draws while the second core idles.
///
/// Same pixels whatever the timing: a mask depends only on its cache key, shadow masks are filed
/// in list order (first occurrence of a key, as the serial pass would), and anything the pre-pass
/// misses or fails on is simply made by the serial pass as before.
enum RasterPrepass {
    /// Scans `items` as `Rasterizer` walks them (the same transforms, `ItemBounds.transforms`, and
    /// the same guards and arguments) and
    /// prepares the masks it will need, when there are at least two pieces of work to share.
    /// `alongside` (the frame's white fill) runs as one more task, first.
    static func run(
        _ items: [DisplayItem], transforms: [DeviceTransform], shadows: ShadowPainter, fonts: FontLibrary,
        alongside: (() -> Void)? = nil
    ) {
        // On one thread (a batch worker on two cores gets PREVIEW_RENDERER_THREADS=1) there is no
        // second core to fill: the scan, a second cache lookup per glyph and the hand-off to
        // `concurrentPerform` (which takes a thread per core whatever the cap) would only add work,
        // and the serial pass makes the same masks in the same order by itself.
        guard Workers.limit > 1 else {
            alongside?()
            return
        }
        // Linear searches below, not a Set or Dictionary: a screen has a handful of shadow sizes and
        // faces, and each new Set/Dictionary type costs the process ~0.4 M instructions of runtime
        // metadata set-up (conformance scans) the first time it is used.
        var jobs: [ShadowPainter.MaskJob] = []
        // Glyph runs grouped by face (one task per face: its lock serializes its glyphs anyway).
        var faces: [FontFace] = []
        var runs: [[(pixelSize: Double, color: Color, placed: [(id: UInt32, x: Double, y: Double)])]] = []

        for (item, t) in zip(items, transforms) {
            switch item {
            case .shadow(let rr, let offset, let blur, let spread, let color):
                guard valid(rr.rect), DeviceTransform.finite(offset.x, offset.y, blur, spread) else { continue }
                if let job = shadows.job(
                    outline: t.snap(rr), dx: t.length(offset.x), dy: t.length(offset.y),
                    sigma: t.length(max(0, blur)) / 2, spread: t.length(spread), color: color),
                    !jobs.contains(where: { $0.key == job.key })
                {
                    jobs.append(job)
                }
            case .glyphs(let glyphRun, let origin):
                guard DeviceTransform.finite(origin.x, origin.y),
                    let (face, pixelSize, placed) = TextPainter.place(
                        glyphRun, origin: origin, transform: t, fonts: fonts)
                else { continue }
                let f: Int
                if let known = faces.firstIndex(where: { $0 === face }) {
                    f = known
                } else {
                    f = faces.count
                    faces.append(face)
                    runs.append([])
                }
                runs[f].append((pixelSize, glyphRun.color, placed))
            default:
                break
            }
        }

        // Largest tasks first, so the last one to start is short and the cores finish together
        // (a face's glyphs, one task under the face's lock, were last and often ran alone): the
        // frame's fill, then faces by glyphs to render, then shadows by mask area.
        enum Task {
            case fill
            case shadow(Int)
            case face(Int)
        }
        var tasks: [Task] = alongside == nil ? [] : [.fill]
        tasks += faces.indices.sorted { a, b in
            let ga = runs[a].reduce(0) { $0 + $1.placed.count }
            let gb = runs[b].reduce(0) { $0 + $1.placed.count }
            return ga != gb ? ga > gb : a < b
        }.map { Task.face($0) }
        tasks += jobs.indices.sorted { a, b in
            let ra = jobs[a].region.width * jobs[a].region.height
            let rb = jobs[b].region.width * jobs[b].region.height
            return ra != rb ? ra > rb : a < b
        }.map { Task.shadow($0) }
        guard tasks.count >= 2 else {
            alongside?()
            return
        }
        let masks = MaskSlots(count: jobs.count)
        defer { masks.release() }
        DispatchQueue.concurrentPerform(iterations: tasks.count) { t in
            switch tasks[t] {
            case .fill:
                alongside?()
            case .shadow(let i):
                masks.buffer[i] = try? jobs[i].run()
            case .face(let f):
                for r in runs[f] {
                    CairoContext.prepareGlyphMasks(r.placed, face: faces[f], pixelSize: r.pixelSize, color: r.color)
                }
            }
        }
        for (i, job) in jobs.enumerated() {
            if let mask = masks.buffer[i] { shadows.adopt(job, mask) }
        }
    }

    private static func valid(_ r: Rect) -> Bool {
        DeviceTransform.finite(r.x, r.y, r.width, r.height) && r.width >= 0 && r.height >= 0
    }

    /// One result slot per shadow job, written by exactly one task (no shared array to race on).
    private final class MaskSlots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<CairoMask?>
        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }
        func release() {
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
    }
}

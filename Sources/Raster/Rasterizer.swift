import CairoFonts
import Compositing
import Dispatch
import Painting
import Primitives
import TextLayout

/// Rasterizes a display list with Cairo into device pixels over opaque white.
///
/// Cairo's matrix stays at identity: every coordinate is mapped from dp to device pixels here, so
/// box edges snap to whole pixels after zooms (semantics.md section 7 item 27). Shadow masks and
/// image surfaces are cached in the instance between frames, and so is the last frame: when the
/// next list differs from it only in drawing items (a counter, a spinner), only the boxes those
/// items cover are repainted, with the same pixels a full repaint gives. Use one rasterizer per thread.
package final class Rasterizer {
    package let fonts: FontLibrary
    /// Which fast paths are on and how a full repaint is split: given at `init`, never changed.
    package let options: RasterOptions
    private let shadows = ShadowPainter()
    private let imagePainter = ImagePainter()
    /// Opaque fills and borders painted with their shapes' kept coverage.
    private let fills = CoverageFills()
    private var previous: FrameMemory?

    /// A white frame made on another core before the first render needs it (`prepareWhiteFrame`,
    /// `adoptWhiteFrame`).
    private var spare: WhiteFrame?

    package init(fonts: FontLibrary, options: RasterOptions = RasterOptions()) {
        self.fonts = fonts
        self.options = options
        fills.enabled = options.keepsFillCoverage
        shadows.copiesTiles = options.copiesShadowTiles
        shadows.keepsBoxMasks = options.keepsShadowBoxMasks
    }

    /// Starts filling a white frame of this size on another core, for the first render to take:
    /// until then the process is busy on one core with replay and layout, and a phone frame is
    /// 12 MB of fresh memory to fault in and fill. Does nothing once a frame exists (or one is coming).
    package func prepareWhiteFrame(pixelWidth: Int, pixelHeight: Int) {
        guard previous == nil, spare == nil, pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32767, pixelHeight <= 32767,
            Workers.limit > 1
        else { return }
        // A forgotten frame of this size is memory already mapped: render fills (or covers) it.
        if recycled.count == pixelWidth * pixelHeight * 4 { return }
        let frame = WhiteFrame()
        DispatchQueue.global().async { frame.fill(count: pixelWidth * pixelHeight * 4) }
        spare = frame
    }

    /// Takes a white frame someone else is filling (`Renderer.start` fills one right after decoding
    /// the session, on the thread that decoded it), for the first render.
    package func adoptWhiteFrame(_ frame: WhiteFrame) {
        guard previous == nil, spare == nil else { return }
        spare = frame
    }

    /// Forgets the last frame: the next `render` repaints in full on fresh pixels.
    /// Its pixel array is kept as memory for the next frame of the same size (`recycled`): a batch
    /// worker renders one session after another, and a fresh 12 MB array is 3,000 pages for the
    /// kernel to map and zero each time. Only the memory is reused: the next frame is filled white
    /// before anything is drawn, as a fresh one is.
    package func forgetLastFrame() {
        recycled = previous?.pixels ?? []
        previous = nil
    }
    /// The last frame's array after `forgetLastFrame` (empty when none).
    private var recycled: [UInt8] = []

    /// How many sets of shadow box masks were made so far (for tests).
    var shadowBoxMasksMade: Int { shadows.boxMasks.made }
    /// What later opaque boxes hide in the list being painted (read by the bands).
    private var covered = OpaqueCover.Plan(skipped: [], parts: [:])
    /// How many shadow tiles were made so far (for tests).
    var shadowTilesMade: Int { shadows.tiles.made }

    /// How many shadow masks were blurred so far (the rest came from the cache).
    package var shadowBlurCount: Int { shadows.blurCount }
    /// How many frames were repainted only in part (`lastDamage`), for tests and the benchmark.
    package private(set) var partialFrames = 0
    /// Largest text drawn, device pixels per em (TextPainter.maxPixelSize).
    package static let maxTextPixelSize = TextPainter.maxPixelSize
    /// Glyph runs of the last frame not drawn because they were over `TextPainter.maxPixelSize`.
    package private(set) var skippedText = 0
    /// Drawing items of the last frame that cannot reach the surface (a label scrolled 10^5 dp away, a
    /// shadow far outside): neither their masks are made nor are they drawn.
    package private(set) var culledItems = 0
    /// The device-pixel box the last frame repainted (the whole frame after a full repaint).
    package private(set) var lastDamage: Rect = .zero

    /// The last frame: its list, item boxes, images and pixels. The pixels are the array the last
    /// `Bitmap` was returned with: drawing into it again copies it first only while the caller still
    /// holds that bitmap (copy on write), so a frame costs no full-frame copy otherwise.
    private struct FrameMemory {
        var items: [DisplayItem]
        var bounds: [Rect?]
        var images: [String: ImageStore.Entry]
        var scale: Double
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }

    /// Renders `list` at `scale` pixels per dp into a `pixelWidth` x `pixelHeight` bitmap.
    /// An image key missing from `images` is skipped (the caller reports it).
    package func render(_ list: DisplayList, images: ImageStore, scale: Double, pixelWidth: Int, pixelHeight: Int)
        throws
        -> Bitmap
    {
        guard scale.isFinite, scale > 0 else { throw NativeError.cairo("invalid device scale \(scale)") }
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32767, pixelHeight <= 32767 else {
            throw NativeError.cairo("invalid surface size \(pixelWidth)x\(pixelHeight)")
        }
        let transforms = ItemBounds.transforms(list.items, scale: scale)
        // Text over TextPainter.maxPixelSize is not drawn (a mask of gigabytes): counted for the caller.
        skippedText = 0
        for (i, item) in list.items.enumerated() {
            if case .glyphs(let run, _) = item, transforms[i].length(run.size) > TextPainter.maxPixelSize {
                skippedText += 1
            }
        }
        let bounds = ItemBounds.compute(list.items, transforms: transforms)
        var used: [String: ImageStore.Entry] = [:]
        for case .image(let key, _, _, _) in list.items { used[key] = images[key] }
        let full = Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        // Work that grows with how far away an item is drawn is never done: items whose (conservative)
        // box misses the surface are culled before the prepass and the paint.
        let onSurface = bounds.map { $0.map { ItemBounds.intersects($0, full) } ?? true }
        culledItems = onSurface.filter { !$0 }.count
        // Where the pixels come from is decided once (`FrameStart`); each case is painted by its own path.
        // The pixels are moved, never shared, so that painting into them copies nothing.
        var pixels: [UInt8] = []
        let start = try startFrame(list, bounds: bounds, images: used, scale: scale, full: full, pixels: &pixels)
        previous = nil  // a failure below must not leave a half-painted frame to build on
        switch start {
        case .partial(let damage):
            lastDamage = damage
            if damage.width > 0 && damage.height > 0 {
                partialFrames += 1
                try repaint(
                    damage, of: list, bounds: bounds, transforms: transforms, images: images, scale: scale,
                    pixels: &pixels, width: pixelWidth, height: pixelHeight)
            }
        case .overLast, .prepared, .recycled, .fresh:
            lastDamage = full
            try repaintFully(
                start, list, bounds: bounds, transforms: transforms, onSurface: onSurface,
                images: images, scale: scale, pixels: &pixels, width: pixelWidth, height: pixelHeight)
        }
        imagePainter.prune(keeping: images)
        previous = FrameMemory(
            items: list.items, bounds: bounds, images: used, scale: scale,
            width: pixelWidth, height: pixelHeight, pixels: pixels)
        return Bitmap(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// Where a frame's pixels come from, decided once per frame by `startFrame` (which hands over
    /// the pixels, when there are any, apart: an array held here too would be copied when painted).
    private enum FrameStart {
        /// The last frame's pixels, of which only `damage` is repainted (`FrameDiff`).
        case partial(damage: Rect)
        /// A full repaint over the last frame's pixels (same size): painted white first unless a
        /// leading opaque fill covers the frame.
        case overLast
        /// A full repaint on a white frame filled on another core (`prepareWhiteFrame`, `adoptWhiteFrame`).
        case prepared
        /// A full repaint on the forgotten frame's memory (`forgetLastFrame`), filled white beside
        /// the prepass unless covered.
        case recycled
        /// A full repaint on a new white frame made beside the prepass (no pixels yet).
        case fresh
    }

    /// Picks the frame's start: the last frame when it has the same size (only its damage repainted
    /// when `options.incremental` and the lists allow), else a prepared, recycled or new frame.
    /// Takes the spare and the recycled memory either way.
    private func startFrame(
        _ list: DisplayList, bounds: [Rect?], images: [String: ImageStore.Entry], scale: Double, full: Rect,
        pixels: inout [UInt8]
    ) throws -> FrameStart {
        let width = Int(full.width)
        let height = Int(full.height)
        if let p = previous, p.width == width, p.height == height {
            spare = nil
            recycled = []
            if options.incremental, p.scale == scale,
                let d = FrameDiff.damage(
                    old: p.items, oldBounds: p.bounds, oldImages: p.images,
                    new: list.items, newBounds: bounds, newImages: images, frame: full)
            {
                pixels = p.pixels
                return d == full ? .overLast : .partial(damage: d)
            }
            pixels = p.pixels
            return .overLast
        }
        // The frame's pixels (and the copy a previous frame may still hold) must be allocatable: a
        // refusal is an error (exit 3), not an abort inside an array allocation.
        try PixelMemory.check(bytes: width * height * 4 * 2, for: "the \(width)x\(height) px frame")
        let prepared = spare?.take(count: width * height * 4)
        spare = nil
        var memory: [UInt8] = []
        swap(&memory, &recycled)
        if let prepared {
            pixels = prepared
            return .prepared
        }
        if memory.count == width * height * 4 {
            pixels = memory
            return .recycled
        }
        return .fresh
    }

    /// Repaints `damage` of the last frame's pixels, clipped to it, on one surface.
    private func repaint(
        _ damage: Rect, of list: DisplayList, bounds: [Rect?], transforms: [DeviceTransform], images: ImageStore,
        scale: Double, pixels: inout [UInt8], width: Int, height: Int
    ) throws {
        // Drawing items a later opaque box paints over entirely are not drawn (`OpaqueCover.covered`).
        covered = coverPlan(list, bounds: bounds, transforms: transforms, width: width, height: height)
        try pixels.withUnsafeMutableBufferPointer { buf in
            let surface = try CairoSurface(borrowing: buf, width: width, height: height)
            try paint(list, bounds: bounds, damage: damage, background: true, images: images, scale: scale, on: surface)
            surface.flush()
        }
    }

    /// A full repaint from `start`: the masks (and a new frame's white) made on all cores first, then the
    /// items from the last opaque cover on, in bands. Returns the frame's pixels.
    private func repaintFully(
        _ start: FrameStart, _ list: DisplayList, bounds: [Rect?], transforms: [DeviceTransform], onSurface: [Bool],
        images: ImageStore, scale: Double, pixels: inout [UInt8], width: Int, height: Int
    ) throws {
        var reuse: [UInt8] = []
        // Leading fills that cover the frame opaquely: nothing before the last one shows.
        let cover = OpaqueCover.lastCover(list.items, transforms: transforms, width: width, height: height)
        // Only the last frame's pixels need painting white first (a prepared frame is white already).
        var background = false
        switch start {
        case .overLast: background = cover == nil
        case .recycled: swap(&reuse, &pixels)
        case .prepared, .fresh, .partial: break
        }
        let fresh = pixels.isEmpty
        var white: [UInt8] = []
        let kept = list.items.indices.filter { onSurface[$0] }
        RasterPrepass.run(
            culledItems == 0 ? list.items : kept.map { list.items[$0] },
            transforms: culledItems == 0 ? transforms : kept.map { transforms[$0] }, shadows: shadows,
            fonts: fonts,
            alongside: fresh
                ? {
                    if reuse.isEmpty {
                        // Opaque white is all ones in premultiplied BGRA.
                        white = CairoSurface.whitePixels(count: width * height * 4)
                    } else {
                        // Mapped memory under a cover needs no fill (a fresh array is still
                        // filled: that maps its pages here, off the painting threads).
                        if cover == nil {
                            _ = reuse.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 255) }
                        }
                        white = reuse
                        reuse = []
                    }
                } : nil)
        // Moved, not assigned: the closure above holds `white` too, and painting into an array held
        // twice copied the whole frame first (one-thread renders, as batch workers run).
        if fresh { swap(&pixels, &white) }
        covered = coverPlan(list, bounds: bounds, transforms: transforms, width: width, height: height)
        try pixels.withUnsafeMutableBufferPointer { buf in
            try paintInBands(
                list, bounds: bounds, transforms: transforms, background: background, from: cover ?? 0,
                images: images, scale: scale, pixels: buf, width: width, height: height)
        }
    }

    /// What later opaque boxes hide (`OpaqueCover.plan`), or nothing when `options.skipsCoveredItems` is off.
    private func coverPlan(_ list: DisplayList, bounds: [Rect?], transforms: [DeviceTransform], width: Int, height: Int)
        -> OpaqueCover.Plan
    {
        options.skipsCoveredItems
            ? OpaqueCover.plan(list.items, bounds: bounds, transforms: transforms, width: width, height: height)
            : OpaqueCover.Plan(skipped: [], parts: [:])
    }

    /// A full repaint as horizontal bands (two, split where the drawing work halves: `BandSplit`),
    /// painted at the same time on two threads (one after the other with one core). Each band paints the items
    /// that reach into it, clipped to it, on a surface of its own over the same pixels: the same
    /// pixels a single pass gives, as for a partial repaint, since Cairo's coverage and sampling
    /// depend only on the device pixel and every scanline keeps its full width. The split is fixed,
    /// so the bytes never depend on the machine; the shadow and image caches behind `draw` take
    /// locks, and glyph faces have their own.
    private func paintInBands(
        _ list: DisplayList, bounds: [Rect?], transforms: [DeviceTransform], background: Bool, from start: Int,
        images: ImageStore, scale: Double,
        pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
    ) throws {
        // Bands of about equal drawing work, each at least 64 rows.
        let resampled = zip(list.items, transforms).map { item, t in
            Self.isResampled(item, transform: t, fonts: fonts)
        }
        let edges =
            [0]
            + BandSplit.starts(
                items: list.items, bounds: bounds, width: width, height: height, count: options.bandCount,
                resampled: resampled) + [height]
        let bands = (0..<(edges.count - 1)).map { i in
            Rect(x: 0, y: Double(edges[i]), width: Double(width), height: Double(edges[i + 1] - edges[i]))
        }
        let surfaces = try bands.map { _ in try CairoSurface(borrowing: pixels, width: width, height: height) }
        let failures = BandFailures(count: bands.count)
        defer { failures.release() }
        let body = { (i: Int) in
            do {
                try self.paint(
                    list, bounds: bounds, damage: bands.count > 1 ? bands[i] : nil, background: background,
                    from: start, images: images, scale: scale, on: surfaces[i])
                surfaces[i].flush()
            } catch {
                failures.slots[i] = error
            }
        }
        if Workers.count(for: bands.count) > 1 {
            DispatchQueue.concurrentPerform(iterations: bands.count, execute: body)
        } else {
            for i in bands.indices { body(i) }
        }
        if let first = failures.slots.lazy.compactMap({ $0 }).first { throw first }
    }

    /// Whether Cairo draws `item` by resampling a picture (see `BandSplit.starts`): images,
    /// colour emoji (scaled from their bitmap strike) and shadows blurred at reduced resolution.
    static func isResampled(_ item: DisplayItem, transform t: DeviceTransform, fonts: FontLibrary) -> Bool {
        switch item {
        case .image: return true
        case .glyphs(let run, _): return fonts.face(run.face)?.isColor ?? false
        case .shadow(_, _, let blur, _, _): return ShadowPainter.reducedResolution(sigma: t.length(max(0, blur)) / 2)
        default: return false
        }
    }

    /// One error slot per band, each written by its own band's thread only.
    private final class BandFailures: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Error?>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }
        func release() {
            _ = slots.deinitialize()
            slots.deallocate()
        }
    }

    /// Paints white then the items from `start` on (`OpaqueCover`), all of them, or only those
    /// meeting `damage` inside a clip to it.
    private func paint(
        _ list: DisplayList, bounds: [Rect?], damage: Rect?, background: Bool, from start: Int = 0, images: ImageStore,
        scale: Double, on surface: CairoSurface
    ) throws {
        let ctx = CairoContext(surface: surface)
        ctx.setAntialias(true)
        ctx.drawsMasksDirectly = options.drawsMasksDirectly
        if let d = damage {
            ctx.newPath()
            ctx.rectangle(d.x, d.y, d.width, d.height)
            ctx.clip()
        }
        if background {
            ctx.setOperator(.source)
            ctx.setColor(.white)
            ctx.paint()
            ctx.setOperator(.over)
        }
        var run = Run(ctx: ctx, transform: DeviceTransform(scale: scale))
        // What may be drawn: the damage, else the whole surface (items beyond it put no ink on it).
        let visible = damage ?? Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        for (i, item) in list.items.enumerated() where i >= start {
            if let b = bounds[i], !ItemBounds.intersects(b, visible) { continue }
            if i < covered.skipped.count && covered.skipped[i] { continue }
            run.index = i
            try draw(item, &run, images: images)
        }
        run.unwind(to: 0)
        try ctx.check()
    }

    /// The state of one render: the context and the stack of saves and layers.
    private struct Run {
        enum Frame {
            case save(DeviceTransform)
            case layer(opacity: Double, grouped: Bool, DeviceTransform)
        }
        let ctx: CairoContext
        var transform: DeviceTransform
        var stack: [Frame] = []
        /// The index in the list of the item being drawn.
        var index = 0

        init(ctx: CairoContext, transform: DeviceTransform) {
            self.ctx = ctx
            self.transform = transform
        }

        /// Closes frames until `depth` remain, painting layers as they close.
        mutating func unwind(to depth: Int) {
            while stack.count > depth { pop() }
        }

        mutating func pop() {
            guard let f = stack.popLast() else { return }
            switch f {
            case .save(let t):
                ctx.restore()
                transform = t
            case .layer(let opacity, let grouped, let t):
                if grouped { ctx.popGroupAndPaint(alpha: opacity) } else { ctx.restore() }
                transform = t
            }
        }

        func lastIndex(where match: (Frame) -> Bool) -> Int? { stack.lastIndex(where: match) }
    }

    private func draw(_ item: DisplayItem, _ run: inout Run, images: ImageStore) throws {
        let ctx = run.ctx
        let t = run.transform
        switch item {
        case .save:
            ctx.save()
            run.stack.append(.save(t))

        case .restore:
            // Layers opened after the matching save close with it; an unmatched restore is ignored.
            if let i = run.lastIndex(where: {
                if case .save = $0 { return true }
                return false
            }) {
                run.unwind(to: i)
            }

        case .beginLayer(let opacity):
            let o = opacity.isFinite ? max(0, min(1, opacity)) : 1
            if o < 1 { ctx.pushGroup() } else { ctx.save() }
            run.stack.append(.layer(opacity: o, grouped: o < 1, t))

        case .endLayer:
            if let i = run.lastIndex(where: {
                if case .layer = $0 { return true }
                return false
            }) {
                run.unwind(to: i)
            }

        case .clip(let rr):
            guard DeviceTransform.finite(rr.rect.x, rr.rect.y, rr.rect.width, rr.rect.height) else { return }
            ctx.newPath()
            t.snap(rr).addPath(to: ctx)
            ctx.clip()

        case .scale(let factor, let about):
            guard DeviceTransform.finite(factor, about.x, about.y), factor > 0 else { return }
            run.transform = t.zoomed(by: factor, about: about)

        case .fill(let rr, let paint):
            guard validRect(rr.rect) else { return }
            let d = t.snap(rr)
            if d.isEmpty { return }
            guard PaintSource.apply(paint, to: ctx, transform: t) else { return }
            // Opaque colours: with the kept coverage of the shape (`CoverageFills`).
            if case .color(let c) = paint {
                // Square and partly under later opaque boxes: only the rest (`OpaqueCover.plan`).
                if let parts = covered.parts[run.index], try fills.fill(parts, color: c, on: ctx) { break }
                if try fills.fill(d, color: c, on: ctx) { break }
            }
            ctx.newPath()
            d.addPath(to: ctx)
            ctx.fill()

        case .shadow(let rr, let offset, let blur, let spread, let color):
            guard validRect(rr.rect), DeviceTransform.finite(offset.x, offset.y, blur, spread) else { return }
            // Not under later opaque boxes that cover part of it (`OpaqueCover.plan`).
            try shadows.paint(
                outline: t.snap(rr), dx: t.length(offset.x), dy: t.length(offset.y),
                sigma: t.length(max(0, blur)) / 2, spread: t.length(spread), color: color, on: ctx,
                hidden: covered.hidden[run.index] ?? [])

        case .border(let rr, let widths, let colors, let styles):
            guard validRect(rr.rect), DeviceTransform.finite(widths.top, widths.right, widths.bottom, widths.left)
            else { return }
            // Widths snap like edges, but a visible border is never thinner than one pixel.
            let w = widths.map { $0 > 0 ? max(1, t.length($0).rounded()) : 0 }
            try BorderPainter(ctx: ctx, fills: fills).paint(
                outline: t.snap(rr), widths: w, colors: colors, styles: styles)

        case .image(let key, let dest, let clip, let smooth):
            guard let entry = images[key], validRect(dest) else { return }
            ctx.save()
            defer { ctx.restore() }
            if let c = clip {
                guard validRect(c.rect) else { return }
                ctx.newPath()
                t.snap(c).addPath(to: ctx)
                ctx.clip()
            }
            try imagePainter.draw(key, entry, into: t.snap(dest), smooth: smooth, on: ctx)

        case .glyphs(let glyphRun, let origin):
            guard DeviceTransform.finite(origin.x, origin.y) else { return }
            TextPainter(ctx: ctx, fonts: fonts).draw(glyphRun, origin: origin, transform: t)

        case .fillPath(let segments, let paint):
            guard PaintSource.apply(paint, to: ctx, transform: t), PathPainter.add(segments, t, to: ctx) else { return }
            ctx.setFillRule(.winding)
            ctx.fill()

        case .strokePath(let segments, let color, let width, let dash, let roundCaps):
            guard !color.isTransparent, width.isFinite, width > 0, PathPainter.add(segments, t, to: ctx) else { return }
            ctx.setColor(color)
            ctx.setLineWidth(t.length(width))
            let pattern = dash.map { t.length($0) }
            // Cairo rejects negative dashes and an all-zero pattern: draw solid then.
            let usable = pattern.allSatisfy { $0.isFinite && $0 >= 0 } && pattern.contains { $0 > 0 }
            ctx.setDash(usable ? pattern : [])
            ctx.setLineCap(roundCaps ? .round : .butt)
            ctx.setLineJoin(roundCaps ? .round : .miter)
            ctx.stroke()
            ctx.setDash([])
            ctx.setLineCap(.butt)
            ctx.setLineJoin(.miter)
        }
        try ctx.check()
    }

    private func validRect(_ r: Rect) -> Bool {
        DeviceTransform.finite(r.x, r.y, r.width, r.height) && r.width >= 0 && r.height >= 0
    }
}

/// Which of the rasterizer's fast paths are on, and how a full repaint is split: one value given to
/// `Rasterizer.init`. Every fast path gives the same bytes as the general one; tests turn them off
/// to compare (the defaults are what renders use).
package struct RasterOptions: Sendable, Equatable {
    /// Repaint only what changed since the previous frame (off: full repaints).
    package var incremental = true
    /// How many horizontal bands a full repaint is painted in (`paintInBands`): fixed, never the
    /// machine's core count, so the bytes are the same everywhere.
    package var bandCount = 2
    /// Opaque fills and borders through `CoverageFills`.
    package var keepsFillCoverage = true
    /// Shadows copied from composited tiles (`ShadowTiles`).
    package var copiesShadowTiles = true
    /// Shadows inside their element's box composited through kept effective masks (`ShadowBoxMasks`).
    package var keepsShadowBoxMasks = true
    /// Items a later opaque box covers are skipped (`OpaqueCover.covered`).
    package var skipsCoveredItems = true
    /// Glyph and shadow masks composited straight into the frame where that gives Cairo's bytes
    /// (`DirectMaskTarget`).
    package var drawsMasksDirectly = true

    package init() {}
}

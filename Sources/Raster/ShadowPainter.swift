import CairoFonts
import Compositing
import Foundation
import Primitives

/// Draws CSS box shadows: the spread, offset outline blurred by a Gaussian of standard deviation
/// blur / 2, painted only outside the element's outline (semantics.md section 7 item 19).
/// Blurred masks are kept between frames, keyed by size, radii and sigma: a list of equal cards
/// blurs once. Wide blurs are computed at a reduced resolution and scaled up smoothly: the
/// result is smooth anyway, and the cost falls with the square of the factor.
final class ShadowPainter {
    struct Key: Hashable {
        var width: Int
        var height: Int
        /// Radii and sigma in 1/64 pixel.
        var radii: [Int]
        var sigma: Int
    }
    /// Blurred masks, 48 MB at most (output never depends on it).
    private var cache = ByteBudgetCache<Key, CairoMask>(budget: 48 << 20)
    /// Shadows already composited over a flat background, copied where they fall on it again.
    let tiles = ShadowTiles()
    /// Off: always composite (tests compare the two).
    var copiesTiles = true
    /// Off: always composite inside the element's box under the path clip (`ShadowBoxMasks`; tests compare).
    var keepsBoxMasks = true
    /// The effective masks inside elements' boxes.
    let boxMasks = ShadowBoxMasks()
    /// Guards the cache and the count: the rasterizer paints the halves of a frame on two threads.
    private let lock = NSLock()
    /// How many masks were blurred (for tests of the cache).
    private(set) var blurCount = 0
    /// Skia's largest blur sigma (device pixels); larger blurs look the same and would only cost.
    static let maxSigma = BlurMask.maxSigma
    /// Masks above this many device pixels are made only for the visible part (and not cached).
    static let maxMaskPixels = 8 << 20

    /// Paints the shadow of `outline` (device pixels) grown by `spread`, moved by (dx, dy), blurred
    /// with `sigma` (device pixels), in `color`. `hidden`: whole-pixel boxes that later opaque fills
    /// paint over entirely (`OpaqueCover`), where the shadow around the element's box need not be drawn.
    func paint(
        outline: DeviceRoundedRect, dx: Double, dy: Double, sigma rawSigma: Double, spread: Double,
        color: Color, on ctx: CairoContext, hidden: [Rect] = []
    ) throws {
        guard
            let (shape, sigma, margin, bounds) = Self.geometry(
                outline: outline, dx: dx, dy: dy, sigma: rawSigma,
                spread: spread, color: color)
        else { return }
        ctx.save()
        defer { ctx.restore() }
        func clipToOutside() { Self.clipOutside(outline, within: union(bounds, outline.rect).outset(2), on: ctx) }
        ctx.setColor(color)
        let k = Self.factor(sigma)
        if Self.cacheable(bounds: bounds, sigma: sigma) {
            let key = Self.key(shape, sigma: sigma)
            let mask = try cachedMask(key, shape, region: bounds, sigma: sigma, factor: k)
            // Around the element's box (whole pixels, one more for antialiasing) nothing is hidden:
            // plain rectangle clips, which Cairo composites much faster than a path clip.
            let box = outline.rect.outset(1)
            draw(
                mask, at: bounds, factor: k, hiding: box, color: color, on: ctx, tile: (key, color), covered: hidden)
            // Inside the box: through the kept effective masks (`ShadowBoxMasks`) where they give
            // Cairo's bytes, else under the even-odd clip, skipping the part the element hides for sure.
            if keepsBoxMasks, k == 1,
                try drawBoxMasks(mask, key: key, region: bounds, outline: outline, box: box, color: color, on: ctx)
            {
                return
            }
            clipToOutside()
            ctx.newPath()
            ctx.rectangle(box.x, box.y, box.width, box.height)
            ctx.clip()
            draw(mask, at: bounds, factor: k, hiding: ShadowPainter.hiddenRect(outline), color: color, on: ctx)
            return
        }
        clipToOutside()
        if BlurMask.boxes(sigma: sigma).isEmpty {
            // No visible blur: the shape itself.
            shape.addPath(to: ctx)
            ctx.fill()
            return
        }
        // A huge shadow: blur only the visible part, plus the margin the blur reads from.
        let (cx0, cy0, cx1, cy1) = ctx.clipExtents()
        let clip = Rect(
            x: cx0.rounded(.down), y: cy0.rounded(.down),
            width: cx1.rounded(.up) - cx0.rounded(.down), height: cy1.rounded(.up) - cy0.rounded(.down))
        let visible = bounds.intersection(clip)
        if visible.width <= 0 || visible.height <= 0 { return }
        let region = visible.outset(Double(margin)).intersection(bounds)
        guard region.width * region.height <= Double(4 * ShadowPainter.maxMaskPixels) * Double(k * k) else {
            throw NativeError.cairo(
                """
                shadow too large to blur \
                (\(CheckedInt.text(region.width.rounded()))x\(CheckedInt.text(region.height.rounded())) px visible)
                """
            )
        }
        let mask = try blurredMask(shape, region: region, sigma: sigma, factor: k)
        ctx.newPath()
        ctx.rectangle(visible.x, visible.y, visible.width, visible.height)
        ctx.clip()
        draw(mask, at: region, factor: k, color: color, on: ctx)
    }

    private static func q(_ v: Double) -> Int { CheckedInt.int(v * 64, .toNearestOrAwayFromZero) }

    /// The blurred shape, the clamped sigma, the blur's margin and the mask's bounds `paint` works
    /// with, or nil when it draws nothing. Shared with `job(...)`, so a prepared mask is the one `paint` asks for.
    private static func geometry(
        outline: DeviceRoundedRect, dx: Double, dy: Double, sigma rawSigma: Double, spread: Double,
        color: Color
    ) -> (shape: DeviceRoundedRect, sigma: Double, margin: Int, bounds: Rect)? {
        if color.isTransparent || outline.isEmpty { return nil }
        let sigma = min(rawSigma, ShadowPainter.maxSigma)
        // Whole pixels keep the mask aligned with the device grid (and reusable from the cache).
        let shape = outline.spread(spread.rounded()).offsetBy(dx: dx.rounded(), dy: dy.rounded())
        if shape.isEmpty { return nil }
        let margin = BlurMask.reach(sigma: sigma) + 1
        return (shape, sigma, margin, shape.rect.outset(Double(margin)))
    }

    /// Reduced resolution for wide blurs: about 10 device pixels of sigma per mask pixel at most.
    private static func factor(_ sigma: Double) -> Int { max(1, CheckedInt.int(sigma / 10, in: 1...(1 << 20))) }

    /// Whether a shadow of this sigma (device pixels, before the `maxSigma` clamp) is blurred at
    /// reduced resolution and scaled up when drawn.
    static func reducedResolution(sigma: Double) -> Bool { factor(min(sigma, maxSigma)) > 1 }

    /// Whether the shadow's mask is blurred whole and kept in the cache.
    private static func cacheable(bounds: Rect, sigma: Double) -> Bool {
        !BlurMask.boxes(sigma: sigma).isEmpty && bounds.width * bounds.height <= Double(ShadowPainter.maxMaskPixels)
    }

    private static func key(_ shape: DeviceRoundedRect, sigma: Double) -> Key {
        Key(
            width: CheckedInt.int(shape.rect.width), height: CheckedInt.int(shape.rect.height),
            radii: shape.radii.flatMap { [q($0.rx), q($0.ry)] }, sigma: q(sigma))
    }

    // MARK: - Masks prepared ahead (Rasterizer's pre-pass, on other cores)

    /// A cached mask `paint` will ask for: its key and how to blur it. Blurring needs no state of
    /// the painter, so jobs can run on any thread; `adopt` then files the results in order.
    struct MaskJob: @unchecked Sendable {
        let key: Key
        let shape: DeviceRoundedRect
        let region: Rect
        let sigma: Double
        let factor: Int
        /// Blurs the mask (thread-safe: a fresh Cairo surface of its own).
        func run() throws -> CairoMask {
            try ShadowPainter.blurredMask(shape, region: region, sigma: sigma, factor: factor)
        }
    }

    /// The job for a shadow that `paint` (same arguments) would blur and does not find in the cache;
    /// nil when it draws no cached mask or the mask is cached already.
    func job(
        outline: DeviceRoundedRect, dx: Double, dy: Double, sigma rawSigma: Double, spread: Double,
        color: Color
    ) -> MaskJob? {
        guard
            let (shape, sigma, _, bounds) = Self.geometry(
                outline: outline, dx: dx, dy: dy, sigma: rawSigma,
                spread: spread, color: color),
            Self.cacheable(bounds: bounds, sigma: sigma)
        else { return nil }
        let key = Self.key(shape, sigma: sigma)
        if cache[key] != nil { return nil }
        return MaskJob(key: key, shape: shape, region: bounds, sigma: sigma, factor: Self.factor(sigma))
    }

    /// Files masks blurred from `job`s, in the jobs' order (as `paint` would have, one blur each).
    func adopt(_ job: MaskJob, _ mask: CairoMask) {
        if cache[job.key] != nil { return }
        blurCount += 1
        _ = remember(job.key, mask)
    }

    /// The shape drawn into an A8 mask covering `region` (device pixels) at 1/`factor` resolution, blurred.
    private func blurredMask(_ shape: DeviceRoundedRect, region: Rect, sigma: Double, factor k: Int) throws -> CairoMask
    {
        let mask = try Self.blurredMask(shape, region: region, sigma: sigma, factor: k)
        lock.lock()
        blurCount += 1
        lock.unlock()
        return mask
    }

    /// The cached mask for `key`, else a new one, filed (made under the lock: the other half of the
    /// frame waits for it instead of blurring the same mask twice).
    private func cachedMask(_ key: Key, _ shape: DeviceRoundedRect, region: Rect, sigma: Double, factor k: Int) throws
        -> CairoMask
    {
        lock.lock()
        defer { lock.unlock() }
        if let m = cache[key] { return m }
        let mask = try Self.blurredMask(shape, region: region, sigma: sigma, factor: k)
        blurCount += 1
        return remember(key, mask)
    }

    private static func blurredMask(_ shape: DeviceRoundedRect, region: Rect, sigma: Double, factor k: Int) throws
        -> CairoMask
    {
        let f = Double(k)
        let local = shape.offsetBy(dx: -region.x, dy: -region.y)
        let scaled = DeviceRoundedRect(
            rect: Rect(
                x: local.rect.x / f, y: local.rect.y / f, width: local.rect.width / f, height: local.rect.height / f),
            radii: local.radii.map { .init(rx: $0.rx / f, ry: $0.ry / f) })
        return try ShadowMaskBuilder.blurred(
            scaled, width: CheckedInt.int(region.width / f, .up, in: 0...(1 << 31)),
            height: CheckedInt.int(region.height / f, .up, in: 0...(1 << 31)), sigma: sigma / f)
    }

    private func remember(_ key: Key, _ mask: CairoMask) -> CairoMask {
        cache.insert(mask, for: key, size: mask.width * mask.height)
        return mask
    }

    /// Clips `ctx` to `all` minus `outline` (even-odd): where a shadow shows. `ShadowBoxMasks` makes
    /// its kept masks under this very clip, so both must build it the same way.
    static func clipOutside(_ outline: DeviceRoundedRect, within all: Rect, on ctx: CairoContext) {
        ctx.newPath()
        ctx.setFillRule(.evenOdd)
        ctx.rectangle(all.x, all.y, all.width, all.height)
        outline.addPath(to: ctx)
        ctx.clip()
        ctx.setFillRule(.winding)
    }

    /// The part of `outline` that hides its shadow entirely: inside the corners, in whole pixels
    /// and one more pixel in (antialiasing), or nil when small.
    static func hiddenRect(_ outline: DeviceRoundedRect) -> Rect? {
        let r = outline.radii
        let o = outline.rect
        let x0 = (o.minX + max(r[0].rx, r[3].rx)).rounded(.up) + 1
        let x1 = (o.maxX - max(r[1].rx, r[2].rx)).rounded(.down) - 1
        let y0 = (o.minY + max(r[0].ry, r[1].ry)).rounded(.up) + 1
        let y1 = (o.maxY - max(r[3].ry, r[2].ry)).rounded(.down) - 1
        guard x1 - x0 >= 16, y1 - y0 >= 16 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Like `draw(_:at:factor:on:)`, but skips `hidden` (whole pixels, under the element, clipped
    /// out anyway): the mask is composited in the up to four bands around it, a fraction of the area.
    /// With `tile`, a band that falls on a flat, untouched background is copied from `tiles` instead
    /// (same pixels) when the mask is at full resolution and a whole-pixel offset. The parts of whole-pixel
    /// bands under `covered` (later opaque boxes, whole pixels) are not drawn: they are painted over.
    private func draw(
        _ mask: CairoMask, at region: Rect, factor k: Int, hiding hidden: Rect?, color: Color, on ctx: CairoContext,
        tile: (key: Key, color: Color)? = nil, covered: [Rect] = []
    ) {
        let m = Rect(x: region.x, y: region.y, width: Double(mask.width * k), height: Double(mask.height * k))
        let whole =
            k == 1 && region.x == region.x.rounded() && region.y == region.y.rounded() && abs(region.x) < 1e9
            && abs(region.y) < 1e9
        let (rx, ry) = (CheckedInt.int(region.x), CheckedInt.int(region.y))
        let h = hidden.map { $0.intersection(m) }
        let bands = h.flatMap { h -> [Rect]? in
            guard h.width > 0, h.height > 0 else { return nil }
            return [
                Rect(x: m.minX, y: m.minY, width: m.width, height: h.minY - m.minY),
                Rect(x: m.minX, y: h.maxY, width: m.width, height: m.maxY - h.maxY),
                Rect(x: m.minX, y: h.minY, width: h.minX - m.minX, height: h.height),
                Rect(x: h.maxX, y: h.minY, width: m.maxX - h.maxX, height: h.height),
            ]
        }
        let local = (bands ?? [m]).map {
            Rect(x: $0.x - region.x, y: $0.y - region.y, width: $0.width, height: $0.height)
        }
        func composite() {
            if let t = tile, whole, copiesTiles,
                tiles.copy(mask: mask, key: t.key, color: t.color, pieces: local, x: rx, y: ry, on: ctx)
            {
                return
            }
            draw(mask, at: region, factor: k, color: color, on: ctx)
        }
        guard let bands else {
            composite()
            return
        }
        for b in bands where b.width > 0 && b.height > 0 {
            let holes =
                whole && b.minX == b.minX.rounded() && b.minY == b.minY.rounded() && b.maxX == b.maxX.rounded()
                    && b.maxY == b.maxY.rounded()
                ? covered.map { $0.intersection(b) }.filter { $0.width > 0 && $0.height > 0 } : []
            for p in holes.isEmpty ? [b] : OpaqueCover.subtract(holes, from: b) {
                ctx.save()
                ctx.newPath()
                ctx.rectangle(p.x, p.y, p.width, p.height)
                ctx.clip()
                composite()
                ctx.restore()
            }
        }
    }

    /// Composites the inside of `box` through the kept effective masks (`ShadowBoxMasks`), when the
    /// mask is at a whole-pixel offset and masks can be composited directly; false otherwise, with
    /// nothing drawn. Where the frame's clip (a band of the frame, or the surface's edge) cuts the
    /// box, the masks are made under that cut too, as Cairo composites under it.
    private func drawBoxMasks(
        _ mask: CairoMask, key: Key, region: Rect, outline: DeviceRoundedRect, box: Rect, color: Color,
        on ctx: CairoContext
    ) throws -> Bool {
        let limit = Double(DirectMaskTarget.maxOffset)
        let o = outline.rect
        guard region.x == region.x.rounded(), region.y == region.y.rounded(), abs(region.x) < limit,
            abs(region.y) < limit, abs(box.x) < limit, abs(box.y) < limit, box.maxX < limit, box.maxY < limit,
            let direct = ctx.directMaskTarget(color: color)
        else { return false }
        var cut: Rect?
        if !direct.contains(
            x0: CheckedInt.int(box.minX), y0: CheckedInt.int(box.minY), x1: CheckedInt.int(box.maxX),
            y1: CheckedInt.int(box.maxY))
        {
            let e = direct.extent
            let c = box.intersection(
                Rect(x: Double(e.x0), y: Double(e.y0), width: Double(e.x1 - e.x0), height: Double(e.y1 - e.y0)))
            // Nothing of the box shows: Cairo draws nothing there either.
            guard c.width > 0, c.height > 0 else { return true }
            // Cut only across the outline's straight sides (the seam of the frame's bands through
            // a card): the masks of the whole box hold in the rows inside (`onlySidesCross`; the
            // clip's other path, a rectangle, has only vertical edges), kept once wherever the seam falls.
            if !(c.minX == box.minX && c.maxX == box.maxX && outline.onlySidesCross(y: c.minY)
                && outline.onlySidesCross(y: c.maxY))
            {
                cut = c
            }
        }
        let boxKey = ShadowBoxMasks.Key(
            mask: key, width: o.width, height: o.height, radii: outline.radii.flatMap { [$0.rx, $0.ry] },
            maskX: region.x - o.x, maskY: region.y - o.y,
            cut: cut.map { [$0.x - o.x, $0.y - o.y, $0.width, $0.height] })
        let pieces = try boxMasks.pieces(boxKey) {
            let m = Rect(x: region.x, y: region.y, width: Double(mask.width), height: Double(mask.height))
            let all = union(region, o).outset(2)
            return try ShadowBoxMasks.bands(box: box, mask: m, hidden: Self.hiddenRect(outline), cut: cut).map { b in
                ShadowBoxMasks.Piece(
                    x: b.x - o.x, y: b.y - o.y,
                    mask: try ShadowBoxMasks.effectiveMask(
                        mask, at: region, outline: outline, all: all, box: box, cut: cut, band: b))
            }
        }
        for p in pieces { direct.composite(p.mask, x: CheckedInt.int(o.x + p.x), y: CheckedInt.int(o.y + p.y)) }
        direct.finish()
        return true
    }

    /// Paints `color` (the current source) through `mask`, its pixels `factor` device pixels wide, at
    /// `region`'s origin: at full resolution and a whole-pixel offset straight into the target
    /// where that gives Cairo's bytes (`DirectMaskTarget`), else through Cairo.
    private func draw(_ mask: CairoMask, at region: Rect, factor k: Int, color: Color, on ctx: CairoContext) {
        if k == 1 {
            let limit = Double(DirectMaskTarget.maxOffset)
            if region.x == region.x.rounded(), region.y == region.y.rounded(), abs(region.x) < limit,
                abs(region.y) < limit, let direct = ctx.directMaskTarget(color: color)
            {
                direct.composite(mask, x: CheckedInt.int(region.x), y: CheckedInt.int(region.y))
                direct.finish()
                return
            }
            ctx.mask(mask, x: region.x, y: region.y)
            return
        }
        ctx.translate(region.x, region.y)
        ctx.scale(Double(k), Double(k))
        ctx.mask(mask, x: 0, y: 0)
        ctx.identityMatrix()
    }

    private func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX)
        let y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

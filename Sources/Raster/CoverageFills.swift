import CairoFonts
import Compositing
import Foundation
import Primitives

/// Opaque colour fills of rounded rectangles, and of rings between two of them (solid borders of
/// one colour), painted straight into the frame with the coverage Cairo computes for the shape,
/// kept per shape: a screen of equal cards rasterizes each card's outline once, not once per card.
///
/// Why the bytes are Cairo's: Cairo fills an opaque colour by handing its scan converter's coverage
/// to `_fill_xrgb32_lerp_opaque_spans`, which sets the colour where the coverage is 255 and blends
/// by `lerp8x4` elsewhere (`DirectMaskTarget.fillOpaque(row:x:y:count:)` does the same arithmetic). Filling
/// opaque white onto transparent pixels the same way leaves the coverage as the alpha. The coverage
/// depends only on the shape: moving it by whole pixels moves Cairo's fixed-point path and its scan
/// converter's grid alike, and a clip rectangle that holds the shape with a pixel to spare cuts
/// none of its edges (so it is used only then). Rows where the coverage is 255 from side to side
/// (between the corners; for a ring, on each side of the inner shape) are set without reading it.
/// Square-cornered rectangles and rings between two (whole pixels) are set directly, clipped: every
/// pixel they touch they cover wholly, and Cairo fills such boxes with the colour.
final class CoverageFills {
    struct Key: Hashable {
        var width: Double
        var height: Double
        var radii: [Double]
        /// A ring's inner outline relative to the outer one: x, y, width, height, radii.
        var inner: [Double]?
        /// The frame's clip where it cuts the shape (with its one-pixel margin), relative to the
        /// shape's origin: x0, y0, x1, y1; nil when it holds the shape whole.
        var cut: [Int]?
    }

    /// A shape's coverage: `strips` of rows (from the shape's top) where it varies, and the rows
    /// `solidRows` whose coverage is 255 over `spans` (columns from the shape's left) and 0 elsewhere.
    struct Entry {
        var strips: [Strip]
        var solidRows: Range<Int>
        var spans: [Range<Int>]
    }

    /// Rows of coverage, each cut into segments: runs of 255 (set directly) and the rest that is
    /// not 0 (blended); zeros are skipped.
    struct Strip {
        var y: Int
        var width: Int
        var coverage: [UInt8]
        var segments: [[Segment]]
    }

    struct Segment {
        var start: Int
        var end: Int
        var solid: Bool
    }

    /// Memory kept: 32 MB (output never depends on it).
    private var entries = ByteBudgetCache<Key, Entry>(budget: 32 << 20)
    private let lock = NSLock()
    /// Off: always through Cairo (tests compare).
    var enabled = true

    /// Fills `outer` (or the ring between it and `inner`, even-odd) with the opaque `color`, or
    /// returns false with nothing drawn (not opaque, not whole pixels, clipped, out of range).
    func fill(_ outer: DeviceRoundedRect, inner: DeviceRoundedRect? = nil, color: Color, on ctx: CairoContext) throws
        -> Bool
    {
        guard enabled, color.a == 255, let box = Self.wholePixels(outer.rect) else { return false }
        if let inner { guard !inner.isEmpty, Self.wholePixels(inner.rect) != nil else { return false } }
        let limit = DirectMaskTarget.maxOffset
        guard abs(box.x0) < limit, abs(box.y0) < limit, abs(box.x1) < limit, abs(box.y1) < limit,
            let target = ctx.directMaskTarget(color: color)
        else { return false }
        // Square corners: whole pixels wholly covered, whatever the clip rectangle cuts off.
        if outer.isRectangular && (inner?.isRectangular ?? true) {
            let parts: [(Int, Int, Int, Int)]
            if let i = inner.flatMap({ Self.wholePixels($0.rect) }) {
                parts = [
                    (box.x0, box.y0, box.x1, i.y0), (box.x0, i.y1, box.x1, box.y1),
                    (box.x0, i.y0, i.x0, i.y1), (i.x1, i.y0, box.x1, i.y1),
                ]
            } else {
                parts = [(box.x0, box.y0, box.x1, box.y1)]
            }
            for (x0, y0, x1, y1) in parts where x1 > x0 && y1 > y0 {
                target.fillOpaque(x0: x0, y0: y0, x1: x1, y1: y1)
            }
            target.finish()
            return true
        }
        // Rounded: Cairo renders the shape within the clip's rectangle, which changes the coverage
        // where it cuts an edge, so a shape the clip cuts (the seam of the frame's bands, the
        // surface's edge) has coverage of its own, made under the same cut.
        var cut: (x0: Int, y0: Int, x1: Int, y1: Int)?
        if !target.contains(x0: box.x0 - 1, y0: box.y0 - 1, x1: box.x1 + 1, y1: box.y1 + 1) {
            let e = target.extent
            let c = (
                x0: max(e.x0, box.x0 - 1), y0: max(e.y0, box.y0 - 1), x1: min(e.x1, box.x1 + 1),
                y1: min(e.y1, box.y1 + 1)
            )
            // Nothing of the shape shows.
            guard c.x1 > c.x0, c.y1 > c.y0 else { return true }
            // Cut only across the straight sides (the seam of the frame's bands through a card):
            // the whole shape's coverage holds in the rows inside (`onlySidesCross`), and is kept
            // once, wherever the seam falls.
            func sides(_ y: Int) -> Bool {
                outer.onlySidesCross(y: Double(y)) && (inner?.onlySidesCross(y: Double(y)) ?? true)
            }
            if !(c.x0 == box.x0 - 1 && c.x1 == box.x1 + 1 && sides(c.y0) && sides(c.y1)) {
                cut = (c.x0 - box.x0, c.y0 - box.y0, c.x1 - box.x0, c.y1 - box.y0)
            }
        }
        let entry = try self.entry(outer, inner: inner, cut: cut)
        for s in entry.spans {
            target.fillOpaque(
                x0: box.x0 + s.lowerBound, y0: box.y0 + entry.solidRows.lowerBound, x1: box.x0 + s.upperBound,
                y1: box.y0 + entry.solidRows.upperBound)
        }
        for s in entry.strips {
            s.coverage.withUnsafeBufferPointer { c in
                for (r, segments) in s.segments.enumerated() {
                    let y = box.y0 + s.y + r
                    for g in segments {
                        if g.solid {
                            target.fillOpaque(x0: box.x0 + g.start, y0: y, x1: box.x0 + g.end, y1: y + 1)
                        } else {
                            target.fillOpaque(
                                row: c.baseAddress! + r * s.width + g.start, x: box.x0 + g.start, y: y,
                                count: g.end - g.start)
                        }
                    }
                }
            }
        }
        target.finish()
        return true
    }

    /// Fills the whole-pixel rectangles `parts` with the opaque `color`, or returns false with
    /// nothing drawn (not opaque, no direct target).
    func fill(_ parts: [Rect], color: Color, on ctx: CairoContext) throws -> Bool {
        let limit = DirectMaskTarget.maxOffset
        guard enabled, color.a == 255,
            parts.allSatisfy({ p in
                Self.wholePixels(p).map {
                    abs($0.x0) < limit && abs($0.y0) < limit && abs($0.x1) < limit && abs($0.y1) < limit
                }
                    ?? false
            }),
            let target = ctx.directMaskTarget(color: color)
        else { return false }
        for p in parts {
            target.fillOpaque(
                x0: CheckedInt.int(p.minX), y0: CheckedInt.int(p.minY), x1: CheckedInt.int(p.maxX),
                y1: CheckedInt.int(p.maxY))
        }
        target.finish()
        return true
    }

    /// The rows (from the shape's top) between its corners, where only its vertical sides cross.
    private static func straightRows(_ shape: DeviceRoundedRect) -> (top: Int, bottom: Int)? {
        let o = shape.rect
        let r = shape.radii
        let top = CheckedInt.int(max(r[0].ry, r[1].ry), .up)
        let bottom = CheckedInt.int(o.height) - CheckedInt.int(max(r[2].ry, r[3].ry), .up)
        return bottom > top ? (top, bottom) : nil
    }

    /// One row cut into runs of 255 at least 16 long (solid) and the stretches between them that are
    /// not 0 (blended), in one pass.
    private static func segments(_ r: UnsafePointer<UInt8>, count w: Int) -> [Segment] {
        var out: [Segment] = []
        var x = 0
        while x < w {
            if r[x] == 0 {
                x += 1
                continue
            }
            var e = x
            while e < w && r[e] == 255 { e += 1 }
            if e - x >= 16 {
                out.append(Segment(start: x, end: e, solid: true))
                x = e
                continue
            }
            e = x
            while e < w && r[e] != 0 {
                if r[e] == 255 {
                    var f = e
                    while f < w && r[f] == 255 { f += 1 }
                    if f - e >= 16 { break }
                    e = f
                } else {
                    e += 1
                }
            }
            out.append(Segment(start: x, end: e, solid: false))
            x = e
        }
        return out
    }

    private static func wholePixels(_ r: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard r.width > 0, r.height > 0, r.minX == r.minX.rounded(), r.minY == r.minY.rounded(),
            r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded(), abs(r.minX) < 1e9, abs(r.minY) < 1e9,
            abs(r.maxX) < 1e9, abs(r.maxY) < 1e9
        else { return nil }
        return (CheckedInt.int(r.minX), CheckedInt.int(r.minY), CheckedInt.int(r.maxX), CheckedInt.int(r.maxY))
    }

    private func entry(
        _ outer: DeviceRoundedRect, inner: DeviceRoundedRect?, cut: (x0: Int, y0: Int, x1: Int, y1: Int)?
    ) throws -> Entry {
        let o = outer.rect
        let key = Key(
            width: o.width, height: o.height, radii: outer.radii.flatMap { [$0.rx, $0.ry] },
            inner: inner.map {
                [$0.rect.x - o.x, $0.rect.y - o.y, $0.rect.width, $0.rect.height]
                    + $0.radii.flatMap { [$0.rx, $0.ry] }
            }, cut: cut.map { [$0.x0, $0.y0, $0.x1, $0.y1] })
        lock.lock()
        defer { lock.unlock() }
        if let e = entries[key] { return e }
        let e = try Self.make(outer, inner: inner, cut: cut)
        entries.insert(e, for: key, size: e.strips.reduce(0) { $0 + $1.coverage.count })
        return e
    }

    /// Fills the shape in opaque white on transparent pixels with a two-pixel margin, in the frame's
    /// coordinates moved by whole pixels (under `cut`, shape pixels, when given), and reads the
    /// coverage back from the alpha.
    private static func make(
        _ outer: DeviceRoundedRect, inner: DeviceRoundedRect?, cut: (x0: Int, y0: Int, x1: Int, y1: Int)?
    ) throws -> Entry {
        let o = outer.rect
        let w = CheckedInt.int(o.width)
        let h = CheckedInt.int(o.height)
        let scratch = try CairoSurface(width: w + 4, height: h + 4)
        let ctx = CairoContext(surface: scratch)
        ctx.drawsMasksDirectly = false
        ctx.translate(2 - o.x, 2 - o.y)
        if let cut {
            ctx.newPath()
            ctx.rectangle(
                o.x + Double(cut.x0), o.y + Double(cut.y0), Double(cut.x1 - cut.x0), Double(cut.y1 - cut.y0))
            ctx.clip()
        }
        ctx.setColor(.white)
        ctx.newPath()
        outer.addPath(to: ctx)
        if let inner {
            ctx.setFillRule(.evenOdd)
            inner.addPath(to: ctx)
        }
        ctx.fill()
        try ctx.check()
        scratch.flush()
        let (pixels, stride) = scratch.withPixels { p, stride in (UnsafeRawPointer(p), stride) }
        // Row y of the shape's coverage (the alpha of the scratch's pixels), into `out`.
        func row(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
            let p = pixels + (y + 2) * stride + 8 + 3
            for x in 0..<w { out[x] = p.load(fromByteOffset: 4 * x, as: UInt8.self) }
        }
        // Solid: the rows between the corners (`OpaqueCover` relies on it too); checked on their
        // first and last row, where a corner would show first.
        let spans: [Range<Int>]
        if let inner {
            let ix0 = CheckedInt.int(inner.rect.minX - o.x)
            let ix1 = CheckedInt.int(inner.rect.maxX - o.x)
            spans = [0..<ix0, ix1..<w].filter { !$0.isEmpty }
        } else {
            spans = [0..<w]
        }
        var line = [UInt8](repeating: 0, count: w)
        func solid(_ y: Int) -> Bool {
            line.withUnsafeMutableBufferPointer { row(y, into: $0.baseAddress!) }
            var expected = [UInt8](repeating: 0, count: w)
            for s in spans { for x in s { expected[x] = 255 } }
            return line == expected
        }
        var (top, bottom) = (h, h)
        // The inner outline's rows counted from the outer's top.
        let iy = inner.map { CheckedInt.int($0.rect.minY - o.y) } ?? 0
        if let a = Self.straightRows(outer),
            let b = inner.map({ Self.straightRows($0).map { (top: $0.top + iy, bottom: $0.bottom + iy) } })
                ?? (top: 0, bottom: h)
        {
            let t = max(a.top, b.top)
            let u = min(a.bottom, b.bottom)
            if u > t && solid(t) && solid(u - 1) { (top, bottom) = (t, u) }
        }
        var strips: [Strip] = []
        for (y0, y1) in [(0, top), (bottom, h)] where y1 > y0 {
            var coverage = [UInt8](repeating: 0, count: w * (y1 - y0))
            var segments: [[Segment]] = []
            coverage.withUnsafeMutableBufferPointer { c in
                for y in y0..<y1 {
                    let r = c.baseAddress! + (y - y0) * w
                    row(y, into: r)
                    segments.append(Self.segments(r, count: w))
                }
            }
            strips.append(Strip(y: y0, width: w, coverage: coverage, segments: segments))
        }
        return Entry(strips: strips, solidRows: top..<bottom, spans: top < bottom ? spans : [])
    }
}

import CairoFonts
import Compositing
import Foundation
import Primitives

/// The part of a shadow inside the box around its element (`ShadowPainter.paint`: the outline
/// grown by one pixel, minus `hiddenRect`), kept as the masks Cairo effectively composites through
/// there, so that equal cards composite it straight into the frame (`DirectMaskTarget`) instead of
/// under the even-odd path clip, which Cairo rasterizes again for each piece of each shadow.
///
/// Why the bytes are Cairo's: Cairo composites a solid colour through a mask under a path clip as
/// OVER through the product of the mask and the clip's coverage (pixman's IN, then over_n_8_8888),
/// so painting opaque white the same way onto transparent pixels leaves that product as the alpha
/// (`effectiveMask`), and compositing any colour through it later gives what Cairo would. The
/// coverage depends on the clip path and on the clip's rectangle (Cairo cuts the path's edges to
/// it), so each piece is made under the very rectangles the painter clips to (the box and one band
/// around `hiddenRect`, and the frame's own clip where it cuts the box: a band of the frame painted
/// on its own thread, the surface's edge; Cairo intersects clip rectangles whatever their order,
/// and renders the path within their intersection); and both depend only on the mask, the
/// outline's size and radii and the mask's and the cut's places relative to the outline, because
/// moving everything by whole pixels moves Cairo's fixed-point path, its scan converter's grid and
/// the rectangles alike. Equal cards therefore share one set, within a screen and between screens.
final class ShadowBoxMasks {
    struct Key: Hashable {
        var mask: ShadowPainter.Key
        /// The outline's size and radii, exactly.
        var width: Double
        var height: Double
        var radii: [Double]
        /// The mask's origin relative to the outline's.
        var maskX: Double
        var maskY: Double
        /// The part of the box the frame's clip lets through, relative to the outline's origin
        /// (x, y, width, height); nil when it holds the whole box.
        var cut: [Double]?
    }

    /// One piece: the masks of a band, placed relative to the outline's origin.
    struct Piece {
        var x: Double
        var y: Double
        var mask: CairoMask
    }

    /// Memory kept: 16 MB (output never depends on it).
    private var entries = ByteBudgetCache<Key, [Piece]>(budget: 16 << 20)
    private let lock = NSLock()
    /// Sets made (for tests).
    private(set) var made = 0

    /// The pieces for `key`, made with `make` when not kept.
    func pieces(_ key: Key, make: () throws -> [Piece]) rethrows -> [Piece] {
        lock.lock()
        defer { lock.unlock() }
        if let p = entries[key] { return p }
        let p = try make()
        made += 1
        entries.insert(p, for: key, size: p.reduce(0) { $0 + $1.mask.width * $1.mask.height })
        return p
    }

    /// The bands `ShadowPainter` composites inside `box` (the box cut to the mask's rectangle `m`,
    /// less `hidden`), as the rectangles it clips to, cut to `cut` (the part of the box the frame's
    /// clip lets through) when given; whole pixels.
    static func bands(box: Rect, mask m: Rect, hidden: Rect?, cut: Rect? = nil) -> [Rect] {
        let h = hidden.map { $0.intersection(m) }
        let parts: [Rect]
        if let h, h.width > 0, h.height > 0 {
            parts = [
                Rect(x: m.minX, y: m.minY, width: m.width, height: h.minY - m.minY),
                Rect(x: m.minX, y: h.maxY, width: m.width, height: m.maxY - h.maxY),
                Rect(x: m.minX, y: h.minY, width: h.minX - m.minX, height: h.height),
                Rect(x: h.maxX, y: h.minY, width: m.maxX - h.maxX, height: h.height),
            ]
        } else {
            parts = [m]
        }
        return parts.filter { $0.width > 0 && $0.height > 0 }.map { $0.intersection(cut ?? box).intersection(box) }
            .filter { $0.width > 0 && $0.height > 0 }
    }

    /// What Cairo composites through in `band`: `mask` at `region`'s origin under the even-odd clip
    /// of `all` and `outline`, then the rectangles `cut` (the frame's clip, when it cuts the box),
    /// `box` and `band` (the painter's), in opaque white onto transparent pixels, whose alpha is the
    /// product. Nil when nothing shows.
    static func effectiveMask(
        _ mask: CairoMask, at region: Rect, outline: DeviceRoundedRect, all: Rect, box: Rect, cut: Rect? = nil,
        band: Rect
    ) throws -> CairoMask {
        let w = CheckedInt.int(band.width)
        let h = CheckedInt.int(band.height)
        let scratch = try CairoSurface(width: w, height: h)
        let ctx = CairoContext(surface: scratch)
        ctx.drawsMasksDirectly = false
        // The frame's coordinates, moved by whole pixels.
        ctx.translate(-band.x, -band.y)
        ctx.setColor(.white)
        ShadowPainter.clipOutside(outline, within: all, on: ctx)
        for r in (cut.map { [$0] } ?? []) + [box, band] {
            ctx.newPath()
            ctx.rectangle(r.x, r.y, r.width, r.height)
            ctx.clip()
        }
        ctx.mask(mask, x: region.x, y: region.y)
        try ctx.check()
        scratch.flush()
        let out = try CairoMask(width: w, height: h)
        scratch.withPixels { p, stride in
            out.withPixels { q, qs in
                for y in 0..<h { for x in 0..<w { q[y * qs + x] = p[y * stride + 4 * x + 3] } }
            }
        }
        out.trimRows()
        return out
    }
}

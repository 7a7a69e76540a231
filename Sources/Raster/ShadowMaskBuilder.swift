import CairoFonts
import Compositing
import Primitives

/// Builds blurred shadow masks. A rounded rectangle's blurred mask is the same in every column
/// (and row) of its straight middle part, so the shape is drawn and blurred with that middle cut
/// down to a few pixels and the result stretched back (a nine-patch, as Skia does). The box blur
/// reads a bounded neighbourhood, so the stretched mask equals the full-size blur pixel for pixel;
/// the cost no longer grows with the card's size.
struct ShadowMaskBuilder {
    /// Columns (rows) the middle must have beyond the blur's reach before cutting pays off.
    static let minimumCut = 8

    /// An A8 mask of `width` x `height` holding `shape` (mask pixels) blurred with `sigma` (mask pixels).
    /// `ninePatch: false` blurs the full size (for tests that compare both).
    static func blurred(_ shape: DeviceRoundedRect, width: Int, height: Int, sigma: Double, ninePatch: Bool = true)
        throws -> CairoMask
    {
        let reach = BlurMask.reach(sigma: sigma)
        let r = shape.radii
        let cutX =
            ninePatch
            ? cut(
                start: shape.rect.x, end: shape.rect.maxX, cornerStart: max(r[0].rx, r[3].rx),
                cornerEnd: max(r[1].rx, r[2].rx), reach: reach, size: width) : nil
        let cutY =
            ninePatch
            ? cut(
                start: shape.rect.y, end: shape.rect.maxY, cornerStart: max(r[0].ry, r[1].ry),
                cornerEnd: max(r[3].ry, r[2].ry), reach: reach, size: height) : nil
        let dx = cutX?.delta ?? 0
        let dy = cutY?.delta ?? 0
        let small = try CairoMask(width: width - dx, height: height - dy)
        let ctx = small.makeContext()
        ctx.setColor(.black)
        DeviceRoundedRect(
            rect: Rect(
                x: shape.rect.x, y: shape.rect.y, width: shape.rect.width - Double(dx),
                height: shape.rect.height - Double(dy)), radii: r
        ).addPath(to: ctx)
        ctx.fill()
        try ctx.check()
        BlurMask.gaussian(small, sigma: sigma)
        if dx == 0 && dy == 0 { return small }
        return try stretch(small, width: width, height: height, cutX: cutX, cutY: cutY)
    }

    /// Where the straight middle may be cut: keep pixels 0...keep, then drop `delta` copies of pixel `keep`.
    /// Nil when the middle is too short.
    static func cut(start: Double, end: Double, cornerStart: Double, cornerEnd: Double, reach: Int, size: Int) -> (
        keep: Int, delta: Int
    )? {
        // First and last pixel wholly clear of the corners (one pixel of safety for antialiasing).
        let first = CheckedInt.int(start + cornerStart, .up, in: -(1 << 31)...(1 << 31)) + 1
        let last = CheckedInt.int(end - cornerEnd, .down, in: -(1 << 31)...(1 << 31)) - 2
        let keep = first + reach
        let upTo = last - reach
        let delta = upTo - keep
        // The straight part must lie inside the mask: beyond its edges the blur reads zeros, not the shape.
        guard delta >= minimumCut, first >= 0, last < size else { return nil }
        return (keep, delta)
    }

    /// The full-size mask from the cut one: pixel c maps to c up to `keep`, to `keep` inside the cut,
    /// and to c - delta after it; rows likewise.
    private static func stretch(
        _ small: CairoMask, width: Int, height: Int,
        cutX: (keep: Int, delta: Int)?, cutY: (keep: Int, delta: Int)?
    ) throws -> CairoMask {
        let full = try CairoMask(width: width, height: height)
        let kx = cutX?.keep ?? 0
        let dx = cutX?.delta ?? 0
        small.withPixels { src, srcStride in
            full.withPixels { dst, dstStride in
                for y in 0..<height {
                    let sy: Int
                    if let c = cutY {
                        sy = y <= c.keep ? y : (y >= c.keep + c.delta ? y - c.delta : c.keep)
                    } else {
                        sy = y
                    }
                    let s = src + sy * srcStride
                    let d = dst + y * dstStride
                    if dx == 0 {
                        d.update(from: s, count: width)
                        continue
                    }
                    d.update(from: s, count: kx + 1)
                    (d + kx + 1).update(repeating: s[kx], count: dx - 1)
                    (d + kx + dx).update(from: s + kx, count: width - kx - dx)
                }
            }
        }
        return full
    }
}

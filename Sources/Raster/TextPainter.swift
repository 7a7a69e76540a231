import CairoFonts
import Primitives
import TextLayout

/// Draws glyph runs: positions go from dp to device pixels here (fractional; text layout
/// already puts baselines on device pixels), and CairoFonts rasterizes the glyph masks.
struct TextPainter {
    /// Largest text drawn, in device pixels per em (docs/limits.md): a glyph mask is about em x em
    /// bytes, so nested zooms on a large font (zoom 10 x 10 x 10, 1,000 dp) would ask for gigabytes
    /// per glyph; text this large is taller than any device. Larger runs are skipped and reported
    /// (`Rasterizer.skippedText`).
    static let maxPixelSize = 4096.0

    let ctx: CairoContext
    let fonts: FontLibrary

    func draw(_ run: GlyphRun, origin: Point, transform t: DeviceTransform) {
        if let u = run.underlineBox, !run.color.isTransparent {
            let box = t.snap(u.offsetBy(dx: origin.x, dy: origin.y))
            if box.width > 0 {
                // A thin underline never disappears: at least one pixel tall.
                let h = max(1, box.height)
                ctx.newPath()
                ctx.rectangle(box.x, box.y, box.width, h)
                ctx.setColor(run.color)
                ctx.fill()
            }
        }
        guard let (face, pixelSize, placed) = Self.place(run, origin: origin, transform: t, fonts: fonts) else {
            return
        }
        ctx.drawGlyphMasks(placed, face: face, pixelSize: pixelSize, color: run.color)
    }

    /// The face, device pixel size and device pen positions of `run`'s glyphs, or nil when it
    /// draws no glyphs. Also used by the rasterizer's pre-pass, which renders the masks ahead.
    static func place(_ run: GlyphRun, origin: Point, transform t: DeviceTransform, fonts: FontLibrary)
        -> (face: FontFace, pixelSize: Double, placed: [(id: UInt32, x: Double, y: Double)])?
    {
        guard !run.glyphs.isEmpty, !run.color.isTransparent, let face = fonts.face(run.face) else { return nil }
        let pixelSize = t.length(run.size)
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= maxPixelSize else { return nil }
        var placed: [(id: UInt32, x: Double, y: Double)] = []
        placed.reserveCapacity(run.glyphs.count)
        for g in run.glyphs {
            // Fractional y: drawGlyphMasks floors it as Chromium does (baselines are already on device pixels).
            let x = t.x(origin.x + g.x)
            let y = t.y(origin.y + g.y)
            if x.isFinite && y.isFinite { placed.append((g.id, x, y)) }
        }
        return (face, pixelSize, placed)
    }
}

import CCairo
import CFreeType
import Compositing
import Foundation
import Primitives

extension CairoContext {
    /// Draws glyphs of `face` at `pixelSize` px in `color`; x, y are DEVICE pixels on the baseline
    /// (the current matrix is ignored, the clip is kept). Outline glyphs are rendered as Chromium
    /// does (light hinting, 1/4-px x phase, mask at floor(x)+left, floor(y)-top); colour emoji are
    /// scaled from their bitmap strike, taking only the alpha of `color`.
    package func drawGlyphMasks(
        _ glyphs: [(id: UInt32, x: Double, y: Double)], face: FontFace, pixelSize: Double, color: Color
    ) {
        guard !glyphs.isEmpty, pixelSize > 0, color.a > 0 else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if face.isColor {
            let k = pixelSize / (face.strikePixelSize > 0 ? face.strikePixelSize : 109)
            for g in glyphs {
                guard let image = face.glyphImage(g.id, pixelSize: pixelSize, quarter: 0), let surface = image.color
                else { continue }
                cairo_save(cr)
                cairo_translate(cr, g.x, g.y)
                cairo_scale(cr, k, k)
                cairo_set_source_surface(cr, surface.raw, Double(image.left), Double(-image.top))
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                if color.a == 255 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, color.alpha) }
                cairo_restore(cr)
            }
        } else if let direct = directMaskTarget(color: color), Self.nearOrigin(glyphs) {
            // Cairo's bytes without a pattern per glyph (`DirectMaskTarget`); the same placement.
            for g in glyphs {
                guard g.x.isFinite, g.y.isFinite else { continue }
                let (fx, quarter) = Self.phase(g.x)
                guard let image = face.glyphImage(g.id, pixelSize: pixelSize, quarter: quarter), let mask = image.mask
                else { continue }
                direct.composite(
                    mask, x: CheckedInt.int(fx) + image.left,
                    y: CheckedInt.int((g.y + 1.0 / 128).rounded(.down)) - image.top)
            }
            direct.finish()
        } else {
            cairo_set_source_rgba(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, color.alpha)
            for g in glyphs {
                guard g.x.isFinite, g.y.isFinite else { continue }
                let (fx, quarter) = Self.phase(g.x)
                guard let image = face.glyphImage(g.id, pixelSize: pixelSize, quarter: quarter), let mask = image.mask
                else { continue }
                // Chromium puts a half-pixel baseline (explicit line heights) on the pixel above, so y
                // is floored; the 1/128 px allowance keeps 29.333... dp x 3 = 87.99999 on pixel 88,
                // where Chromium's layout (in 1/64 px units) has it exactly.
                cairo_mask_surface(
                    cr, mask.raw, fx + Double(image.left), (g.y + 1.0 / 128).rounded(.down) - Double(image.top))
            }
        }
        cairo_restore(cr)
    }

    /// Whether every finite pen position is within `DirectMaskTarget.maxOffset` of the origin
    /// (a glyph mask is at most a few thousand pixels, so its offset stays in range too).
    static func nearOrigin(_ glyphs: [(id: UInt32, x: Double, y: Double)]) -> Bool {
        let limit = Double(DirectMaskTarget.maxOffset / 2)
        return glyphs.allSatisfy { !$0.x.isFinite || !$0.y.isFinite || (abs($0.x) < limit && abs($0.y) < limit) }
    }

    /// The whole pixel and the 1/4-px phase an outline glyph at device x is drawn with.
    static func phase(_ x: Double) -> (pixel: Double, quarter: Int) {
        var fx = x.rounded(.down)
        var quarter = CheckedInt.int((x - fx) * 4, .toNearestOrAwayFromZero, in: -8...8)
        if quarter == 4 {
            fx += 1
            quarter = 0
        }
        return (fx, quarter)
    }

    /// Renders into `face`'s glyph cache the images `drawGlyphMasks` (same arguments) will look up,
    /// without drawing: the rasterizer calls it on other cores before its serial pass. Thread-safe
    /// (the face's lock), and the images depend only on their keys, so the pixels drawn later
    /// are the same whichever thread made them.
    package static func prepareGlyphMasks(
        _ glyphs: [(id: UInt32, x: Double, y: Double)], face: FontFace, pixelSize: Double, color: Color
    ) {
        guard !glyphs.isEmpty, pixelSize > 0, color.a > 0 else { return }
        for g in glyphs {
            if face.isColor {
                _ = face.glyphImage(g.id, pixelSize: pixelSize, quarter: 0)
            } else {
                guard g.x.isFinite, g.y.isFinite else { continue }
                _ = face.glyphImage(g.id, pixelSize: pixelSize, quarter: phase(g.x).quarter)
            }
        }
    }

    /// Adds the outlines of glyphs of `face` at `size` (user units per em) to the current path, in
    /// USER space (so canvas text follows rotation and scaling); x, y are pen positions on the
    /// baseline. Colour bitmap glyphs have no outline and add nothing.
    package func appendGlyphOutlines(_ glyphs: [(id: UInt32, x: Double, y: Double)], face: FontFace, size: Double) {
        guard !face.isColor, size > 0 else { return }
        let k = size / Double(face.unitsPerEm)
        for g in glyphs {
            face.withUnscaledOutline(g.id) { outline in
                let sink = OutlineSink(cr: cr, x: g.x, y: g.y, scale: k)
                sink.decompose(outline)
            }
        }
    }
}

/// Receives FT_Outline_Decompose callbacks and turns them into Cairo path segments.
private final class OutlineSink {
    let cr: OpaquePointer
    let x: Double, y: Double, scale: Double
    var last = (0.0, 0.0)
    var open = false
    init(cr: OpaquePointer, x: Double, y: Double, scale: Double) {
        self.cr = cr
        self.x = x
        self.y = y
        self.scale = scale
    }

    func point(_ v: UnsafePointer<FT_Vector>?) -> (Double, Double) {
        guard let v else { return last }
        return (x + Double(v.pointee.x) * scale, y - Double(v.pointee.y) * scale)
    }

    func decompose(_ outline: UnsafeMutablePointer<FT_Outline>) {
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                let p = s.point(to)
                if s.open { cairo_close_path(s.cr) }
                cairo_move_to(s.cr, p.0, p.1)
                s.last = p
                s.open = true
                return 0
            },
            line_to: { to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                let p = s.point(to)
                cairo_line_to(s.cr, p.0, p.1)
                s.last = p
                return 0
            },
            conic_to: { control, to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                let c = s.point(control)
                let p = s.point(to)
                let l = s.last
                // A quadratic Bézier as a cubic: control points at 2/3 towards the conic control.
                cairo_curve_to(
                    s.cr, l.0 + 2 * (c.0 - l.0) / 3, l.1 + 2 * (c.1 - l.1) / 3,
                    p.0 + 2 * (c.0 - p.0) / 3, p.1 + 2 * (c.1 - p.1) / 3, p.0, p.1)
                s.last = p
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                let a = s.point(c1)
                let b = s.point(c2)
                let p = s.point(to)
                cairo_curve_to(s.cr, a.0, a.1, b.0, b.1, p.0, p.1)
                s.last = p
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(self).toOpaque()
        withExtendedLifetime(self) { _ = FT_Outline_Decompose(outline, &funcs, user) }
        if open { cairo_close_path(cr) }
    }
}

extension FontFace {
    /// Loads glyph `id` in design units (no hinting) with the synthetic styles applied, and hands
    /// its outline to `body` while holding the face's lock.
    func withUnscaledOutline(_ id: UInt32, _ body: (UnsafeMutablePointer<FT_Outline>) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard FT_Load_Glyph(ft, id, Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_BITMAP)) == 0 else { return }
        let slot = ft.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
        if syntheticOblique {
            var m = Self.obliqueMatrix
            FT_Outline_Transform(&slot.pointee.outline, &m)
        }
        if syntheticBold { FT_Outline_Embolden(&slot.pointee.outline, FT_Pos(unitsPerEm / 24)) }
        body(&slot.pointee.outline)
    }
}

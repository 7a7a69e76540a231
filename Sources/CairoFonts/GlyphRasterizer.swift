import CFreeType
import Foundation
import Primitives

/// A rendered glyph: an alpha mask (outline faces) or a premultiplied colour image (emoji),
/// with its bearing from the pen position (`top` is up from the baseline).
final class GlyphImage {
    let mask: CairoMask?
    let color: CairoSurface?
    let left: Int
    let top: Int
    init(mask: CairoMask?, color: CairoSurface?, left: Int, top: Int) {
        self.mask = mask
        self.color = color
        self.left = left
        self.top = top
    }
}

/// Glyph rendering as Chromium does it on Linux: light hinting, 1/4-pixel x positioning,
/// grey anti-aliasing. These are fixed here, never read from the environment.
extension FontFace {
    /// FreeType load flags: outlines only, light (vertical-only) hinting.
    private static let outlineLoadFlags = Int32(FT_LOAD_NO_BITMAP) | (Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)

    /// The rendered image of glyph `id` at `pixelSize` shifted right by `quarter`/4 px (cached).
    func glyphImage(_ id: UInt32, pixelSize: Double, quarter: Int) -> GlyphImage? {
        lock.lock()
        defer { lock.unlock() }
        let size64 =
            isColor
            ? 0 : glyphCache.size64(pixelSize) { CheckedInt.int($0 * 64, .toNearestOrAwayFromZero, in: 0...(1 << 40)) }
        let q = isColor ? 0 : quarter
        guard let key = GlyphCache.pack(id: id, size64: size64, quarter: q) else {
            return isColor ? renderColor(id) : renderMask(id, size64: size64, quarter: q)
        }
        if let hit = glyphCache[key] { return hit }
        let image = isColor ? renderColor(id) : renderMask(id, size64: size64, quarter: q)
        if let image { glyphCache.insert(image, for: key) }
        return image
    }

    /// Synthetic bold strength in 26.6 units for `size64` (as Skia: 1/24 of the em).
    func emboldenStrength(emSize: Int) -> FT_Pos { FT_Pos(emSize / 24) }

    /// The slant of synthetic italics (Skia's fake italic skew of 1/4), for FT_Outline_Transform.
    static let obliqueMatrix = FT_Matrix(xx: 0x10000, xy: 0x4000, yx: 0, yy: 0x10000)

    private func renderMask(_ id: UInt32, size64: Int, quarter: Int) -> GlyphImage? {
        guard size64 > 0, FT_Set_Char_Size(ft, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return nil }
        prepareAutohintStyle(of: id)
        guard FT_Load_Glyph(ft, id, Self.outlineLoadFlags) == 0 else { return nil }
        let slot = ft.pointee.glyph!
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            if syntheticOblique {
                var m = Self.obliqueMatrix
                FT_Outline_Transform(&slot.pointee.outline, &m)
            }
            if syntheticBold { FT_Outline_Embolden(&slot.pointee.outline, emboldenStrength(emSize: size64)) }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(quarter * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width)
        let h = Int(bm.rows)
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        guard w > 0, h > 0, let src = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue),
            let mask = try? CairoMask(width: w, height: h)
        else {
            return GlyphImage(mask: nil, color: nil, left: left, top: top)
        }
        let pitch = Int(bm.pitch)
        mask.withPixels { dst, stride in
            for y in 0..<h {
                let row = pitch >= 0 ? src + y * pitch : src + (h - 1 - y) * (-pitch)
                (dst + y * stride).update(from: row, count: w)
            }
        }
        return GlyphImage(mask: mask, color: nil, left: left, top: top)
    }

    private func renderColor(_ id: UInt32) -> GlyphImage? {
        guard FT_Select_Size(ft, 0) == 0, FT_Load_Glyph(ft, id, Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = ft.pointee.glyph!
        let bm = slot.pointee.bitmap
        let w = Int(bm.width)
        let h = Int(bm.rows)
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        guard w > 0, h > 0, let src = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            let surface = try? CairoSurface(width: w, height: h)
        else {
            return GlyphImage(mask: nil, color: nil, left: left, top: top)
        }
        // FreeType's premultiplied BGRA is byte-for-byte Cairo's ARGB32 on little-endian machines.
        let pitch = Int(bm.pitch)
        surface.withPixels { dst, stride in
            for y in 0..<h {
                let row = pitch >= 0 ? src + y * pitch : src + (h - 1 - y) * (-pitch)
                (dst + y * stride).update(from: row, count: w * 4)
            }
        }
        return GlyphImage(mask: nil, color: surface, left: left, top: top)
    }
}

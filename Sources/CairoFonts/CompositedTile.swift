import CCairo
import Primitives

#if canImport(Glibc)
    import Glibc
#endif

/// A colour painted through an A8 mask over a uniform background, kept as ARGB32 pixels: what
/// `CairoContext.mask` leaves on any area of that background, pixel for pixel, since the operation
/// (OVER of a solid colour through a mask) depends on each pixel's own mask value and destination
/// only. The shadow painter keeps one per mask, colour and background and copies it where the
/// destination is still that background, instead of compositing a card's shadow again.
package final class CompositedTile {
    let raw: OpaquePointer
    package let width: Int
    package let height: Int
    /// The background pixel (premultiplied ARGB32 word) the tile was painted over.
    package let background: UInt32

    /// Paints only inside `pieces` (tile pixels; nil: everywhere): the rest keeps the background
    /// and must never be copied.
    package init(mask: CairoMask, color: Color, background: UInt32, pieces: [Rect]? = nil) throws {
        width = mask.width
        height = mask.height
        self.background = background
        raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height))
        guard cairo_surface_status(raw) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw NativeError.cairo("cannot create a \(width)x\(height) tile")
        }
        cairo_surface_flush(raw)
        let stride = Int(cairo_image_surface_get_stride(raw)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(raw)!).bindMemory(
            to: UInt32.self, capacity: stride * height)
        for y in 0..<height { (data + y * stride).update(repeating: background, count: width) }
        cairo_surface_mark_dirty(raw)
        // The same calls the painter makes on the frame (`setColor`, `mask` at a whole-pixel offset).
        let ctx = CairoContext(target: raw)
        ctx.setColor(color)
        for p in pieces ?? [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
        where p.width > 0 && p.height > 0 {
            ctx.save()
            ctx.newPath()
            ctx.rectangle(p.x, p.y, p.width, p.height)
            ctx.clip()
            ctx.mask(mask, x: 0, y: 0)
            ctx.restore()
        }
        try ctx.check()
        cairo_surface_flush(raw)
    }

    deinit { cairo_surface_destroy(raw) }

    package var bytes: Int { width * height * 4 }
}

extension CairoContext {
    /// The part of `rect` (device pixels, whole) that the current clip lets through, and the one
    /// pixel value the target holds all over it, when: drawing goes straight to the context's own
    /// ARGB32 image surface (no group, no device offset, identity matrix), the clip is a single
    /// rectangle of whole pixels, and every target pixel in the part has the same value. Nil
    /// otherwise, or when the part is empty.
    package func uniformTarget(in rect: (x: Int, y: Int, width: Int, height: Int)) -> (
        x: Int, y: Int, width: Int, height: Int, value: UInt32
    )? {
        guard let (data, stride, w, h) = directTarget() else { return nil }
        guard let (cx0, cy0, cx1, cy1) = wholePixelClip() else { return nil }
        let x0 = max(rect.x, cx0, 0)
        let y0 = max(rect.y, cy0, 0)
        let x1 = min(rect.x + rect.width, cx1, w)
        let y1 = min(rect.y + rect.height, cy1, h)
        guard x1 > x0, y1 > y0 else { return nil }
        cairo_surface_flush(cairo_get_target(cr))
        let value = data[y0 * stride + x0]
        for y in y0..<y1 where !Self.all(data + y * stride + x0, count: x1 - x0, equal: value) { return nil }
        return (x0, y0, x1 - x0, y1 - y0, value)
    }

    /// Copies the part of `tile` placed at (x, y) that falls in `area` (from `uniformTarget`) into the target.
    package func copy(
        _ tile: CompositedTile, x: Int, y: Int, into area: (x: Int, y: Int, width: Int, height: Int, value: UInt32)
    ) {
        guard let (data, stride, _, _) = directTarget() else { return }
        let tileStride = Int(cairo_image_surface_get_stride(tile.raw)) / 4
        let src = UnsafeRawPointer(cairo_image_surface_get_data(tile.raw)!).bindMemory(
            to: UInt32.self, capacity: tileStride * tile.height)
        let x0 = max(area.x, x)
        let y0 = max(area.y, y)
        let x1 = min(area.x + area.width, x + tile.width)
        let y1 = min(area.y + area.height, y + tile.height)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            (data + row * stride + x0).update(from: src + (row - y) * tileStride + (x0 - x), count: x1 - x0)
        }
        cairo_surface_mark_dirty_rectangle(cairo_get_target(cr), Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }

    /// The target's pixels as words, their stride in words and the size, when drawing goes
    /// straight to it (see `uniformTarget`).
    func directTarget() -> (UnsafeMutablePointer<UInt32>, Int, Int, Int)? {
        let target = cairo_get_target(cr)
        guard cairo_get_group_target(cr) == target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return nil }
        var dx = 0.0
        var dy = 0.0
        cairo_surface_get_device_offset(target, &dx, &dy)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard dx == 0, dy == 0, m.xx == 1, m.yx == 0, m.xy == 0, m.yy == 1, m.x0 == 0, m.y0 == 0,
            let base = cairo_image_surface_get_data(target)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(target)) / 4
        let w = Int(cairo_image_surface_get_width(target))
        let h = Int(cairo_image_surface_get_height(target))
        return (UnsafeMutableRawPointer(base).bindMemory(to: UInt32.self, capacity: stride * h), stride, w, h)
    }

    /// Whether `count` words from `p` all equal `value`: sixteen at a time, their differences
    /// gathered in one vector and tested once.
    private static func all(_ p: UnsafePointer<UInt32>, count: Int, equal value: UInt32) -> Bool {
        var i = 0
        let v = SIMD8<UInt32>(repeating: value)
        let raw = UnsafeRawPointer(p)
        while i &+ 16 <= count {
            let d =
                (raw.loadUnaligned(fromByteOffset: 4 &* i, as: SIMD8<UInt32>.self) ^ v)
                | (raw.loadUnaligned(fromByteOffset: 4 &* i &+ 32, as: SIMD8<UInt32>.self) ^ v)
            let e = d.lowHalf | d.highHalf
            let f = unsafeBitCast(e, to: (UInt64, UInt64).self)
            if f.0 | f.1 != 0 { return false }
            i &+= 16
        }
        while i < count {
            if p[i] != value { return false }
            i &+= 1
        }
        return true
    }
}

import CCairo
import Primitives

#if canImport(Glibc)
    import Glibc
#endif

/// Errors from Cairo and FreeType, turned into Swift errors (the PNG codec has its own, `PNGError`).
package enum NativeError: Error, CustomStringConvertible {
    case cairo(String)
    case freetype(String)
    package var description: String {
        switch self {
        case .cairo(let m): return "cairo: \(m)"
        case .freetype(let m): return "freetype: \(m)"
        }
    }
}

/// An ARGB32 Cairo image surface (premultiplied BGRA in memory, like `Bitmap`).
package final class CairoSurface {
    let raw: OpaquePointer
    package let width: Int
    package let height: Int

    /// A new transparent surface of `width` x `height` pixels.
    package init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw NativeError.cairo("invalid surface size \(width)x\(height)")
        }
        raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let st = cairo_surface_status(raw)
        guard st == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw NativeError.cairo(String(cString: cairo_status_to_string(st)))
        }
        self.width = width
        self.height = height
    }

    /// A surface drawing straight into `pixels` (premultiplied BGRA, `width * 4` bytes per row), which
    /// must stay valid, and not move, for the surface's whole life: use it inside
    /// `withUnsafeMutableBufferPointer` and let the surface go before the closure returns.
    /// Rendering into a `Bitmap`'s own array this way saves a full-frame copy.
    package init(borrowing pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767, pixels.count >= width * height * 4,
            Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4
        else {
            throw NativeError.cairo("invalid surface size \(width)x\(height)")
        }
        raw = cairo_image_surface_create_for_data(
            pixels.baseAddress, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
        let st = cairo_surface_status(raw)
        guard st == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw NativeError.cairo(String(cString: cairo_status_to_string(st)))
        }
        self.width = width
        self.height = height
    }

    /// `count` bytes of 255 (opaque white in premultiplied BGRA) for a frame to draw into. Large
    /// buffers ask the kernel for huge pages before the first touch: a phone screen is 12 MB, three
    /// thousand 4 KB page faults otherwise, which cost more than the drawing.
    package static func whitePixels(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
            guard let base = buf.baseAddress, count > 0 else {
                initialized = 0
                return
            }
            let huge = 2 << 20
            let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
            let end = (Int(bitPattern: base) + count) & ~(huge - 1)
            #if os(Linux)
                if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
            #endif
            base.update(repeating: 255, count: count)
            initialized = count
        }
    }

    /// Makes sure every drawing operation has reached the pixels (before reading borrowed memory).
    package func flush() { cairo_surface_flush(raw) }

    /// A surface holding a copy of `bitmap`'s pixels.
    package convenience init(bitmap: Bitmap) throws {
        try self.init(width: bitmap.width, height: bitmap.height)
        cairo_surface_flush(raw)
        let stride = Int(cairo_image_surface_get_stride(raw))
        let dst = cairo_image_surface_get_data(raw)!
        bitmap.pixels.withUnsafeBufferPointer { src in
            for y in 0..<height {
                (dst + y * stride).update(from: src.baseAddress! + y * width * 4, count: width * 4)
            }
        }
        cairo_surface_mark_dirty(raw)
    }

    deinit { cairo_surface_destroy(raw) }

    /// A copy of the pixels as a `Bitmap`.
    package func bitmap() -> Bitmap {
        cairo_surface_flush(raw)
        let stride = Int(cairo_image_surface_get_stride(raw))
        let src = cairo_image_surface_get_data(raw)!
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                (dst.baseAddress! + y * width * 4).update(from: src + y * stride, count: width * 4)
            }
        }
        return Bitmap(width: width, height: height, pixels: out)
    }

    /// Direct access to the pixel rows (premultiplied BGRA, `stride` bytes per row).
    package func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(raw)
        let r = try body(cairo_image_surface_get_data(raw)!, Int(cairo_image_surface_get_stride(raw)))
        cairo_surface_mark_dirty(raw)
        return r
    }
}

/// An A8 (alpha only) Cairo image surface, used for glyph masks and shadows.
package final class CairoMask {
    let raw: OpaquePointer
    package let width: Int
    package let height: Int
    package init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw NativeError.cairo("invalid mask size \(width)x\(height)")
        }
        raw = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        guard cairo_surface_status(raw) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw NativeError.cairo("cannot create mask")
        }
        self.width = width
        self.height = height
        cairo_surface_flush(raw)
        data = UnsafePointer(cairo_image_surface_get_data(raw)!)
        stride = Int(cairo_image_surface_get_stride(raw))
    }
    deinit { cairo_surface_destroy(raw) }
    /// The alpha rows, for reading (`DirectMaskTarget`); written through `withPixels` or a context.
    @usableFromInline let data: UnsafePointer<UInt8>
    /// Bytes per row.
    @usableFromInline let stride: Int
    /// Direct access to the alpha rows (`stride` bytes per row). Forgets `rowSpans` and `rowGaps`.
    package func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> R) rethrows -> R {
        rowSpans = nil
        rowGaps = nil
        cairo_surface_flush(raw)
        let r = try body(cairo_image_surface_get_data(raw)!, Int(cairo_image_surface_get_stride(raw)))
        cairo_surface_mark_dirty(raw)
        return r
    }
    /// Per row, the columns from its first to past its last non-zero value (empty: all zero), once
    /// `trimRows` ran: `DirectMaskTarget` then skips the zeros around them without reading them.
    package private(set) var rowSpans: [Range<Int32>]?
    /// Per row (with `rowSpans`), the longest run of zeros inside its span when at least 32 long,
    /// else empty: a shadow's ring inside a card's box is zero across the card, between its sides.
    package private(set) var rowGaps: [Range<Int32>]?
    /// Finds `rowSpans` and `rowGaps` (for a mask that is composited many times and mostly zero).
    package func trimRows() {
        var spans: [Range<Int32>] = []
        var gaps: [Range<Int32>] = []
        spans.reserveCapacity(height)
        gaps.reserveCapacity(height)
        for y in 0..<height {
            let row = data + y * stride
            var a = 0
            while a < width && row[a] == 0 { a += 1 }
            var b = width
            while b > a && row[b - 1] == 0 { b -= 1 }
            spans.append(Int32(a)..<Int32(b))
            var gap = 0..<0
            var x = a
            while x < b {
                if row[x] != 0 {
                    x += 1
                    continue
                }
                var e = x
                while e < b && row[e] == 0 { e += 1 }
                if e - x > gap.count { gap = x..<e }
                x = e
            }
            gaps.append(gap.count >= 32 ? Int32(gap.lowerBound)..<Int32(gap.upperBound) : 0..<0)
        }
        rowSpans = spans
        rowGaps = gaps
    }
    /// A context drawing into this mask (only the alpha of sources matters).
    package func makeContext() -> CairoContext { CairoContext(target: raw) }
}

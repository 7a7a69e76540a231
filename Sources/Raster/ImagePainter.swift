import CairoFonts
import Foundation
import Primitives

/// Draws `ImageStore` bitmaps, keeping their Cairo surfaces between frames (by key, reused while
/// the bitmap is unchanged).
final class ImagePainter {
    private var surfaces: [String: (bitmap: Bitmap, surface: CairoSurface)] = [:]
    /// Guards `surfaces`: the rasterizer paints the halves of a frame on two threads.
    private let lock = NSLock()

    /// Draws `entry` scaled into `dest` (device pixels), with `smooth` filtering or nearest pixels.
    func draw(_ key: String, _ entry: ImageStore.Entry, into dest: Rect, smooth: Bool, on ctx: CairoContext) throws {
        let bm = entry.bitmap
        guard bm.width > 0, bm.height > 0, dest.width > 0, dest.height > 0 else { return }
        let surface = try self.surface(key, bm)
        ctx.save()
        defer { ctx.restore() }
        // Clip to dest: the pattern pads its edge pixels outward, which must not show.
        ctx.newPath()
        ctx.rectangle(dest.x, dest.y, dest.width, dest.height)
        ctx.clip()
        ctx.translate(dest.x, dest.y)
        ctx.scale(dest.width / Double(bm.width), dest.height / Double(bm.height))
        ctx.setSource(surface, x: 0, y: 0, filter: smooth ? .good : .nearest)
        ctx.paint()
    }

    private func surface(_ key: String, _ bm: Bitmap) throws -> CairoSurface {
        lock.lock()
        defer { lock.unlock() }
        // Array equality is instant when the pixels share storage (the usual case between frames).
        if let c = surfaces[key], c.bitmap == bm { return c.surface }
        let s = try CairoSurface(bitmap: bm)
        surfaces[key] = (bm, s)
        return s
    }

    /// Forgets surfaces whose keys are not in `keep` (images gone from the store).
    func prune(keeping keep: ImageStore) {
        for k in surfaces.keys.sorted() where keep[k] == nil { surfaces[k] = nil }
    }
}

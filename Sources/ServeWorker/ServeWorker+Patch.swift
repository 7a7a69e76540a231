import Foundation
import Primitives
import RenderPipeline
import ServeProtocol

/// A live frame's changed rectangle (`FramePatch`, ServeProtocol): the part of the frame the rasterizer
/// repainted over the renderer's last frame, as pixel runs (`PixelRuns`) or a PNG.
extension ServeWorkerState {
    /// `RENDER_SERVE_FULL_FRAMES=1` sends whole frames only (to compare, in the bench).
    static let fullFramesOnly = ProcessInfo.processInfo.environment["RENDER_SERVE_FULL_FRAMES"] == "1"

    /// The part of `b` the renderer repainted over `base`'s frame: as pixel runs when they fit, whatever its
    /// size, else as a PNG when under half of the frame (nil: the whole frame goes as a PNG). A whole new
    /// screen as runs: the page expands a 720 x 1280 frame's 237 KB in 4.6 ms, where the browser took 13 ms to
    /// decode its 120 KB PNG (issue 49, Benchmarks/notes/live-app-latency.md).
    func patch(of b: Bitmap, base: String?, state: String, damage: Rect, renderer r: Renderer) throws -> FramePatch? {
        guard !Self.fullFramesOnly, let base, base != state else { return nil }
        let x0 = max(0, CheckedInt.int(damage.x, .down))
        let y0 = max(0, CheckedInt.int(damage.y, .down))
        let x1 = min(b.width, CheckedInt.int(damage.x + damage.width, .up))
        let y1 = min(b.height, CheckedInt.int(damage.y + damage.height, .up))
        // Nothing changed: one unchanged pixel, so the page still takes the new state as painted.
        let (x, y, w, h) = x1 > x0 && y1 > y0 ? (x0, y0, x1 - x0, y1 - y0) : (0, 0, 1, 1)
        let crop = (w, h) == (b.width, b.height) ? b : Self.crop(b, x, y, w, h)
        if w * h <= PixelRuns.maxPixels, let runs = PixelRuns.encode(crop.pixels) {
            return FramePatch(base: base, x: x, y: y, width: w, height: h, bytes: runs, runs: true)
        }
        guard w * h * 2 <= b.width * b.height else { return nil }
        return FramePatch(base: base, x: x, y: y, width: w, height: h, bytes: try r.encode(crop), runs: false)
    }

    static func crop(_ b: Bitmap, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Bitmap {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        b.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<h {
                    let from = ((y + row) * b.width + x) * 4
                    let to = UnsafeMutableBufferPointer(rebasing: dst[(row * w * 4)..<((row + 1) * w * 4)])
                    _ = to.update(fromContentsOf: UnsafeBufferPointer(rebasing: src[from..<(from + w * 4)]))
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: out)
    }
}

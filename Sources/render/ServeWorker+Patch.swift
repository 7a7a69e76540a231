import Foundation
import Primitives
import RenderPipeline

/// A live frame's changed rectangle: the pixels of `rect` (device pixels), to draw over the frame of
/// state `base` that a page already shows. Decoding a few rows instead of a whole 1170 x 2532 picture
/// is most of the edit-to-pixel time the browser spends (docs/serve.md). A small rectangle goes as
/// runs of pixels (`PixelRuns`), which the page expands itself at once; a larger one as a PNG, which
/// the browser decodes on another thread and hands back a task later.
struct FramePatch {
    var base: String
    var x: Int, y: Int, width: Int, height: Int
    var bytes: [UInt8]
    /// `bytes` are `PixelRuns` (true) or a PNG.
    var runs: Bool

    /// The answer's first line when a patch follows the frame (`JSONLEN PATCHLEN BASELEN X Y W H FORMAT`,
    /// FORMAT 0 for a PNG, 1 for pixel runs); the bytes then are the JSON, the whole frame's PNG, the
    /// patch's bytes and the base state's name.
    func header(jsonCount: Int) -> String {
        "\(jsonCount) \(bytes.count) \(base.utf8.count) \(x) \(y) \(width) \(height) \(runs ? 1 : 0)\n"
    }
}

extension ServeWorkerState {
    /// `RENDER_SERVE_FULL_FRAMES=1` sends whole frames only (to compare, in the bench).
    static let fullFramesOnly = ProcessInfo.processInfo.environment["RENDER_SERVE_FULL_FRAMES"] == "1"

    /// The part of `b` the renderer repainted over `base`'s frame, when that is under half of it.
    func patch(of b: Bitmap, base: String?, state: String, damage: Rect, renderer r: Renderer) throws -> FramePatch? {
        guard !Self.fullFramesOnly, let base, base != state else { return nil }
        let x0 = max(0, CheckedInt.int(damage.x, .down))
        let y0 = max(0, CheckedInt.int(damage.y, .down))
        let x1 = min(b.width, CheckedInt.int(damage.x + damage.width, .up))
        let y1 = min(b.height, CheckedInt.int(damage.y + damage.height, .up))
        // Nothing changed: one unchanged pixel, so the page still takes the new state as painted.
        let (x, y, w, h) = x1 > x0 && y1 > y0 ? (x0, y0, x1 - x0, y1 - y0) : (0, 0, 1, 1)
        guard w * h * 2 <= b.width * b.height else { return nil }
        let crop = Self.crop(b, x, y, w, h)
        if w * h <= PixelRuns.maxPixels, let runs = PixelRuns.encode(crop.pixels) {
            return FramePatch(base: base, x: x, y: y, width: w, height: h, bytes: runs, runs: true)
        }
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

import CairoFonts
import Dispatch
import Primitives

/// A frame of opaque white pixels made ahead on another thread: pending from creation until
/// `fill(count:)` or `cancel()` is called (exactly one of them, once); `take` waits for it.
package final class WhiteFrame: @unchecked Sendable {
    private var pixels: [UInt8] = []
    private let ready = DispatchGroup()

    package init() { ready.enter() }

    /// Fills `count` bytes of white (premultiplied BGRA 255s) on the calling thread.
    package func fill(count: Int) {
        // Made ahead only when the memory is there (PixelMemory); else the rasterizer's own check
        // reports it as an error.
        if (try? PixelMemory.check(bytes: count * 2, for: "the white frame")) != nil {
            pixels = CairoSurface.whitePixels(count: count)
        }
        ready.leave()
    }

    /// Gives up: `take` returns nil.
    package func cancel() { ready.leave() }

    /// The pixels when they are `count` bytes (else nil: another frame size, or cancelled); once.
    func take(count: Int) -> [UInt8]? {
        ready.wait()
        guard pixels.count == count, count > 0 else { return nil }
        defer { pixels = [] }
        return pixels
    }
}

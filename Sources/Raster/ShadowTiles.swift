import CairoFonts
import Foundation
import Primitives

/// Shadows composited once per mask, colour and background (`CompositedTile`) and copied where a
/// shadow falls on that background untouched: a list of equal cards on a flat page composites one
/// card's shadow, and a batch worker's next screen none. Where anything was drawn before under the
/// shadow (the card above's own shadow), or the clip is not one whole-pixel rectangle, the painter
/// composites as before: the pixels are the same either way (`CompositedTile`), only the work differs.
final class ShadowTiles {
    struct Key: Hashable {
        var mask: ShadowPainter.Key
        var color: Color
        var background: UInt32
        /// The parts of the mask the painter composites around the element (mask pixels): the
        /// tile is painted there only, and copies never reach outside them.
        var pieces: [Rect]
    }

    private var tiles: [Key: CompositedTile] = [:]
    /// Requests per key before a tile exists: a tile costs one shadow's compositing, so it is made
    /// on the fifth request (a card's four bands ask once each), not for a shadow drawn only once.
    private var requests: [Key: Int] = [:]
    private var bytes = 0
    /// Memory kept for tiles; past it the cache starts again (output never depends on it).
    private let budget = 64 << 20
    private let lock = NSLock()
    /// Tiles made (for tests).
    private(set) var made = 0

    /// Copies the shadow into the current clip when the target under it is one uniform colour and a
    /// tile exists or is due; false when the caller must composite (nothing was drawn).
    /// `pieces`: the bands around the element the painter composites, in mask pixels; the current
    /// clip must lie inside one of them.
    func copy(
        mask: CairoMask, key: ShadowPainter.Key, color: Color, pieces: [Rect], x: Int, y: Int, on ctx: CairoContext
    ) -> Bool {
        guard let area = ctx.uniformTarget(in: (x, y, mask.width, mask.height)) else { return false }
        guard let tile = tile(Key(mask: key, color: color, background: area.value, pieces: pieces), mask: mask) else {
            return false
        }
        ctx.copy(tile, x: x, y: y, into: area)
        return true
    }

    private func tile(_ key: Key, mask: CairoMask) -> CompositedTile? {
        lock.lock()
        defer { lock.unlock() }
        if let t = tiles[key] { return t }
        let n = (requests[key] ?? 0) + 1
        requests[key] = n
        guard n > 4,
            let t = try? CompositedTile(mask: mask, color: key.color, background: key.background, pieces: key.pieces)
        else { return nil }
        made += 1
        if bytes + t.bytes > budget {
            tiles.removeAll()
            requests.removeAll()
            bytes = 0
        }
        if t.bytes <= budget {
            tiles[key] = t
            bytes += t.bytes
        }
        return t
    }
}

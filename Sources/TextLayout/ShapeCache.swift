import CairoFonts
import Foundation
import Primitives

/// Shaped glyphs by text, face, direction and script, in em units (size 1): HarfBuzz positions
/// are linear in the size here, so one entry serves every size and every min-scale step.
final class ShapeCache: @unchecked Sendable {
    struct Key: Hashable {
        var text: [UInt32]
        var range: Range<Int>
        var face: FaceID
        var rightToLeft: Bool
        var script: ScriptTag

        /// The text's bytes in one go (hashing it element by element cost more than the lookup).
        func hash(into hasher: inout Hasher) {
            text.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(text.count)
            hasher.combine(range.lowerBound)
            hasher.combine(range.upperBound)
            hasher.combine(face)
            hasher.combine(rightToLeft)
            hasher.combine(script)
        }
    }

    private var entries: FrameCache<Key, ShapedGlyphs>
    private let lock = NSLock()
    private let limit: Int
    private(set) var hits = 0
    private(set) var misses = 0
    /// Code points passed in (context included) and glyphs shaped, for complexity tests.
    private(set) var inputScalars = 0
    private(set) var glyphsShaped = 0
    /// `inputScalars` and `glyphsShaped`, read under the lock.
    var workCounts: (input: Int, glyphs: Int) { lock.withLock { (inputScalars, glyphsShaped) } }

    init(limit: Int = 20000) {
        self.limit = limit
        entries = FrameCache(limit: limit)
    }

    /// Drops shapes the last two frames did not use (see `FrameCache`).
    func endFrame() { lock.withLock { entries.endFrame() } }

    /// Drops every shape (between sessions).
    func removeAll() { lock.withLock { entries.removeAll() } }

    /// Glyphs of `text[range]` (the rest of `text` is context); clusters index into `text`.
    func shape(
        _ text: [UInt32], range: Range<Int>, face: FaceID, fontFace: FontFace, rightToLeft: Bool,
        script: ScriptTag
    ) -> ShapedGlyphs {
        let key = Key(text: text, range: range, face: face, rightToLeft: rightToLeft, script: script)
        lock.lock()
        inputScalars += text.count
        if let hit = entries.value(for: key) {
            hits += 1
            lock.unlock()
            return hit
        }
        misses += 1
        lock.unlock()
        let shaped = Shaper.shape(text, range: range, face: fontFace, size: 1, rightToLeft: rightToLeft, script: script)
        lock.lock()
        defer { lock.unlock() }
        // Two threads preparing texts ahead (`TextEngine.prepareAhead`) may shape the same key at once:
        // the first one stored is the shape, and the work is counted once, so counts do not depend on timing.
        if let first = entries.value(for: key) { return first }
        glyphsShaped += shaped.ids.count
        entries.insert(shaped, for: key)
        return shaped
    }
}

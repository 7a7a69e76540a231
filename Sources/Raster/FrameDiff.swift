import Painting
import Primitives

/// What changed between two frames' display lists, as a device-pixel box to repaint.
enum FrameDiff {
    /// Repainting more than this share of the frame is no cheaper than a full repaint.
    static let maxShare = 0.5

    /// The box to repaint (empty when nothing changed), or nil when the frame must be repainted
    /// whole: a state item (save, clip, zoom, layer) changed, or the change covers most of it.
    /// Items are matched by the longest common prefix and suffix; an image item also changes when
    /// its pixels do.
    static func damage(
        old: [DisplayItem], oldBounds: [Rect?], oldImages: [String: ImageStore.Entry],
        new: [DisplayItem], newBounds: [Rect?], newImages: [String: ImageStore.Entry], frame: Rect
    ) -> Rect? {
        func same(_ i: Int, _ j: Int) -> Bool {
            guard old[i] == new[j] else { return false }
            if case .image(let key, _, _, _) = new[j] { return oldImages[key] == newImages[key] }
            return true
        }
        let n = min(old.count, new.count)
        var prefix = 0
        while prefix < n && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix && same(old.count - 1 - suffix, new.count - 1 - suffix) { suffix += 1 }
        // Huge shadows are blurred only where visible, which depends on the clip: repaint them whole.
        for (i, item) in new.enumerated() {
            if case .shadow = item, let b = newBounds[i], b.width * b.height > Double(ShadowPainter.maxMaskPixels) {
                return nil
            }
        }
        var box: Rect?
        for (items, bounds) in [(old, oldBounds), (new, newBounds)] {
            for i in prefix..<(items.count - suffix) {
                guard let b = bounds[i] else { return nil }
                box = box.map { ItemBounds.union($0, b) } ?? b
            }
        }
        guard let changed = box else { return .zero }
        // Whole pixels, inside the frame.
        let x0 = max(frame.minX, changed.minX.rounded(.down))
        let y0 = max(frame.minY, changed.minY.rounded(.down))
        let x1 = min(frame.maxX, changed.maxX.rounded(.up))
        let y1 = min(frame.maxY, changed.maxY.rounded(.up))
        if x1 <= x0 || y1 <= y0 { return .zero }
        let d = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return d.width * d.height > maxShare * frame.width * frame.height ? nil : d
    }
}

import Painting
import Primitives

/// Where a full repaint can start: a screen's display list usually opens with the window's and
/// the root element's backgrounds, opaque fills of the whole surface (the bench screen: white, then
/// #f2f2f7). Every pixel then holds the last such fill's colour, whatever was there before: an
/// opaque colour over anything is itself (Cairo turns OVER with an opaque solid source into SOURCE,
/// and pixman's OVER gives the source exactly when alpha is 255). So the fills before it, and the
/// frame's white background, change no pixel and need not be drawn: that is two full-frame writes
/// (24 MB) of a phone frame.
enum OpaqueCover {
    /// The index of the last item of the list's leading run of opaque, square-cornered colour fills
    /// that each cover the whole `width` x `height` surface; nil when the list does not open with one.
    static func lastCover(_ items: [DisplayItem], transforms: [DeviceTransform], width: Int, height: Int) -> Int? {
        var last: Int?
        for (i, item) in items.enumerated() {
            guard case .fill(let rr, .color(let c)) = item, c.a == 255, i < transforms.count,
                DeviceTransform.finite(rr.rect.x, rr.rect.y, rr.rect.width, rr.rect.height)
            else { break }
            let d = transforms[i].snap(rr)
            guard d.isRectangular, d.rect.x <= 0, d.rect.y <= 0,
                d.rect.x + d.rect.width >= Double(width), d.rect.y + d.rect.height >= Double(height)
            else { break }
            last = i
        }
        return last
    }

    /// Per item, whether it is a drawing item whose (conservative, device-pixel) box lies wholly
    /// inside a later cover: an opaque colour fill of a square-cornered box (whole pixels) drawn
    /// with no clip and no translucent layer open. That fill sets every pixel of its box to its
    /// colour whatever was there (OVER of an opaque colour at full coverage), and the item puts ink
    /// nowhere else, so leaving it out changes no pixel: the footer bar over the last list card.
    /// Only the part of an item's box on the `width` x `height` surface has to be covered.
    static func covered(
        _ items: [DisplayItem], bounds: [Rect?], transforms: [DeviceTransform], width: Int, height: Int
    ) -> [Bool] {
        let surface = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        struct Frame {
            var isLayer: Bool
            var clipped = false
            var grouped = false
        }
        var stack: [Frame] = []
        var clippedAtTop = false
        var covers: [(index: Int, box: Rect)] = []
        for (i, item) in items.enumerated() where i < transforms.count {
            switch item {
            case .save: stack.append(Frame(isLayer: false))
            case .restore:
                if let k = stack.lastIndex(where: { !$0.isLayer }) { stack.removeSubrange(k...) }
            case .beginLayer(let opacity):
                // As the rasterizer: a group (blended later) below full opacity, else a save.
                let o = opacity.isFinite ? max(0, min(1, opacity)) : 1
                stack.append(Frame(isLayer: true, grouped: o < 1))
            case .endLayer:
                if let k = stack.lastIndex(where: { $0.isLayer }) { stack.removeSubrange(k...) }
            case .clip:
                if stack.isEmpty { clippedAtTop = true } else { stack[stack.count - 1].clipped = true }
            case .fill(let rr, .color(let c)):
                guard c.a == 255, !clippedAtTop, stack.allSatisfy({ !$0.clipped && !$0.grouped }),
                    DeviceTransform.finite(rr.rect.x, rr.rect.y, rr.rect.width, rr.rect.height),
                    rr.rect.width >= 0, rr.rect.height >= 0
                else { break }
                let d = transforms[i].snap(rr)
                if d.isRectangular && !d.isEmpty { covers.append((i, d.rect)) }
            default: break
            }
        }
        return items.indices.map { i in
            guard i < bounds.count, let b = bounds[i], isDrawing(items[i]) else { return false }
            let part = b.intersection(surface)
            guard part.width > 0, part.height > 0 else { return false }
            return covers.contains { $0.index > i && contains($0.box, part) }
        }
    }

    private static func isDrawing(_ item: DisplayItem) -> Bool {
        switch item {
        case .save, .restore, .clip, .scale, .beginLayer, .endLayer: return false
        default: return true
        }
    }

    private static func contains(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.minX && a.minY <= b.minY && a.maxX >= b.maxX && a.maxY >= b.maxY
    }
}

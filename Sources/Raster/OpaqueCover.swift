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

    /// What later opaque boxes hide: per item, whether it is a drawing item whose (conservative,
    /// device-pixel) box lies wholly inside a later cover (`skipped`), and for opaque square colour
    /// fills that a later cover overlaps, the parts of their box left to paint (`parts`). A cover
    /// is an opaque colour fill drawn with no clip and no translucent layer open: a square-cornered
    /// box (whole pixels), or the rows of a rounded one between its corners, which it covers from
    /// side to side. It sets every pixel there to its colour whatever was there (OVER of an opaque
    /// colour at full coverage), so what is drawn there before changes no pixel: the footer bar
    /// over the last list card, the page background under the bars and the cards.
    struct Plan {
        var skipped: [Bool]
        var parts: [Int: [Rect]]
        /// For shadows that later covers overlap (not wholly): those covers' boxes with whole-pixel
        /// edges, where the shadow need not be drawn.
        var hidden: [Int: [Rect]] = [:]
    }

    /// Only the part of an item's box on the `width` x `height` surface has to be covered.
    static func plan(
        _ items: [DisplayItem], bounds: [Rect?], transforms: [DeviceTransform], width: Int, height: Int
    ) -> Plan {
        let surface = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let covers = self.covers(items, transforms: transforms)
        var plan = Plan(skipped: [], parts: [:])
        plan.skipped = items.indices.map { i in
            guard i < bounds.count, let b = bounds[i], isDrawing(items[i]) else { return false }
            let part = b.intersection(surface)
            guard part.width > 0, part.height > 0 else { return false }
            return covers.contains { $0.index > i && contains($0.box, part) }
        }
        for (i, item) in items.enumerated() where i < transforms.count && !plan.skipped[i] {
            guard case .fill(let rr, .color(let c)) = item, c.a == 255, valid(rr.rect) else { continue }
            let d = transforms[i].snap(rr)
            guard d.isRectangular, !d.isEmpty else { continue }
            let box = d.rect.intersection(surface)
            let later = covers.filter { $0.index > i }.map { $0.box.intersection(box) }.filter {
                $0.width > 0 && $0.height > 0
            }
            if !later.isEmpty { plan.parts[i] = subtract(later, from: box) }
        }
        for (i, item) in items.enumerated() where i < bounds.count && !plan.skipped[i] {
            guard case .shadow = item, let b = bounds[i] else { continue }
            let later = covers.filter {
                $0.index > i && wholePixels($0.box) && $0.box.intersection(b).width > 0
                    && $0.box.intersection(b).height > 0
            }
            if !later.isEmpty { plan.hidden[i] = later.map { $0.box } }
        }
        return plan
    }

    /// The covers of the list in order: index and whole-pixel box.
    private static func covers(_ items: [DisplayItem], transforms: [DeviceTransform]) -> [(index: Int, box: Rect)] {
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
                guard c.a == 255, !clippedAtTop, stack.allSatisfy({ !$0.clipped && !$0.grouped }), valid(rr.rect)
                else { break }
                let d = transforms[i].snap(rr)
                guard !d.isEmpty else { break }
                let o = d.rect
                let r = d.radii
                // Square: the box; rounded: the rows between the corners (none for a circle).
                let top = (o.minY + max(r[0].ry, r[1].ry)).rounded(.up)
                let bottom = (o.maxY - max(r[2].ry, r[3].ry)).rounded(.down)
                if d.isRectangular {
                    covers.append((i, o))
                } else if bottom > top {
                    covers.append((i, Rect(x: o.minX, y: top, width: o.width, height: bottom - top)))
                }
            default: break
            }
        }
        return covers
    }

    private static func wholePixels(_ r: Rect) -> Bool {
        r.minX == r.minX.rounded() && r.minY == r.minY.rounded() && r.maxX == r.maxX.rounded()
            && r.maxY == r.maxY.rounded()
    }

    private static func valid(_ r: Rect) -> Bool {
        DeviceTransform.finite(r.x, r.y, r.width, r.height) && r.width >= 0 && r.height >= 0
    }

    /// `box` less the `holes` (whole pixels, inside it), as rectangles: for each band of rows
    /// between the holes' edges, the gaps between the holes that span it.
    static func subtract(_ holes: [Rect], from box: Rect) -> [Rect] {
        let ys = Set([box.minY, box.maxY] + holes.flatMap { [$0.minY, $0.maxY] }).sorted()
        var out: [Rect] = []
        for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
            let spans = holes.filter { $0.minY <= y0 && $0.maxY >= y1 }.map { ($0.minX, $0.maxX) }.sorted {
                $0.0 < $1.0
            }
            var x = box.minX
            for (a, b) in spans {
                if a > x { out.append(Rect(x: x, y: y0, width: a - x, height: y1 - y0)) }
                x = max(x, b)
            }
            if box.maxX > x { out.append(Rect(x: x, y: y0, width: box.maxX - x, height: y1 - y0)) }
        }
        return out
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

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
}

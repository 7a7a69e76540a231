import Layout
import Primitives
import SessionFormat
import Styles

/// Images (semantics.md section 5): image views by their scale mode, icons, surfaces and pixels,
/// clipped to the rounded outline; layout's placeholder look while an image view has no pixels.
extension PaintBuilder {
    /// Draws image `key` scaled by `mode` into `box`, clipped to `radii` (border-radius clips images);
    /// false when the store has no such image.
    @discardableResult
    mutating func drawImage(key: String, in box: Rect, mode: ImageScale, radii: Corners = .zero, fixedSize: Size? = nil)
        -> Bool
    {
        guard let entry = images[key] else { return false }
        let dest: Rect
        if let size = fixedSize {
            dest = Rect(x: box.x, y: box.y, width: size.width, height: size.height)
        } else {
            dest = ImageFit.destination(imageSize: entry.size, in: box, mode: mode)
        }
        let needsClip = !radii.isZero || !ImageFit.contains(box, dest)
        let clip = needsClip ? PaintBuilder.outline(box, radii) : nil
        add(.image(key: key, dest: dest, clip: clip, smooth: true))
        return true
    }

    /// Pixels an element carries (a canvas surface at its dp size, or setImageData pixels fitted).
    mutating func paintPixels(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let key = ImageStore.elementKey(e.id)
        guard let entry = images[key] else { return }
        let content = s.contentBox(of: frame)
        let radii = PaintBuilder.contentRadii(frame, s)
        if e.ownPixels == .surface {
            drawImage(key: key, in: content, mode: .fitStart, radii: radii, fixedSize: entry.size)
        } else {
            drawImage(key: key, in: content, mode: s.imageScale, radii: radii)
        }
    }

    /// The outline's radii carried inward to the content box (what CSS clips replaced content to).
    static func contentRadii(_ frame: Rect, _ s: ResolvedStyle) -> Corners {
        let b = s.borderWidths
        let p = s.padding
        let inset = max(b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left)
        return outline(frame, s.borderRadius).radii.inset(inset)
    }

    /// The icon layout chose (`iconKey`) fitted into a square box; false when there is none or the
    /// store has no such image.
    @discardableResult
    mutating func drawIcon(_ key: String?, in box: Rect) -> Bool {
        guard let key else { return false }
        return drawImage(key: key, in: box, mode: .fitCenter)
    }

    // MARK: Image view

    /// The image (asset or pixels) by its scale mode, or the placeholder while there are no pixels.
    mutating func paintImageView(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let content = s.contentBox(of: frame)
        let radii = PaintBuilder.contentRadii(frame, s)
        for key in e.imageKeys {
            guard let entry = images[key] else { continue }
            var fixed: Size? = nil
            if e.ownPixels == .surface, key == ImageStore.elementKey(e.id) { fixed = entry.size }
            if drawImage(key: key, in: content, mode: s.imageScale, radii: radii, fixedSize: fixed) { return }
        }
        guard case .imageView(let placeholder)? = e.control else { return }
        paintPlaceholder(placeholder, PaintBuilder.outline(content, radii))
    }
}

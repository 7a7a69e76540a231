import Layout
import Primitives
import SessionFormat
import Styles

/// Images (semantics.md section 5): the images layout chose and placed (image views by their scale
/// mode, icons, surfaces and pixels, clipped to the rounded outline), and layout's placeholder look
/// while an image view has no pixels.
extension PaintBuilder {
    /// One `.image` item for a placement; false when there is none (the store had no such image).
    @discardableResult
    mutating func drawImage(_ placed: PlacedImage?) -> Bool {
        guard let placed else { return false }
        add(.image(key: placed.key, dest: placed.dest, clip: placed.clip, smooth: true))
        return true
    }

    // MARK: Image view

    /// The image (asset or pixels) layout placed, or the placeholder while there are no pixels.
    mutating func paintImageView(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if drawImage(e.image) { return }
        guard case .imageView(let placeholder)? = e.control else { return }
        paintPlaceholder(
            placeholder, PaintBuilder.outline(s.contentBox(of: frame), s.contentRadii(of: frame, outline: e.look.radii))
        )
    }
}

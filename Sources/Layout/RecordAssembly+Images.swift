import Primitives
import SessionFormat
import Styles
import WidgetTree

/// Which image an element draws and where (semantics.md section 5), decided against the image
/// store so painting only emits what is placed here.
extension RecordAssembly {
    /// Image `key` scaled by `mode` into `box`, clipped to `radii` when they are rounded or the
    /// image overflows the box (or drawn at `fixedSize` from the box's top-left); nil when the store
    /// has no such image.
    func placeImage(
        _ key: String, in box: Rect, mode: ImageScale, radii: Corners = .zero, fixedSize: Bool = false
    ) -> PlacedImage? {
        guard let entry = images[key] else { return nil }
        let dest =
            fixedSize
            ? Rect(x: box.x, y: box.y, width: entry.size.width, height: entry.size.height)
            : ImageFit.destination(imageSize: entry.size, in: box, mode: mode)
        let needsClip = !radii.isZero || !ImageFit.contains(box, dest)
        return PlacedImage(key: key, dest: dest, clip: needsClip ? RoundedRect.outline(box, radii) : nil)
    }

    /// An icon fitted into its square box; nil when there is none or the store lacks it.
    func placeIcon(_ key: String?, in box: Rect?) -> PlacedImage? {
        guard let key, let box else { return nil }
        return placeImage(key, in: box, mode: .fitCenter)
    }

    /// An image view's first stored image of `r.imageKeys` by its scale mode; any other element's
    /// own pixels (a canvas surface at its dp size, setImageData pixels fitted).
    func placeElementImage(_ r: LaidOutElement) -> PlacedImage? {
        let content = r.style.contentBox(of: r.frame)
        let radii = r.style.contentRadii(of: r.frame, outline: r.look.radii)
        let ownKey = ImageStore.elementKey(r.id)
        guard r.kind == .imageView else {
            guard let own = r.ownPixels else { return nil }
            let mode: ImageScale = own == .surface ? .fitStart : r.style.imageScale
            return placeImage(ownKey, in: content, mode: mode, radii: radii, fixedSize: own == .surface)
        }
        for key in r.imageKeys {
            let fixed = r.ownPixels == .surface && key == ownKey
            if let placed = placeImage(key, in: content, mode: r.style.imageScale, radii: radii, fixedSize: fixed) {
                return placed
            }
        }
        return nil
    }
}

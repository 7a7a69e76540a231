import Primitives
import Styles

/// Where an image of a given size goes in a box for each `scale` mode (Android ImageView semantics).
public enum ImageFit {
    /// The destination rectangle (may extend past `box`: the caller clips to it).
    public static func destination(imageSize: Size, in box: Rect, mode: ImageScale) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return box }
        let sx = box.width / imageSize.width
        let sy = box.height / imageSize.height
        let factor: Double
        switch mode {
        case .center: factor = 1
        case .centerCrop: factor = max(sx, sy)
        case .centerInside: factor = min(1, min(sx, sy))
        case .fitCenter, .fitStart, .fitEnd: factor = min(sx, sy)
        }
        let w = imageSize.width * factor
        let h = imageSize.height * factor
        switch mode {
        case .fitStart:
            return Rect(x: box.x, y: box.y, width: w, height: h)
        case .fitEnd:
            return Rect(x: box.maxX - w, y: box.maxY - h, width: w, height: h)
        default:
            return Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h)
        }
    }

    /// Whether `inner` lies within `outer` (with a little tolerance for rounding).
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let e = 1e-6
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e
            && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }
}

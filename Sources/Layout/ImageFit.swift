import Primitives
import Styles

/// Where an image of a given size goes in a box for each `scale` mode (Android ImageView semantics).
package enum ImageFit {
    /// The destination rectangle (may extend past `box`: the caller clips to it).
    package static func destination(imageSize: Size, in box: Rect, mode: ImageScale) -> Rect {
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
    package static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let e = 1e-6
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e
            && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }
}

extension RoundedRect {
    /// The rounded outline of a box, radii scaled down as CSS does when they do not fit: the shape
    /// painting draws boxes with and images are clipped to.
    package static func outline(_ frame: Rect, _ radii: Corners) -> RoundedRect {
        if radii.isZero { return RoundedRect(rect: frame) }
        let w = frame.width
        let h = frame.height
        var f = 1.0
        func limit(_ side: Double, _ a: Double, _ b: Double) { if a + b > 0 { f = min(f, side / (a + b)) } }
        limit(w, radii.topLeft, radii.topRight)
        limit(w, radii.bottomLeft, radii.bottomRight)
        limit(h, radii.topLeft, radii.bottomLeft)
        limit(h, radii.topRight, radii.bottomRight)
        let r =
            f < 1
            ? Corners(
                topLeft: radii.topLeft * f, topRight: radii.topRight * f,
                bottomRight: radii.bottomRight * f, bottomLeft: radii.bottomLeft * f) : radii
        return RoundedRect(rect: frame, radii: r)
    }
}

extension ResolvedStyle {
    /// The outline's radii (the box look's) carried inward to the content box (what CSS clips
    /// replaced content to).
    package func contentRadii(of frame: Rect, outline radii: Corners) -> Corners {
        let b = borderWidths
        let p = padding
        let inset = max(b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left)
        return RoundedRect.outline(frame, radii).radii.inset(inset)
    }
}

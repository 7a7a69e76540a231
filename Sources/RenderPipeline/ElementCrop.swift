import Primitives
import SessionFormat

/// `--element ID`: the element's frame in device pixels, cut out of a frame rendered with
/// `RenderOptions.isolatedElement`. Edges are snapped as the rasterizer snaps box edges
/// (round(x * scale)), so the crop holds exactly the pixels the element's box covers.
package enum ElementCrop {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The pixel box of element `id` in `frame`, clamped to the screen.
    package static func pixelBox(_ id: Int, in frame: RenderedFrame, scale: Double) throws -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        guard let e = frame.capture.tree.elements[id] else {
            // An id mistyped by a digit gets the nearest id on the screen (the one `NearestName` rule).
            let ids = frame.capture.tree.elements.keys.sorted().map(String.init)
            let near = NearestName.nearest(to: String(id), in: ids).map { " (did you mean \($0)?)" } ?? ""
            throw Failure(description: "no element \(id) in this frame\(near)")
        }
        guard let f = frame.layout[id]?.frame else {
            throw Failure(
                description:
                    "\(e.kind.rawValue) \(id) has no frame on the screen (hidden, detached or in an inactive view)")
        }
        let x0 = max(0, CheckedInt.int(f.minX * scale, .toNearestOrAwayFromZero))
        let y0 = max(0, CheckedInt.int(f.minY * scale, .toNearestOrAwayFromZero))
        let x1 = min(frame.bitmap.width, CheckedInt.int(f.maxX * scale, .toNearestOrAwayFromZero))
        let y1 = min(frame.bitmap.height, CheckedInt.int(f.maxY * scale, .toNearestOrAwayFromZero))
        guard x1 > x0, y1 > y0 else {
            throw Failure(description: "\(e.kind.rawValue) \(id) has no visible frame on the screen (frame \(f) dp)")
        }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The element's pixels alone.
    package static func crop(_ id: Int, from frame: RenderedFrame, scale: Double) throws -> Bitmap {
        let b = try pixelBox(id, in: frame, scale: scale)
        return crop(frame.bitmap, x: b.x, y: b.y, width: b.width, height: b.height)
    }

    /// Rows `y..<y+height`, columns `x..<x+width` of a bitmap (inside it).
    package static func crop(_ src: Bitmap, x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let s = ((y + row) * src.width + x) * 4
            out.replaceSubrange(row * width * 4..<(row + 1) * width * 4, with: src.pixels[s..<(s + width * 4)])
        }
        return Bitmap(width: width, height: height, pixels: out)
    }
}

/// A box of changed pixels (device pixels, top-left origin).
package struct PixelBox: Codable, Hashable, Sendable, CustomStringConvertible {
    package var x: Int, y: Int, width: Int, height: Int
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    /// `x,y WxH px`.
    package var description: String { "\(x),\(y) \(width)x\(height) px" }
    /// True when the boxes overlap or are closer than `gap` pixels.
    func near(_ o: PixelBox, gap: Int) -> Bool {
        x <= o.maxX + gap && o.x <= maxX + gap && y <= o.maxY + gap && o.y <= maxY + gap
    }
    func union(_ o: PixelBox) -> PixelBox {
        let x0 = min(x, o.x)
        let y0 = min(y, o.y)
        return PixelBox(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
}

/// The changed regions of a mismatch mask: bounding boxes of mismatching pixels, merged while any two
/// are within `gap` pixels, so a reviewer sees "the button" rather than a hundred glyph edges.
package enum ChangedRegions {
    /// Regions in reading order (top to bottom, then left to right).
    package static func boxes(mask: [Bool], width: Int, height: Int, gap: Int = 8) -> [PixelBox] {
        guard !mask.isEmpty, width > 0, height > 0 else { return [] }
        // Per row, runs of mismatching pixels; a run joins a box it touches (within gap).
        var boxes: [PixelBox] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                guard mask[y * width + x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < width && mask[y * width + x] { x += 1 }
                let run = PixelBox(x: start, y: y, width: x - start, height: 1)
                if let i = boxes.lastIndex(where: { $0.near(run, gap: gap) }) {
                    boxes[i] = boxes[i].union(run)
                } else {
                    boxes.append(run)
                }
            }
        }
        return merge(boxes, gap: gap)
    }

    /// Merges boxes until no two are within `gap` of each other.
    package static func merge(_ input: [PixelBox], gap: Int) -> [PixelBox] {
        var boxes = input
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < boxes.count {
                var j = i + 1
                while j < boxes.count {
                    if boxes[i].near(boxes[j], gap: gap) {
                        boxes[i] = boxes[i].union(boxes[j])
                        boxes.remove(at: j)
                        changed = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        return boxes.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

import Painting
import Primitives

/// Where a full repaint's bands meet: rows chosen so that each band has about the same drawing to
/// do (the bottom of a phone screen, with its bars, floating button and their shadows, costs more
/// per row than a list above it). Any split gives the same pixels (`BandedRasterTests`); the
/// split depends only on the list, never on the machine.
enum BandSplit {
    /// The first row of each band after the first (`count - 1` rows, increasing), every band at
    /// least `minRows` tall; equal bands when nothing is drawn.
    ///
    /// `resampled` marks the items drawn by resampling a picture (a scaled image, a colour emoji
    /// scaled from its strike, a shadow mask blurred at reduced resolution): Cairo samples those
    /// differently when a clip edge cuts them (it changes how it extends the source), so no seam
    /// goes through one (2 rows of margin). When no row is left for a seam, there is one band.
    static func starts(
        items: [DisplayItem], bounds: [Rect?], width: Int, height: Int, count: Int, minRows: Int = 64,
        resampled: [Bool] = []
    ) -> [Int] {
        let n = max(1, min(count, height / max(1, minRows)))
        guard n > 1 else { return [] }
        // blocked[y]: a seam at row y (between rows y - 1 and y) would cut a resampled item.
        var blockDiff = [Int](repeating: 0, count: height + 2)
        for i in resampled.indices where resampled[i] && i < bounds.count {
            guard let b = bounds[i] else { continue }
            guard let (top, bottom) = rows(b, height: height) else { continue }
            let y0 = max(0, top - 2)
            let y1 = min(height, bottom + 2)
            guard y1 > y0 + 1 else { continue }
            blockDiff[y0 + 1] += 1
            blockDiff[y1] -= 1
        }
        var blocked = [Bool](repeating: false, count: height + 1)
        var open = 0
        for y in 0...height {
            open += blockDiff[y]
            blocked[y] = open > 0
        }
        // Cost per row as a difference array: each drawing item spreads its cost over its rows.
        var diff = [Double](repeating: 0, count: height + 1)
        for (i, item) in items.enumerated() {
            guard let b = bounds[i] else { continue }
            guard b.minX.isFinite, b.maxX.isFinite, let (y0, y1) = rows(b, height: height) else { continue }
            let x0 = max(0, b.minX)
            let x1 = min(Double(width), b.maxX)
            guard x1 > x0, y1 > y0 else { continue }
            let perRow = (x1 - x0) * weight(item)
            diff[y0] += perRow
            diff[y1] -= perRow
        }
        var cumulative = [Double](repeating: 0, count: height + 1)  // cost of rows 0..<y
        var rowCost = 0.0
        for y in 0..<height {
            rowCost += diff[y]
            cumulative[y + 1] = cumulative[y] + max(0, rowCost)
        }
        let total = cumulative[height]
        var starts: [Int] = []
        var y = 0
        for k in 1..<n {
            var row = height * k / n
            if total > 0 {
                let target = total * Double(k) / Double(n)
                while y < height && cumulative[y] < target { y += 1 }
                row = y
            }
            let lowest = (starts.last ?? 0) + minRows
            let highest = height - (n - k) * minRows
            guard lowest <= highest else { return [] }
            row = min(max(row, lowest), highest)
            // The nearest row that cuts nothing resampled, up or down.
            var d = 0
            while row - d >= lowest || row + d <= highest {
                if row + d <= highest && !blocked[row + d] {
                    row += d
                    break
                }
                if row - d >= lowest && !blocked[row - d] {
                    row -= d
                    break
                }
                d += 1
            }
            if blocked[row] { return [] }
            starts.append(row)
            y = row
        }
        return starts
    }

    /// The rows `0..<height` a box covers (its edges rounded outward), or nil for a box that is
    /// not finite (hostile input) or covers none.
    private static func rows(_ b: Rect, height: Int) -> (Int, Int)? {
        guard b.minY.isFinite, b.maxY.isFinite else { return nil }
        let top = CheckedInt.int(max(0, min(Double(height), b.minY)), .down)
        let bottom = CheckedInt.int(max(0, min(Double(height), b.maxY)), .up)
        return bottom > top ? (top, bottom) : nil
    }

    /// Relative cost of a pixel of the item's box: composited masks (glyphs, shadows, images)
    /// cost more than solid fills.
    private static func weight(_ item: DisplayItem) -> Double {
        switch item {
        case .glyphs: return 4
        case .shadow, .image: return 2
        default: return 1
        }
    }
}

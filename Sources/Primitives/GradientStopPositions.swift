/// Where each colour stop of a gradient sits, by the CSS rules, worked out once for every gradient
/// of a style (Painting's `GradientMapper` puts the result in the display list; Raster only fits
/// the positions to Cairo's 0...1 offsets).
package enum GradientStopPositions {
    /// Positions for every stop: a missing (or non-finite) first is 0, a missing last is 1, a
    /// position below an earlier one takes the earlier one, and runs of missing ones spread evenly
    /// between their neighbours.
    package static func resolve(_ positions: [Double?]) -> [Double] {
        let n = positions.count
        guard n > 0 else { return [] }
        var pos: [Double?] = positions.map { $0.flatMap { $0.isFinite ? $0 : nil } }
        if pos[0] == nil { pos[0] = 0 }
        if n > 1, pos[n - 1] == nil { pos[n - 1] = 1 }
        var highest = -Double.infinity
        for i in 0..<n {
            if let p = pos[i] {
                highest = max(highest, p)
                pos[i] = highest
            }
        }
        var i = 1
        while i < n {
            if pos[i] != nil {
                i += 1
                continue
            }
            var j = i
            while pos[j] == nil { j += 1 }  // pos[n - 1] is set, so this ends
            let a = pos[i - 1]!
            let b = pos[j]!
            for k in i..<j { pos[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
            i = j + 1
        }
        return pos.map { $0! }
    }
}

import Foundation
import Primitives
import Styles

/// Maps a style `Background` onto a box in screen coordinates (semantics.md section 7 item 20).
enum GradientMapper {
    /// The paint of `background` over `box`; nil when nothing would show.
    static func paint(_ background: Background, in box: Rect) -> Paint? {
        switch background {
        case .color(let c):
            return c.isTransparent ? nil : .color(c)
        case .linearGradient(let angle, let stops):
            let (start, end) = linearEndpoints(angleDegrees: angle, box: box)
            return .linearGradient(start: start, end: end, stops: resolveStops(stops))
        case .radialGradient(let stops):
            return .radialGradient(
                center: Point(x: box.midX, y: box.midY), radius: farthestCorner(box),
                stops: resolveStops(stops))
        }
    }

    /// CSS gradient line: through the centre, pointing at `angle` (0deg up, 90deg right),
    /// as long as |w sin a| + |h cos a| so the corners get the end colours.
    static func linearEndpoints(angleDegrees: Double, box: Rect) -> (Point, Point) {
        let a = angleDegrees * .pi / 180
        let dx = sin(a)
        let dy = -cos(a)
        let length = abs(box.width * sin(a)) + abs(box.height * cos(a))
        let half = length / 2
        let c = Point(x: box.midX, y: box.midY)
        return (
            Point(x: clean(c.x - dx * half), y: clean(c.y - dy * half)),
            Point(x: clean(c.x + dx * half), y: clean(c.y + dy * half))
        )
    }

    /// Distance from the centre to a corner (CSS `circle farthest-corner`).
    static func farthestCorner(_ box: Rect) -> Double {
        (box.width * box.width + box.height * box.height).squareRoot() / 2
    }

    /// Stops with every position filled in, as CSS does: first 0, last 1, missing ones spread evenly
    /// between their neighbours, and no position smaller than an earlier one.
    static func resolveStops(_ stops: [ColorStop]) -> [ColorStop] {
        guard !stops.isEmpty else { return [] }
        var pos = stops.map(\.position)
        if pos[0] == nil { pos[0] = 0 }
        if pos[pos.count - 1] == nil { pos[pos.count - 1] = stops.count == 1 ? 0 : 1 }
        var maxSoFar = -Double.infinity
        for i in pos.indices {
            if let p = pos[i] {
                maxSoFar = max(maxSoFar, p)
                pos[i] = maxSoFar
            }
        }
        var i = 0
        while i < pos.count {
            if pos[i] == nil {
                let startIndex = i - 1
                var j = i
                while pos[j] == nil { j += 1 }
                let a = pos[startIndex]!
                let b = pos[j]!
                let n = Double(j - startIndex)
                for k in i..<j { pos[k] = a + (b - a) * Double(k - startIndex) / n }
                i = j
            }
            i += 1
        }
        return zip(stops, pos).map { ColorStop(position: $1, color: $0.color) }
    }

    /// Removes floating-point dust (sin(180deg) is not exactly 0) so dumps stay stable.
    private static func clean(_ v: Double) -> Double {
        let r = (v * 1e9).rounded() / 1e9
        return r == 0 ? 0 : r
    }
}

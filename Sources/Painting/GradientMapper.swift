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

    /// Stops with every position filled in, as CSS does (`GradientStopPositions`): the display
    /// list carries them resolved, so Raster draws them as they are.
    static func resolveStops(_ stops: [ColorStop]) -> [ColorStop] {
        zip(stops, GradientStopPositions.resolve(stops.map(\.position))).map {
            ColorStop(position: $1, color: $0.color)
        }
    }

    /// Removes floating-point dust (sin(180deg) is not exactly 0) so dumps stay stable.
    private static func clean(_ v: Double) -> Double {
        let r = (v * 1e9).rounded() / 1e9
        return r == 0 ? 0 : r
    }
}

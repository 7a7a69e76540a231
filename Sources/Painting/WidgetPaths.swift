import Foundation
import Primitives

/// Vector glyphs the theme draws itself: ticks, arrows, menu bars, spinner spokes.
enum WidgetPaths {
    /// A check mark inside a square box.
    static func tick(in box: Rect) -> [PathSegment] {
        let s = box.width
        return [
            .move(Point(x: box.x + 0.22 * s, y: box.y + 0.52 * s)),
            .line(Point(x: box.x + 0.42 * s, y: box.y + 0.72 * s)),
            .line(Point(x: box.x + 0.78 * s, y: box.y + 0.30 * s)),
        ]
    }

    /// A left-pointing arrow (back) inside a square icon box.
    static func backArrow(in box: Rect) -> [[PathSegment]] {
        let s = box.width / 24
        let cx = box.x
        let cy = box.midY
        return [
            [.move(Point(x: cx + 4 * s, y: cy)), .line(Point(x: cx + 20 * s, y: cy))],
            [
                .move(Point(x: cx + 11 * s, y: cy - 7 * s)), .line(Point(x: cx + 4 * s, y: cy)),
                .line(Point(x: cx + 11 * s, y: cy + 7 * s)),
            ],
        ]
    }

    /// Three horizontal bars (menu) inside a square icon box.
    static func hamburger(in box: Rect) -> [[PathSegment]] {
        let s = box.width / 24
        return [-6.0, 0, 6].map { dy in
            [
                .move(Point(x: box.x + 3 * s, y: box.midY + dy * s)),
                .line(Point(x: box.x + 21 * s, y: box.midY + dy * s)),
            ]
        }
    }

    /// One spinner spoke: `angle` in radians clockwise from 12 o'clock.
    static func spoke(center: Point, inner: Double, outer: Double, angle: Double) -> [PathSegment] {
        let dx = sin(angle)
        let dy = -cos(angle)
        return [
            .move(Point(x: clean(center.x + dx * inner), y: clean(center.y + dy * inner))),
            .line(Point(x: clean(center.x + dx * outer), y: clean(center.y + dy * outer))),
        ]
    }

    private static func clean(_ v: Double) -> Double {
        let r = (v * 1e9).rounded() / 1e9
        return r == 0 ? 0 : r
    }
}

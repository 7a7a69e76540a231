import Foundation

/// Geometry in dp (density-independent pixels). Rounding to device pixels happens only when rasterizing.

/// A point in dp.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}

/// A size in dp.
package struct Size: Hashable, Sendable, CustomStringConvertible {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    package static let zero = Size(width: 0, height: 0)
    package var description: String { "\(fmt(width))x\(fmt(height))" }
}

/// An axis-aligned rectangle in dp.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    package var size: Size { Size(width: width, height: height) }
    public var origin: Point { Point(x: x, y: y) }
    /// The rectangle moved by (dx, dy).
    package func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
    /// The rectangle shrunk by insets (never to a negative size).
    package func inset(by e: Sides<Double>) -> Rect {
        Rect(
            x: x + e.left, y: y + e.top, width: max(0, width - e.left - e.right),
            height: max(0, height - e.top - e.bottom))
    }
    /// The rectangle grown by `d` on every side.
    package func outset(_ d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
    package func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX)
        let y1 = min(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// Whether `p` is inside (the right and bottom edges excluded).
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    public var description: String { "\(fmt(x)),\(fmt(y)) \(fmt(width))x\(fmt(height))" }
}

/// Four values in CSS order: top, right, bottom, left.
package struct Sides<T: Hashable & Sendable>: Hashable, Sendable {
    package var top: T
    package var right: T
    package var bottom: T
    package var left: T
    package init(top: T, right: T, bottom: T, left: T) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
    /// The same value on all four sides.
    package init(all v: T) { self.init(top: v, right: v, bottom: v, left: v) }
    package func map<U>(_ f: (T) -> U) -> Sides<U> {
        Sides<U>(top: f(top), right: f(right), bottom: f(bottom), left: f(left))
    }
}

extension Sides where T == Double {
    package static let zero = Sides(all: 0.0)
    package var horizontal: Double { left + right }
    package var vertical: Double { top + bottom }
}

/// Four corner radii: top-left, top-right, bottom-right, bottom-left (CSS order).
package struct Corners: Hashable, Sendable {
    package var topLeft: Double
    package var topRight: Double
    package var bottomRight: Double
    package var bottomLeft: Double
    package init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }
    package init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    package static let zero = Corners(all: 0)
    package var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }
    /// Radii reduced by `d` (for inner outlines inside a border), never below 0.
    package func inset(_ d: Double) -> Corners {
        Corners(
            topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
            bottomRight: max(0, bottomRight - d), bottomLeft: max(0, bottomLeft - d))
    }
}

/// A rectangle with rounded corners: the outline that backgrounds, borders, shadows and clips follow.
package struct RoundedRect: Hashable, Sendable {
    package var rect: Rect
    package var radii: Corners
    package init(rect: Rect, radii: Corners = .zero) {
        self.rect = rect
        self.radii = radii
    }
}

/// Formats a number for dumps: integers without a fraction, others with up to 2 decimals.
package func fmt(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v == v.rounded() && abs(v) < 1e15 { return CheckedInt.text(v) }
    var s = String(format: "%.2f", v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

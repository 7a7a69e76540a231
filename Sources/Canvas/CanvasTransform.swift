import Foundation

/// A 2D affine matrix in canvas order (a b c d e f): x' = a x + c y + e, y' = b x + d y + f.
public struct CanvasTransform: Hashable, Sendable {
    public var a, b, c, d, e, f: Double
    public init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }
    public static let identity = CanvasTransform()
    public static func translation(_ x: Double, _ y: Double) -> CanvasTransform { CanvasTransform(e: x, f: y) }
    public static func scaling(_ x: Double, _ y: Double) -> CanvasTransform { CanvasTransform(a: x, d: y) }
    public static func rotation(_ angle: Double) -> CanvasTransform {
        let c = cos(angle)
        let s = sin(angle)
        return CanvasTransform(a: c, b: s, c: -s, d: c)
    }

    /// `self` then applied after `m`: points go through `m` first (canvas `transform()` order).
    public func concatenating(_ m: CanvasTransform) -> CanvasTransform {
        CanvasTransform(
            a: a * m.a + c * m.b, b: b * m.a + d * m.b,
            c: a * m.c + c * m.d, d: b * m.c + d * m.d,
            e: a * m.e + c * m.f + e, f: b * m.e + d * m.f + f)
    }

    /// The point `(x, y)` mapped through the matrix.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// The inverse, or nil when the matrix is singular (nothing can be drawn through it).
    public var inverted: CanvasTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return CanvasTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    public var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }
}

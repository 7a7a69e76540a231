import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    /// From 0xRRGGBB, opaque.
    public init(rgb: UInt32) {
        self.init(r: UInt8((rgb >> 16) & 0xff), g: UInt8((rgb >> 8) & 0xff), b: UInt8(rgb & 0xff))
    }
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    package var isTransparent: Bool { a == 0 }
    /// Alpha as 0...1.
    package var alpha: Double { Double(a) / 255 }
    /// The same colour with alpha multiplied by `f` (0...1).
    package func withAlphaMultiplied(by f: Double) -> Color {
        var c = self
        c.a = CheckedInt.byte(Double(a) * max(0, min(1, f)))
        return c
    }
    /// `#rrggbb`, or `#aarrggbb` when not opaque (alpha first, as the framework writes it).
    public var description: String {
        a == 255 ? String(format: "#%02x%02x%02x", r, g, b) : String(format: "#%02x%02x%02x%02x", a, r, g, b)
    }
}

import Primitives

/// A linear gradient in user space (dp) with colour stops at offsets 0...1.
public struct LinearGradient: Hashable, Sendable {
    public var x0, y0, x1, y1: Double
    public private(set) var stops: [Stop] = []
    /// A colour at an offset (0...1) along the gradient line.
    public struct Stop: Hashable, Sendable {
        public var offset: Double
        public var color: Color
    }
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
    /// Adds a stop; offsets outside 0...1 are clamped. Stops keep insertion order at equal offsets.
    public mutating func addColorStop(_ offset: Double, _ color: Color) {
        guard offset.isFinite else { return }
        stops.append(Stop(offset: min(1, max(0, offset)), color: color))
    }
}

/// A fill or stroke style: a colour or a linear gradient (the canvas library's SOLID and LINEAR_GRADIENT).
public enum CanvasStyle: Hashable, Sendable {
    case color(Color)
    case linearGradient(LinearGradient)
}

/// `textAlign`: START and END follow an LTR reading (left and right).
public enum CanvasTextAlign: String, Hashable, Sendable, CaseIterable { case start, end, left, center, right }

/// `textBaseline`, as in the canvas library.
public enum CanvasTextBaseline: String, Hashable, Sendable, CaseIterable {
    case top, hanging, middle, alphabetic, ideographic, bottom
}

/// Everything `save()` copies and `restore()` brings back, including the current path and the
/// clip (framework-protocol.md section 6: the canvas library copies the whole state).
package struct GraphicsState: Hashable, Sendable {
    package var lineWidth: Double = 1
    package var fillStyle: CanvasStyle = .color(.black)
    package var strokeStyle: CanvasStyle = .color(.black)
    package var shadowBlur: Double = 0
    /// Opaque black by default, as in the canvas library (HTML's default is transparent).
    package var shadowColor: Color = .black
    package var shadowOffsetX: Double = 0
    package var shadowOffsetY: Double = 0
    package var globalAlpha: Double = 1
    package var font: CanvasFont = CanvasFont()
    package var textAlign: CanvasTextAlign = .left
    package var textBaseline: CanvasTextBaseline = .alphabetic
    package var imageSmoothingEnabled: Bool = true
    /// Dash lengths in dp (empty = solid).
    package var lineDash: [Double] = []
    /// User space (dp) to canvas space (dp).
    package var transform: CanvasTransform = .identity
    /// The current path, in device pixels.
    package var path = CanvasPath()
    /// The clip, in device pixels (nil = none). `clip()` replaces it.
    package var clip: CanvasPath?
    package init() {}

    /// Whether drawing casts a shadow: a visible colour and a blur or an offset.
    package var hasShadow: Bool {
        shadowColor.a > 0 && (shadowBlur > 0 || shadowOffsetX != 0 || shadowOffsetY != 0)
    }
}

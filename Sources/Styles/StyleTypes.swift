import Primitives

/// A size along one axis: fixed dp, fill the parent, or the content's size.
public enum Dimension: Hashable, Sendable {
    case fixed(Double)
    case matchParent
    case wrapContent
}

/// Alignment of a child inside its parent on each axis (`gravity`); nil = not given on that axis.
public struct Gravity: Hashable, Sendable {
    public enum Horizontal: Hashable, Sendable { case left, center, right }
    public enum Vertical: Hashable, Sendable { case top, center, bottom }
    public var horizontal: Horizontal?
    public var vertical: Vertical?
    public init(horizontal: Horizontal? = nil, vertical: Vertical? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

public enum BorderStyle: String, Hashable, Sendable { case solid, dashed, dotted, none }

/// One side of a border.
public struct BorderSide: Hashable, Sendable {
    public var width: Double
    public var style: BorderStyle
    public var color: Color
    public init(width: Double = 0, style: BorderStyle = .solid, color: Color = .black) {
        self.width = width
        self.style = style
        self.color = color
    }
    public static let none = BorderSide(width: 0, style: .none, color: .black)
    /// Whether anything is drawn.
    public var isVisible: Bool { width > 0 && style != .none && color.a > 0 }
}

/// A colour stop of a gradient: position 0...1 (nil = spread evenly) and colour.
public struct ColorStop: Hashable, Sendable {
    public var position: Double?
    public var color: Color
    public init(position: Double? = nil, color: Color) {
        self.position = position
        self.color = color
    }
}

/// What fills an element's background.
public enum Background: Hashable, Sendable {
    case color(Color)
    /// CSS angle convention: 0deg points up, 90deg right, 180deg (default) top to bottom.
    case linearGradient(angleDegrees: Double, stops: [ColorStop])
    /// A circle from the centre to the farthest corner.
    case radialGradient(stops: [ColorStop])
}

/// A box shadow (CSS `box-shadow` semantics, outside the outline only).
public struct Shadow: Hashable, Sendable {
    public var offsetX: Double
    public var offsetY: Double
    /// CSS blur radius in dp; the Gaussian's standard deviation is blur / 2.
    public var blur: Double
    public var spread: Double
    public var color: Color
    public init(offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0, spread: Double = 0, color: Color = .black) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.color = color
    }
}

public enum TextAlign: String, Hashable, Sendable { case left, center, right, justify }
public enum IconAttachment: String, Hashable, Sendable { case top, right, bottom, left }
public enum ImageScale: String, Hashable, Sendable {
    case center
    case centerCrop = "center-crop"
    case centerInside = "center-inside"
    case fitCenter = "fit-center"
    case
        fitStart = "fit-start"
    case fitEnd = "fit-end"
}
public enum FontStyle: String, Hashable, Sendable { case normal, italic, oblique }

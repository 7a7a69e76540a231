import Primitives

/// A size along one axis: fixed dp, fill the parent, or the content's size.
package enum Dimension: Hashable, Sendable {
    case fixed(Double)
    case matchParent
    case wrapContent
}

/// Alignment of a child inside its parent on each axis (`gravity`); nil = not given on that axis.
package struct Gravity: Hashable, Sendable {
    package enum Horizontal: Hashable, Sendable { case left, center, right }
    package enum Vertical: Hashable, Sendable { case top, center, bottom }
    package var horizontal: Horizontal?
    package var vertical: Vertical?
    package init(horizontal: Horizontal? = nil, vertical: Vertical? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

package enum BorderStyle: String, Hashable, Sendable { case solid, dashed, dotted, none }

/// One side of a border.
package struct BorderSide: Hashable, Sendable {
    package var width: Double
    package var style: BorderStyle
    package var color: Color
    package init(width: Double = 0, style: BorderStyle = .solid, color: Color = .black) {
        self.width = width
        self.style = style
        self.color = color
    }
    package static let none = BorderSide(width: 0, style: .none, color: .black)
    /// Whether anything is drawn.
    package var isVisible: Bool { width > 0 && style != .none && color.a > 0 }
}

/// A colour stop of a gradient: position 0...1 (nil = spread evenly) and colour.
package struct ColorStop: Hashable, Sendable {
    package var position: Double?
    package var color: Color
    package init(position: Double? = nil, color: Color) {
        self.position = position
        self.color = color
    }
}

/// What fills an element's background.
package enum Background: Hashable, Sendable {
    case color(Color)
    /// CSS angle convention: 0deg points up, 90deg right, 180deg (default) top to bottom.
    case linearGradient(angleDegrees: Double, stops: [ColorStop])
    /// A circle from the centre to the farthest corner.
    case radialGradient(stops: [ColorStop])
}

/// A box shadow (CSS `box-shadow` semantics, outside the outline only).
package struct Shadow: Hashable, Sendable {
    package var offsetX: Double
    package var offsetY: Double
    /// CSS blur radius in dp; the Gaussian's standard deviation is blur / 2.
    package var blur: Double
    package var spread: Double
    package var color: Color
    package init(offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0, spread: Double = 0, color: Color = .black)
    {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.color = color
    }
}

package enum TextAlign: String, Hashable, Sendable { case left, center, right, justify }
package enum IconAttachment: String, Hashable, Sendable { case top, right, bottom, left }
package enum ImageScale: String, Hashable, Sendable {
    case center
    case centerCrop = "center-crop"
    case centerInside = "center-inside"
    case fitCenter = "fit-center"
    case
        fitStart = "fit-start"
    case fitEnd = "fit-end"
}
/// A font's style (CSS `font-style`; the canvas library's `font`).
public enum FontStyle: String, Hashable, Sendable { case normal, italic, oblique }

import Primitives
import Styles

/// A paint for fills: a colour or a gradient, in dp screen coordinates.
package enum Paint: Hashable, Sendable {
    case color(Color)
    /// From `start` to `end`; stops with positions 0...1.
    case linearGradient(start: Point, end: Point, stops: [ColorStop])
    /// A circle centred at `center` from radius 0 to `radius`.
    case radialGradient(center: Point, radius: Double, stops: [ColorStop])
}

/// A simple vector path in dp (for widget glyphs: ticks, arrows, spokes, icons drawn by the theme).
package enum PathSegment: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// Cubic Bézier to `to` with control points `c1`, `c2`.
    case curve(to: Point, c1: Point, c2: Point)
    /// Arc around `center` with `radius`, clockwise on screen from `start` to `end` radians (0 = 3 o'clock).
    case arc(center: Point, radius: Double, start: Double, end: Double)
    case close
}

/// One drawing operation. Coordinates are dp in screen space; the rasterizer multiplies by the device
/// scale and snaps box edges to whole pixels (semantics.md section 7 item 27).
package enum DisplayItem: Hashable, Sendable {
    /// Saves clip, transform and layer state.
    case save
    case restore
    /// Intersects the clip with a rounded rectangle.
    case clip(RoundedRect)
    /// Scales about a point (zoom): applies to everything until the matching `restore`.
    case scale(factor: Double, about: Point)
    /// Starts a group painted with `opacity` when its `endLayer` comes (opacity of a subtree).
    case beginLayer(opacity: Double)
    case endLayer
    /// Fills a rounded rectangle.
    case fill(RoundedRect, Paint)
    /// A CSS box shadow of the outline: painted only outside the outline. `blur` is the CSS blur radius
    /// (Gaussian standard deviation blur / 2).
    case shadow(RoundedRect, offset: Point, blur: Double, spread: Double, color: Color)
    /// A border inside the outline: widths, colours and styles per side; inner radii = max(0, r - width).
    case border(RoundedRect, widths: Sides<Double>, colors: Sides<Color>, styles: Sides<BorderStyle>)
    /// Draws image `key` (an `ImageStore` key) into `dest`, clipped to `clip` if given.
    case image(key: String, dest: Rect, clip: RoundedRect?, smooth: Bool)
    /// Draws glyphs with their paragraph's top-left at `origin`.
    case glyphs(GlyphRun, origin: Point)
    /// Fills a path (non-zero winding).
    case fillPath([PathSegment], Paint)
    /// Strokes a path; dash pattern in dp (empty = solid); round caps when `roundCaps`.
    case strokePath([PathSegment], color: Color, width: Double, dash: [Double], roundCaps: Bool)
}

/// What a frame paints, in order: backend-neutral, comparable, dumpable.
package struct DisplayList: Hashable, Sendable {
    package var size: Size
    package var items: [DisplayItem]
    /// Work painting did (kinds in `PaintWork`), for complexity tests; never compared or hashed.
    @Uncompared package var work = WorkCounts()
    package init(size: Size, items: [DisplayItem] = []) {
        self.size = size
        self.items = items
    }
    package mutating func append(_ i: DisplayItem) { items.append(i) }
}

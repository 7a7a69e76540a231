import Primitives

/// The styles one selector map of one element declares (nil = not declared). Built by
/// `StyleParser.apply(key:value:to:)` from SET_STYLE steps; later declarations overwrite earlier ones,
/// and a value that does not parse leaves the previous one in place.
public struct StyleDeclarations: Hashable, Sendable {
    // Box
    public var width: Dimension?
    public var height: Dimension?
    public var minWidth: Double?
    public var minHeight: Double?
    public var maxWidth: Double?
    public var maxHeight: Double?
    public var margin = Sides<Double?>(all: nil)
    public var padding = Sides<Double?>(all: nil)
    public var weight: Double?
    public var gravity: Gravity?
    /// Frame-layout offsets (`top`, `right`, `bottom`, `left`), a preview extension.
    public var offsets = Sides<Double?>(all: nil)
    public var overflowHidden: Bool?
    // Paint
    public var background: Background?
    public var borderWidth = Sides<Double?>(all: nil)
    public var borderStyle = Sides<BorderStyle?>(all: nil)
    public var borderColor = Sides<Color?>(all: nil)
    public var borderRadius: Corners?
    public var shadow: Shadow?
    public var opacity: Double?
    public var zoom: Double?
    public var tint: Color?
    // Text
    public var color: Color?
    public var fontSize: Double?
    public var fontWeight: Int?
    public var fontStyle: FontStyle?
    public var fontFamily: String?
    public var textAlign: TextAlign?
    public var noWrap: Bool?
    public var ellipsis: Bool?
    public var maxLines: Int?
    public var lineHeight: Double?
    public var minScale: Double?
    public var hint: String?
    // Images and icons
    public var icon: String?  // "" = none
    public var iconAttachment: IconAttachment?
    public var imageScale: ImageScale?

    public init() {}

    /// This map with every property that `other` declares taken from `other`.
    public func overlaid(with other: StyleDeclarations) -> StyleDeclarations {
        StyleMerge.overlay(self, with: other)
    }
}

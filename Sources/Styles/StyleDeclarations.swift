import Primitives

/// The styles one selector map of one element declares (nil = not declared). Built by
/// `StyleParser.apply(key:value:to:)` from SET_STYLE steps; later declarations overwrite earlier ones,
/// and a value that does not parse leaves the previous one in place.
package struct StyleDeclarations: Hashable, Sendable {
    // Box
    package var width: Dimension?
    package var height: Dimension?
    package var minWidth: Double?
    package var minHeight: Double?
    package var maxWidth: Double?
    package var maxHeight: Double?
    package var margin = unsetDoubleSides
    package var padding = unsetDoubleSides
    package var weight: Double?
    package var gravity: Gravity?
    /// Frame-layout offsets (`top`, `right`, `bottom`, `left`), a preview extension.
    package var offsets = unsetDoubleSides
    package var overflowHidden: Bool?
    // Paint
    package var background: Background?
    package var borderWidth = unsetDoubleSides
    package var borderStyle = unsetBorderStyleSides
    package var borderColor = unsetColorSides
    package var borderRadius: Corners?
    package var shadow: Shadow?
    package var opacity: Double?
    package var zoom: Double?
    package var tint: Color?
    // Text
    package var color: Color?
    package var fontSize: Double?
    package var fontWeight: Int?
    package var fontStyle: FontStyle?
    package var fontFamily: String?
    package var textAlign: TextAlign?
    package var noWrap: Bool?
    package var ellipsis: Bool?
    package var maxLines: Int?
    package var lineHeight: Double?
    package var minScale: Double?
    package var hint: String?
    // Images and icons
    package var icon: String?  // "" = none
    package var iconAttachment: IconAttachment?
    package var imageScale: ImageScale?

    package init() {}

    /// This map with every property that `other` declares taken from `other`.
    package func overlaid(with other: StyleDeclarations) -> StyleDeclarations {
        StyleMerge.overlay(self, with: other)
    }
}

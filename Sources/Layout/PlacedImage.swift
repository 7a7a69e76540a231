import Primitives

/// An image layout chose for an element and placed: the store key it draws, where its pixels go on
/// screen and the shape they are clipped to (nil when they fit inside an unrounded box).
package struct PlacedImage: Hashable, Sendable {
    package var key: String
    /// Destination in dp, screen coordinates; may extend past the box (then `clip` is set).
    package var dest: Rect
    package var clip: RoundedRect?
    package init(key: String, dest: Rect, clip: RoundedRect?) {
        self.key = key
        self.dest = dest
        self.clip = clip
    }
}

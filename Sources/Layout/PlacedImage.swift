import Primitives

/// An image layout chose for an element and placed: the store key it draws, where its pixels go on
/// screen and the shape they are clipped to (nil when they fit inside an unrounded box).
public struct PlacedImage: Hashable, Sendable {
    public var key: String
    /// Destination in dp, screen coordinates; may extend past the box (then `clip` is set).
    public var dest: Rect
    public var clip: RoundedRect?
    public init(key: String, dest: Rect, clip: RoundedRect?) {
        self.key = key
        self.dest = dest
        self.clip = clip
    }
}

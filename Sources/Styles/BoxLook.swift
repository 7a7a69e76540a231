import Primitives

/// How a box is drawn: its background, its outline's radii and its shadow.
public struct BoxLook: Hashable, Sendable {
    public var background: Background?
    public var radii: Corners
    public var shadow: Shadow?
    public init(background: Background?, radii: Corners, shadow: Shadow?) {
        self.background = background
        self.radii = radii
        self.shadow = shadow
    }
}

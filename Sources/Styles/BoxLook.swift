import Primitives

/// How a box is drawn: its background, its outline's radii and its shadow.
package struct BoxLook: Hashable, Sendable {
    package var background: Background?
    package var radii: Corners
    package var shadow: Shadow?
    package init(background: Background?, radii: Corners, shadow: Shadow?) {
        self.background = background
        self.radii = radii
        self.shadow = shadow
    }
}

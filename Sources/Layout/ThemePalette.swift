import Primitives
import Styles
import TextLayout

/// Theme values turned into paint-ready values: colours, shadows and text looks, each read by the
/// style parsers (`StyleParser`), so that a theme value means what the same value means in a style.
/// The layout pass (`LayoutContext`) and record assembly read the theme through it; painting takes
/// no theme.
public struct ThemePalette: Sendable {
    public let theme: Theme
    public let resolver: StyleResolver

    public init(theme: Theme) {
        self.theme = theme
        self.resolver = StyleResolver(theme: theme)
    }

    /// A palette over a resolver already made for `theme`.
    init(theme: Theme, resolver: StyleResolver) {
        self.theme = theme
        self.resolver = resolver
    }

    /// A theme colour string as a colour (black when it is none).
    public func color(_ s: String) -> Color { resolver.color(s) }

    /// A theme shadow string: `n` (iOS shadowRadius) or `x y [blur [spread]] [colour]`; nil when it
    /// does not parse.
    public func shadow(_ s: String) -> Shadow? { StyleParser.parseShadow(s) }

    /// The paragraph style of a theme text look (family nil: the theme's font).
    public func paragraphStyle(_ look: Theme.TextLook) -> ParagraphStyle {
        ParagraphStyle(
            font: FontSpec(family: look.family ?? theme.font.family, weight: look.weight), size: look.size,
            color: color(look.color))
    }
}

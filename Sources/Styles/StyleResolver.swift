import Primitives
import SessionFormat

/// Resolves an element's style for its current state: theme defaults for its kind, then NORMAL,
/// then SELECTED (if selected), then ACTIVE (if pressed). LINK's `color` becomes `linkColor`.
public struct StyleResolver: Sendable {
    public let theme: Theme
    public init(theme: Theme) { self.theme = theme }

    public func resolve(kind: WidgetKind, styles: [Selector: StyleDeclarations], pressed: Bool, selected: Bool) -> ResolvedStyle {
        ResolvedStyle() // TODO(styles helper)
    }

    /// A theme colour string parsed (theme files are validated on load, so this cannot fail for them).
    public func color(_ s: String) -> Color { StyleParser.parseColor(s) ?? .black }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Lays out a widget tree (semantics.md section 3): constraints down, sizes up, parents place children.
package struct LayoutEngine: Sendable {
    package let theme: Theme
    package let resolver: StyleResolver
    /// The text engine behind `measurer` (nil when a caller injected its own measurer).
    package let text: TextEngine?
    package let images: ImageStore
    /// How paragraphs are measured (the text engine, or a fake in tests).
    package let measurer: any TextMeasuring
    /// Replaces style resolution for the elements it returns a style for (tests; previews of one widget).
    package let styleOverride: (@Sendable (Element) -> ResolvedStyle?)?

    /// The engine over the real text engine.
    package init(theme: Theme, text: TextEngine, images: ImageStore) {
        self.theme = theme
        // Made once per theme, not per frame (`StyleResolver.shared`).
        self.resolver = StyleResolver.shared(for: theme)
        self.text = text
        self.images = images
        self.measurer = text
        self.styleOverride = nil
    }

    /// An engine with its own text measurer and optional style override.
    package init(
        theme: Theme, measurer: any TextMeasuring, images: ImageStore = ImageStore(),
        styleOverride: (@Sendable (Element) -> ResolvedStyle?)? = nil
    ) {
        self.theme = theme
        self.resolver = StyleResolver(theme: theme)
        self.text = measurer as? TextEngine
        self.images = images
        self.measurer = measurer
        self.styleOverride = styleOverride
    }

    /// An engine over `measurer` with the theme's shared style resolver and no override: a second
    /// layout of a frame whose text is measured another way (the accessibility large-text pass lays
    /// each screen out again at larger font scales) without resolving the theme again.
    package init(theme: Theme, sharedResolverWith measurer: any TextMeasuring, images: ImageStore) {
        self.theme = theme
        self.resolver = StyleResolver.shared(for: theme)
        self.text = measurer as? TextEngine
        self.images = images
        self.measurer = measurer
        self.styleOverride = nil
    }

    /// Frames in dp for the active view, its bars, open overlays and live toasts.
    package func layout(_ tree: WidgetTree, device: Device) -> LayoutResult {
        LayoutPass(
            tree: tree, device: device, resolver: resolver, measurer: measurer, images: images,
            styleOverride: styleOverride
        ).run()
    }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Lays out a widget tree (semantics.md section 3): constraints down, sizes up, parents place children.
public struct LayoutEngine {
    public let theme: Theme
    public let resolver: StyleResolver
    public let text: TextEngine
    public let images: ImageStore
    public init(theme: Theme, text: TextEngine, images: ImageStore) {
        self.theme = theme; self.resolver = StyleResolver(theme: theme); self.text = text; self.images = images
    }

    public func layout(_ tree: WidgetTree, device: Device) -> LayoutResult {
        LayoutResult() // TODO(layout helper)
    }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import Layout
import WidgetTree

/// Turns a laid-out tree into a display list (semantics.md section 6 and the theme's widget looks).
public struct Painter {
    public let theme: Theme
    public let text: TextEngine
    public let images: ImageStore
    public init(theme: Theme, text: TextEngine, images: ImageStore) { self.theme = theme; self.text = text; self.images = images }

    public func paint(_ tree: WidgetTree, layout: LayoutResult, device: Device) -> DisplayList {
        DisplayList(size: Size(width: device.width, height: device.height)) // TODO(painting helper)
    }
}

import Layout
import Primitives
import SessionFormat

extension Painter {
    /// `--element ID`: one element and its subtree alone (its own box, background, content and
    /// children; no ancestors, siblings, bars or overlays), at its place on the screen, so cropping
    /// the raster to its frame gives the element as it looks in the full picture. Empty when the
    /// element has no frame.
    package func paintAlone(_ id: Int, layout: LayoutResult, device: Device) -> DisplayList {
        var b = PaintBuilder(layout: layout, device: device)
        b.paintElement(id)
        return DisplayList(size: Size(width: device.width, height: device.height), items: b.items)
    }
}

import Layout
import Primitives
import SessionFormat
import Styles

/// Turns a laid-out tree into a display list (semantics.md section 6): shapes from the records'
/// frames, styles and looks, which layout resolved with the theme (painting takes no theme).
package struct Painter {
    package init() {}

    /// The screen, back to front: white, the application's background, the active view's subtree,
    /// the status band and bottom safe area, the bars, the overlays, the in-app browser, the toasts
    /// (section 7 items 36 and 42).
    package func paint(_ layout: LayoutResult, device: Device) -> DisplayList {
        var b = PaintBuilder(layout: layout, device: device)
        b.add(.fill(RoundedRect(rect: b.screen), .color(.white)))

        if layout.screen.showsLaunchScreen {
            b.drawImage(layout.screen.launchScreen)
            return DisplayList(size: Size(width: device.width, height: device.height), items: b.items)
        }

        if let root = layout.screen.root, root != layout.screen.activeView, let app = layout[root] {
            // Only the application's own box: its children are the views, bars and overlays painted below.
            b.paintBox(app, app.style, app.frame)
        }
        if let view = layout.screen.activeView { b.paintElement(view) }
        b.paintSystemBands()
        for bar in layout.bars { b.paintElement(bar) }
        for overlay in layout.overlays { b.paintOverlay(overlay) }
        b.paintBrowser()
        b.paintToasts()
        b.paintHomeIndicator()
        var list = DisplayList(size: Size(width: device.width, height: device.height), items: b.items)
        list.work = b.work
        list.work.add(PaintWork.displayItems, b.items.count)
        return list
    }
}

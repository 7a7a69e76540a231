import Layout
import Primitives
import SessionFormat
import WidgetTree

extension Renderer {
    /// Where touches land in a tree on `device`, by laying it out with the images it shows (the one
    /// rule of semantics.md item 39: `LayoutResult.hitMap`).
    /// Not timed as a stage: it runs inside the replay's own timing (and counts in `HitMapSource.layouts`).
    func hitMap(_ tree: WidgetTree, resources: ResourceLoader, device: Device) -> HitMap {
        let images = resources.images(for: tree, launchScreen: device.launchScreen)
        let layout = LayoutEngine(theme: theme, text: text, images: images).layout(tree, device: device)
        return layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
    }

    /// The replay's window on layout: the tree at each input step laid out, with its own resource
    /// loader (its diagnostics are the frames' to give, once). With `memo`, a tree laid out last (by
    /// a frame that kept its layout there) is not laid out again.
    package func hitMapSource(for session: Session, memo: LayoutMemo? = nil) -> HitMapSource {
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: looks.assetDensity)
        let device = session.device
        guard let memo else {
            return HitMapSource { [unowned self] tree in self.hitMap(tree, resources: resources, device: device) }
        }
        return hitMapSource(resources: resources, device: device, memo: memo)
    }

    /// The same over a backend's own loader and device, sharing the backend's last layout (`memo`).
    func hitMapSource(resources: ResourceLoader, device: Device, memo: LayoutMemo) -> HitMapSource {
        HitMapSource { [unowned self] tree in
            let (layout, _) = memo.layout(of: tree, on: device) {
                let images = resources.images(for: tree, launchScreen: device.launchScreen)
                let engine = LayoutEngine(theme: self.theme, text: self.text, images: images)
                return (engine.layout(tree, device: device), images)
            }
            return layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
        }
    }
}

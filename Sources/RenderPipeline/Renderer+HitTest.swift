import Layout
import Primitives
import SessionFormat
import WidgetTree

extension Renderer {
    /// Where touches land in a tree on `device`, by laying it out with the images it shows (the one
    /// rule of semantics.md item 39: `LayoutResult.hitMap`); with `memo`, a tree laid out last (by a
    /// frame that kept its layout there) is not laid out again.
    /// Not timed as a stage: it runs inside the replay's own timing (and counts in `HitMapSource.layouts`).
    func hitMap(_ tree: WidgetTree, resources: ResourceLoader, device: Device, memo: LayoutMemo?) -> HitMap {
        func make() -> (LayoutResult, ImageStore) {
            let images = resources.images(for: tree, launchScreen: device.launchScreen)
            return (LayoutEngine(theme: theme, text: text, images: images).layout(tree, device: device), images)
        }
        let (layout, _) = memo.map { $0.layout(of: tree, on: device, make: make) } ?? make()
        return layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
    }

    /// The replay's window on layout: the tree at each input step laid out, with its own resource
    /// loader (its diagnostics are the frames' to give, once), sharing `memo` when given.
    package func hitMapSource(for session: Session, memo: LayoutMemo? = nil) -> HitMapSource {
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: looks.assetDensity)
        return hitMapSource(resources: resources, device: session.device, memo: memo)
    }

    /// The same over a backend's own loader and device, sharing the backend's last layout (`memo`).
    func hitMapSource(resources: ResourceLoader, device: Device, memo: LayoutMemo?) -> HitMapSource {
        HitMapSource { [unowned self] tree in self.hitMap(tree, resources: resources, device: device, memo: memo) }
    }
}

import Layout
import Primitives
import SessionFormat
import WidgetTree

/// The last tree laid out on a device, with its layout and images. An input's hit test right after a
/// frame sees the tree that frame laid out (nothing changed it since), and reuses its layout instead
/// of laying the same tree out again: a live tap (`render serve --app`) laid out each screen twice in
/// the app and twice again in the worker that draws it.
package final class LayoutMemo {
    private var kept: (tree: WidgetTree, device: Device, result: (LayoutResult, ImageStore))?
    /// Layouts made through it, and asked for again and given from memory (tests count the work).
    package private(set) var made = 0
    package private(set) var reused = 0

    package init() {}

    /// The layout of `tree` on `device`: the kept one when both are equal to those it was made of,
    /// else `make`'s (kept from now on).
    func layout(of tree: WidgetTree, on device: Device, make: () -> (LayoutResult, ImageStore)) -> (
        LayoutResult, ImageStore
    ) {
        if let k = kept, k.device == device, k.tree == tree {
            reused += 1
            return k.result
        }
        made += 1
        let r = make()
        kept = (tree, device, r)
        return r
    }

    /// Keeps a layout made elsewhere (a frame's), for the next hit test of the same tree.
    package func keep(_ tree: WidgetTree, on device: Device, _ result: (LayoutResult, ImageStore)) {
        kept = (tree, device, result)
    }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// One `LayoutEngine.layout` call: the screen lays its parts out through the algorithms over a
/// shared `LayoutContext`, then `finish` (PaintOrder.swift) turns the recorder's relative boxes
/// into screen frames and a paint order. The tables are the context's recorder's, not the pass's:
/// the properties under "What `finish` reads" forward them (the result in place, the relative
/// boxes, texts, icons and rows, the placed roots) so that `finish` reads like a function of them.
final class LayoutPass {
    let cx: LayoutContext

    init(
        tree: WidgetTree, device: Device, resolver: StyleResolver, measurer: any TextMeasuring,
        images: ImageStore, styleOverride: ((Element) -> ResolvedStyle?)?
    ) {
        cx = LayoutContext(
            tree: tree, device: device, resolver: resolver, measurer: measurer,
            images: images, styleOverride: styleOverride)
    }

    /// Lays the screen out and returns the finished result.
    func run() -> LayoutResult {
        ScreenLayout(cx: cx).layout()
        finish()
        return assemble()
    }

    // MARK: What `finish` reads

    var tree: WidgetTree { cx.tree }
    func isInFlow(_ el: Element) -> Bool { cx.isInFlow(el) }
    /// The result in place (not a copy: `finish` writes every frame into it).
    var result: LayoutTables {
        get { cx.out.result }
        _modify { yield &cx.out.result }
    }
    var local: [Int: Rect] { cx.out.local }
    var localText: [Int: Point] { cx.out.localText }
    var localExtraTexts: [Int: [PlacedText]] { cx.out.localExtraTexts }
    var localIcons: [Int: Rect] { cx.out.localIcons }
    var localRows: [Int: [Rect]] { cx.out.localRows }
    var placedRoots: [Int] { cx.out.placedRoots }
    var placedSet: Set<Int> { cx.out.placedSet }
}

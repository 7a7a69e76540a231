import Primitives
import SessionFormat
import Styles
import WidgetTree

/// The bars shown on the screen now, one per kind.
struct ScreenBars {
    var action: Element?
    var navigation: Element?
    var search: Element?
}

/// The whole screen (section 7 items 1 and 36): the application and the active view fill it;
/// the view's content goes between the bars; then bars, overlays and toasts. The root of every
/// pass: the other algorithms are reached from here.
struct ScreenLayout {
    let cx: LayoutContext

    func layout() {
        let tree = cx.tree
        let device = cx.device
        let looks = cx.looks
        let out = cx.out
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        guard let rootId = tree.rootId, let root = tree.elements[rootId] else {
            out.setContentArea(
                Rect(
                    x: 0, y: device.statusBar, width: device.width,
                    height: max(0, device.height - device.statusBar - device.safeAreaBottom)))
            return
        }
        _ = cx.style(root)
        out.placeRoot(rootId, screen)
        let view = tree.activeViewId.flatMap { tree.elements[$0] }.flatMap { $0.id == rootId ? nil : $0 }
        let bars = screenBars(root: root, view: view)
        TextPrepass(cx: cx).prepareTexts(
            under: [view ?? root] + [bars.action, bars.search, bars.navigation].compactMap { $0 })
        let content = ChromeBars(cx: cx).layout(bars)
        out.setContentArea(content)

        // The view (or, without one, the application itself) lays its children out in the content area.
        let host = view ?? root
        if let view { out.placeRoot(view.id, screen) }
        let ins = Box.insets(cx.style(host))
        cx.withPlacing(host.id) {
            FrameLayout(cx: cx).placeChildren(cx.flowChildren(host), in: content.inset(by: ins), depth: 0)
        }
        ScrollSafeArea(cx: cx).insetScrollViewsUnderBars(
            barBottom: bars.action.flatMap { looks.actionBar.overlaysContent ? out.frame($0.id)?.maxY : nil },
            barTop: bars.navigation.flatMap { looks.navigationBar.overlaysContent ? out.frame($0.id)?.minY : nil })

        for bar in [bars.action, bars.search, bars.navigation].compactMap({ $0 }) { out.addBar(bar.id) }
        Overlays(cx: cx).layout(content: content)
        out.setBrowser(BrowserLayout(cx: cx).layout())
        Toasts(cx: cx).layout(content: content)
    }

    /// Per kind, the active view's own bar, else the application's (item 1). Hidden bars are not shown.
    func screenBars(root: Element, view: Element?) -> ScreenBars {
        func bar(_ kind: WidgetKindMatch) -> Element? {
            let own = view.map { cx.tree.visibleChildren(of: $0.id) }?.last(where: { kind.matches($0.kind) })
            return own ?? cx.tree.visibleChildren(of: root.id).last(where: { kind.matches($0.kind) })
        }
        return ScreenBars(action: bar(.action), navigation: bar(.navigation), search: bar(.search))
    }
}

/// Which bar kind to look for.
enum WidgetKindMatch {
    case action, navigation, search
    func matches(_ k: WidgetKind) -> Bool {
        switch self {
        case .action: return k == .actionBar
        case .navigation: return k == .navigationBar
        case .search: return k == .searchBar
        }
    }
}

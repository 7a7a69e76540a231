import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Turns the pass's tables into the result painting reads: one `LaidOutElement` per element with
/// a frame, carrying its style and its box and control looks (as Styles resolves them), its texts
/// and icons placed on screen, its painted children in order and the widget state painting draws.
struct RecordAssembly {
    let tree: WidgetTree
    let device: Device
    /// Decides each element's box and control look (Styles merges the theme there, once).
    let resolver: StyleResolver
    let measurer: any TextMeasuring
    /// The images this frame shows: which of an element's candidates exist, and their sizes.
    let images: ImageStore

    var looks: ThemeLooks { resolver.looks }

    /// Kinds the screen places itself (bars, overlays): never painted as part of a view's content.
    static let placedByScreen: Set<WidgetKind> = [
        .dialog, .alertDialog, .actionSheet, .navigationView,
        .actionBar, .navigationBar, .searchBar, .toast, .notification,
    ]

    func assemble(_ t: LayoutTables) -> LayoutResult {
        var out = LayoutResult()
        out.contentArea = t.contentArea
        out.bars = t.bars
        out.overlays = t.overlays
        out.paintOrder = t.paintOrder
        out.work = t.work
        out.screen.root = tree.rootId
        out.screen.activeView = tree.activeViewId
        out.screen.showsLaunchScreen = tree.showsLaunchScreen
        out.screen.launchScreenKey = tree.showsLaunchScreen ? device.launchScreen.map(ImageStore.assetKey) : nil
        out.screen.launchScreen = out.screen.launchScreenKey.flatMap {
            placeImage($0, in: Rect(x: 0, y: 0, width: device.width, height: device.height), mode: .centerCrop)
        }
        out.screen.statusClock = statusClock()
        var order: [Int: Int] = [:]
        order.reserveCapacity(t.paintOrder.count)
        for (i, id) in t.paintOrder.enumerated() where order[id] == nil { order[id] = i }
        out.elements.reserveCapacity(t.frames.count)
        for (id, frame) in t.frames {
            guard let e = tree.elements[id], let s = t.styles[id] else { continue }
            out.elements[id] = record(e, frame, s, t, order)
        }
        out.toasts = t.toasts
        out.browser = t.browser
        screenLooks(&out)
        return out
    }

    private func record(
        _ e: Element, _ frame: Rect, _ s: ResolvedStyle, _ t: LayoutTables, _ order: [Int: Int]
    ) -> LaidOutElement {
        var r = LaidOutElement(id: e.id, kind: e.kind, frame: frame, style: s, look: resolver.boxLook(e.kind, s))
        r.control = resolver.controlLook(e.kind, s, Self.controlState(e, frame))
        r.parent = laidOutAncestor(e, t)
        r.paragraph = t.paragraphs[e.id]
        r.textOrigin = t.textOrigins[e.id]
        r.extraTexts = t.extraTexts[e.id] ?? []
        r.iconFrame = t.iconFrames[e.id]
        r.rows = t.rows[e.id]
        r.depth = t.depths[e.id]
        r.children = paintedChildren(e, t, order)
        r.scrollContent = t.scrollContent[e.id]
        r.scrollOffset = t.scrollOffsets[e.id]
        r.isVisible = e.isVisible
        r.isStopped = e.isStopped
        r.value = e.value
        r.text = e.text
        r.iconKey = ControlMeasure.iconKey(s.icon)
        let optionIcons = e.kind == .actionBar
        r.icon = placeIcon(r.iconKey, in: r.iconFrame)
        r.options = e.options.enumerated().map { i, o in
            var option = LaidOutOption(
                id: o.id, label: o.label, iconKey: optionIcons ? ControlMeasure.iconKey(o.label) : nil)
            option.icon = placeIcon(option.iconKey, in: r.rows.flatMap { i < $0.count ? $0[i] : nil })
            return option
        }
        r.imageKeys = e.kind == .imageView ? imageKeys(e) : []
        switch e.content {
        case .surface?: r.ownPixels = .surface
        case .asset?, .packed?: r.ownPixels = .fitted
        case nil: break
        }
        r.image = placeElementImage(r)
        r.age = tree.time - e.createdAt
        switch e.kind {
        case .textField, .textView: placeFieldTexts(e, &r)
        case .picker: r.arrow = pickerArrow(r)
        default: break
        }
        return r
    }

    /// The nearest ancestor with a frame.
    private func laidOutAncestor(_ e: Element, _ t: LayoutTables) -> Int? {
        var next = e.parent
        var steps = 0
        while let p = next, steps < 10_000 {
            if t.frames[p] != nil { return p }
            next = tree.elements[p]?.parent
            steps += 1
        }
        return nil
    }

    /// Children painted with `e`: laid out, visible, not placed by the screen, in paint order
    /// (then child order).
    private func paintedChildren(_ e: Element, _ t: LayoutTables, _ order: [Int: Int]) -> [Int] {
        // Sorted as (paint order, child index, id) triples: sorting `Element` values copied (and
        // retained) every field at each move.
        var kids: [(order: Int, index: Int, id: Int)] = []
        for (index, child) in e.children.enumerated() {
            guard let c = tree.elements[child], c.isVisible, t.frames[child] != nil,
                !Self.placedByScreen.contains(c.kind)
            else { continue }
            kids.append((order[child] ?? Int.max, index, child))
        }
        kids.sort { $0.order != $1.order ? $0.order < $1.order : $0.index < $1.index }
        return kids.map(\.id)
    }

    /// What the element's control look depends on now.
    static func controlState(_ e: Element, _ frame: Rect) -> ControlState {
        ControlState(
            pressed: e.isPressed, on: e.value != 0, hasError: !(e.errorText ?? "").isEmpty,
            backButton: e.flags & 1 != 0,
            height: frame.height)
    }

    /// Image-store keys that may hold an image view's pixels, most specific first.
    private func imageKeys(_ e: Element) -> [String] {
        var keys: [String] = []
        switch e.content {
        case .asset(let name): keys.append(ImageStore.assetKey(name))
        case .packed, .surface: keys.append(ImageStore.elementKey(e.id))
        case nil: break
        }
        for u in e.imageURLs where !u.isRemote { keys.append(ImageStore.assetKey(u.url)) }
        if !e.text.isEmpty && !e.text.lowercased().hasPrefix("http") { keys.append(ImageStore.assetKey(e.text)) }
        return keys
    }
}

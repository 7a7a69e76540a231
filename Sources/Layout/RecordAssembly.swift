import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Turns the pass's tables into the result painting reads: one `LaidOutElement` per element with
/// a frame, carrying its style and box look, its texts and icons placed on screen, its painted
/// children in order and the widget state painting draws.
struct RecordAssembly {
    let tree: WidgetTree
    let device: Device
    let palette: ThemePalette
    let measurer: any TextMeasuring
    /// The images this frame shows: which of an element's candidates exist, and their sizes.
    let images: ImageStore

    var theme: Theme { palette.theme }

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
        var r = LaidOutElement(id: e.id, kind: e.kind, frame: frame, style: s, look: look(e.kind, s))
        r.control = controlLook(e, s, frame)
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

    // MARK: Box look

    /// The box look: the element's own background, radius and shadow, or the theme's for widgets
    /// that have one (buttons, bars, panels) when the element sets no background.
    func look(_ kind: WidgetKind, _ s: ResolvedStyle) -> BoxLook {
        var radii = s.borderRadius
        var shadow = s.shadow
        // Panels keep the theme's shape even when the app colours them.
        switch kind {
        case .dialog, .alertDialog:
            if radii.isZero { radii = Corners(all: theme.dialog.radius) }
            if shadow == nil { shadow = palette.shadow(theme.dialog.shadow) }
        case .actionSheet:
            let r = theme.actionSheet.radius
            if radii.isZero { radii = Corners(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0) }
        default:
            break
        }
        guard s.background == nil, let (colour, radius) = themedBackground(kind) else {
            return BoxLook(background: s.background, radii: radii, shadow: shadow)
        }
        if radii.isZero && radius > 0 { radii = Corners(all: radius) }
        return BoxLook(background: .color(palette.color(colour)), radii: radii, shadow: shadow)
    }

    /// The theme's background colour (and radius) of a widget kind that has one.
    func themedBackground(_ kind: WidgetKind) -> (String, Double)? {
        switch kind {
        case .button: return (theme.button.background, theme.button.radius)
        case .actionBar: return (theme.actionBar.background, 0)
        case .navigationBar: return (theme.navigationBar.background, 0)
        case .searchBar: return (theme.searchBar.background, 0)
        case .dialog, .alertDialog: return (theme.dialog.background, 0)
        case .navigationView: return (theme.drawer.background, 0)
        case .actionSheet: return (theme.actionSheet.background, 0)
        case .separator: return ("#e0e0e0", 0)
        default: return nil
        }
    }
}

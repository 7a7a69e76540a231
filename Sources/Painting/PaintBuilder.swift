import Primitives
import SessionFormat
import Styles
import TextLayout
import Layout
import WidgetTree

/// Builds one frame's display list: the per-element box model (semantics.md section 6) and the
/// recursion over children. Widget looks, bars and overlays live in extensions.
struct PaintBuilder {
    let theme: Theme
    let palette: ThemePalette
    let text: TextEngine
    let images: ImageStore
    let tree: WidgetTree
    let layout: LayoutResult
    let device: Device
    var items: [DisplayItem] = []
    /// Work done so far (kinds in `PaintWork`), for complexity tests.
    var work = WorkCounts()
    /// Position of each element in `layout.paintOrder`: sorts siblings.
    private let order: [Int: Int]

    /// Kinds the backend places itself (bars, overlays): never painted as part of a view's content.
    static let placedByBackend: Set<WidgetKind> = [.dialog, .alertDialog, .actionSheet, .navigationView,
                                                    .actionBar, .navigationBar, .searchBar, .toast, .notification]

    init(theme: Theme, text: TextEngine, images: ImageStore, tree: WidgetTree, layout: LayoutResult, device: Device) {
        self.theme = theme; self.palette = ThemePalette(theme: theme); self.text = text; self.images = images
        self.tree = tree; self.layout = layout; self.device = device
        var order: [Int: Int] = [:]
        for (i, id) in layout.paintOrder.enumerated() where order[id] == nil { order[id] = i }
        self.order = order
    }

    var screen: Rect { Rect(x: 0, y: 0, width: device.width, height: device.height) }

    mutating func add(_ item: DisplayItem) { items.append(item) }

    // MARK: - Styles and geometry

    /// The element's resolved style: layout's, or resolved here when layout did not record one.
    func style(_ id: Int) -> ResolvedStyle {
        if let s = layout.styles[id] { return s }
        guard let e = tree[id] else { return ResolvedStyle() }
        return palette.resolver.resolve(kind: e.kind, styles: e.styles, pressed: e.isPressed, selected: e.isSelected)
    }

    /// The rounded outline of a box, radii scaled down as CSS does when they do not fit.
    static func outline(_ frame: Rect, _ radii: Corners) -> RoundedRect {
        if radii.isZero { return RoundedRect(rect: frame) }
        let w = frame.width, h = frame.height
        var f = 1.0
        func limit(_ side: Double, _ a: Double, _ b: Double) { if a + b > 0 { f = min(f, side / (a + b)) } }
        limit(w, radii.topLeft, radii.topRight); limit(w, radii.bottomLeft, radii.bottomRight)
        limit(h, radii.topLeft, radii.bottomLeft); limit(h, radii.topRight, radii.bottomRight)
        let r = f < 1 ? Corners(topLeft: radii.topLeft * f, topRight: radii.topRight * f,
                                bottomRight: radii.bottomRight * f, bottomLeft: radii.bottomLeft * f) : radii
        return RoundedRect(rect: frame, radii: r)
    }

    /// The padding box (inside the border) with the inner radii.
    static func paddingBox(_ frame: Rect, _ style: ResolvedStyle) -> RoundedRect {
        let bw = style.borderWidths
        let outer = outline(frame, style.borderRadius)
        return RoundedRect(rect: frame.inset(by: bw), radii: outer.radii.inset(max(bw.top, bw.right, bw.bottom, bw.left)))
    }

    /// The content box (inside border and padding).
    static func contentBox(_ frame: Rect, _ style: ResolvedStyle) -> Rect {
        frame.inset(by: style.borderWidths).inset(by: style.padding)
    }

    // MARK: - Elements

    /// Children of `id` to paint with it: laid out, not placed by the backend, in paint order.
    func paintedChildren(of id: Int) -> [Int] {
        // Sorted as (paint order, child index, id) triples: sorting the children's `Element`
        // values themselves copied (and retained) every field at each move, 3.8 M of a 5.7 M
        // paint of the bench screen.
        guard let children = tree.elements[id]?.children else { return [] }
        var kids: [(order: Int, index: Int, id: Int)] = []
        for (index, child) in children.enumerated() {
            guard let kind = tree.elements[child]?.kind, tree.elements[child]?.isVisible == true,
                  layout.frames[child] != nil, !PaintBuilder.placedByBackend.contains(kind) else { continue }
            kids.append((order[child] ?? Int.max, index, child))
        }
        kids.sort { $0.order != $1.order ? $0.order < $1.order : $0.index < $1.index }
        return kids.map(\.id)
    }

    /// Paints an element and its subtree (section 6): opacity and zoom wrap everything.
    mutating func paintElement(_ id: Int, frame override: Rect? = nil) {
        guard let element = tree[id], let frame = override ?? layout.frames[id] else { return }
        work.add(PaintWork.elements, 1)
        let s = style(id)
        if s.opacity <= 0 { return }
        if element.kind == .progressSpinner && element.isStopped { return }
        let zoomed = s.zoom != 1 && s.zoom > 0
        if zoomed { add(.save); add(.scale(factor: s.zoom, about: Point(x: frame.midX, y: frame.midY))) }
        let faded = s.opacity < 1
        if faded { add(.beginLayer(opacity: s.opacity)) }

        paintBox(element, s, frame)

        let children = paintedChildren(of: id)
        work.add(PaintWork.childrenSorted, children.count)
        if !children.isEmpty {
            let clips = element.kind == .scrollLayout || s.overflowHidden
            if clips { add(.save); add(.clip(PaintBuilder.paddingBox(frame, s))) }
            for c in children { paintElement(c) }
            if clips { add(.restore) }
        }

        if faded { add(.endLayer) }
        if zoomed { add(.restore) }
    }

    /// Shadow, background, content, border: one element without its children.
    mutating func paintBox(_ element: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = widgetBox(element, s)
        let outline = PaintBuilder.outline(frame, look.radii)
        if let sh = look.shadow, !sh.color.isTransparent {
            add(.shadow(outline, offset: Point(x: sh.offsetX, y: sh.offsetY), blur: sh.blur, spread: sh.spread, color: sh.color))
        }
        if let bg = look.background, let paint = GradientMapper.paint(bg, in: frame) {
            add(.fill(outline, paint))
        }
        paintContent(element, s, frame)
        paintBorder(s, outline)
    }

    mutating func paintBorder(_ s: ResolvedStyle, _ outline: RoundedRect) {
        let widths = s.borderWidths
        guard widths.top > 0 || widths.right > 0 || widths.bottom > 0 || widths.left > 0 else { return }
        add(.border(outline, widths: widths, colors: s.border.map(\.color), styles: s.border.map(\.style)))
    }

    /// The box look: the element's own background, radius and shadow, or the theme's for widgets
    /// that have one (buttons, bars, panels) when the element sets no background.
    func widgetBox(_ e: Element, _ s: ResolvedStyle) -> (background: Background?, radii: Corners, shadow: Shadow?) {
        var radii = s.borderRadius
        var shadow = s.shadow
        // Panels keep the theme's shape even when the app colours them.
        switch e.kind {
        case .dialog, .alertDialog:
            if radii.isZero { radii = Corners(all: theme.dialog.radius) }
            if shadow == nil { shadow = palette.shadow(theme.dialog.shadow) }
        case .actionSheet:
            let r = theme.actionSheet.radius
            if radii.isZero { radii = Corners(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0) }
        default:
            break
        }
        guard s.background == nil, let (colour, radius) = themedBackground(e.kind) else { return (s.background, radii, shadow) }
        if radii.isZero && radius > 0 { radii = Corners(all: radius) }
        return (.color(palette.color(colour)), radii, shadow)
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

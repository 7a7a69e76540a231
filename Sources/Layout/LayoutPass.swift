import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// The state of one `LayoutEngine.layout` call. Containers lay children out relative to their own
/// border box (`local`); `PaintOrder` turns that into screen frames at the end.
final class LayoutPass {
    /// Subtrees deeper than this are skipped, so a pathological tree cannot overflow the stack.
    static let maxDepth = 256

    let tree: WidgetTree
    let device: Device
    let theme: Theme
    let resolver: StyleResolver
    let measurer: any TextMeasuring
    let images: ImageStore
    let styleOverride: ((Element) -> ResolvedStyle?)?
    /// The theme's platform behaviour (main-axis match-parent, INVISIBLE kinds), read once.
    let profile: PlatformProfile

    var result = LayoutTables()
    /// Border boxes relative to the parent's border-box origin (scroll offsets applied); absolute
    /// for the elements in `placedRoots`.
    var local: [Int: Rect] = [:]
    /// Paragraph origins relative to their element's border box.
    var localText: [Int: Point] = [:]
    var localExtraTexts: [Int: [PlacedText]] = [:]
    var localIcons: [Int: Rect] = [:]
    var localRows: [Int: [Rect]] = [:]
    /// Elements the screen places itself (application, view, bars, overlays), in paint order.
    var placedRoots: [Int] = []
    var placedSet: Set<Int> = []
    /// Border-box sizes per element and spec.
    private var sizes: [Int: [(SpecKey, Size)]] = [:]
    /// The container being placed, collecting the final spec of each of its children.
    private var placing: PlacingRecord?
    private var paragraphs = ParagraphCache()

    init(tree: WidgetTree, device: Device, theme: Theme, resolver: StyleResolver, measurer: any TextMeasuring,
         images: ImageStore, styleOverride: ((Element) -> ResolvedStyle?)?) {
        self.tree = tree; self.device = device; self.theme = theme; self.resolver = resolver
        self.measurer = measurer; self.images = images; self.styleOverride = styleOverride
        self.profile = theme.profile
    }

    // MARK: Styles

    /// Kinds that fill their parent unless their own style says otherwise (semantics section 3).
    static func fillsByDefault(_ kind: WidgetKind) -> Bool {
        switch kind {
        case .frameView, .frameLayout, .scrollLayout, .flipperLayout, .pager, .navigationView, .application: return true
        default: return false
        }
    }

    /// The element's resolved style for its current state, with the fill defaults applied. Cached.
    func style(_ el: Element) -> ResolvedStyle {
        if let s = result.styles[el.id] { return s }
        var s = styleOverride?(el)
            ?? resolver.resolve(kind: el.kind, styles: el.styles, pressed: el.isPressed, selected: el.isSelected)
        if Self.fillsByDefault(el.kind) {
            // Whether the theme's widgetDefaults already say so or not: only the element's own
            // declaration can make these wrap.
            let own = el.styles[.normal]
            if own?.width == nil && s.width == .wrapContent { s.width = .matchParent }
            if own?.height == nil && s.height == .wrapContent { s.height = .matchParent }
        }
        s.margin.bottom += errorLineHeight(el, s)
        result.styles[el.id] = s
        return s
    }

    // MARK: Tree

    /// Whether a child takes part in its parent's layout: bars, overlays and views are placed by the
    /// screen; hidden elements and stopped spinners take no space, except the kinds the platform
    /// makes INVISIBLE (Android: they keep their box and are not painted); a widget the platform
    /// does not have never takes part.
    func isInFlow(_ el: Element) -> Bool {
        guard el.isVisible || (profile.keepsSpaceWhenHidden.contains(el.kind) && !el.isPlatformAbsent) else { return false }
        switch el.kind {
        case .actionBar, .navigationBar, .searchBar, .dialog, .alertDialog, .actionSheet, .navigationView, .toast,
             .frameView, .application:
            return false
        case .progressSpinner: return !el.isStopped
        default: return true
        }
    }

    /// Children laid out by a container, in order.
    func flowChildren(_ el: Element) -> [Element] {
        el.children.compactMap { tree.elements[$0] }.filter(isInFlow)
    }

    // MARK: Laying out one element

    /// Sizes `id` under the specs and returns its border-box size. Sizes are cached per spec, so a
    /// container measuring a child several times (weights, stretching) costs one run per distinct
    /// spec, not one per call: nested weighted layouts stay polynomial. The frames a sizing run
    /// writes may be provisional; `placeNode` redoes the final ones.
    @discardableResult
    func layoutNode(_ id: Int, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        guard depth < Self.maxDepth, let el = tree.elements[id] else { return .zero }
        result.work.add(LayoutWork.sizeRequests, 1)
        // A container being placed: the last spec it gives each of its children is the final one.
        if placing?.id == el.parent { placing?.finals[id] = FinalSpec(w: w, h: h, depth: depth) }
        if let size = cachedSize(id, w: w, h: h) { return size }
        let size = compute(el, w: w, h: h, depth: depth)
        sizes[id, default: []].append((SpecKey(w: w, h: h), size))
        return size
    }

    /// Lays `id` out for good under the specs: its own run writes its children's frames and its
    /// text, then each child is placed with the last spec this run gave it.
    func placeNode(_ id: Int, w: AxisSpec, h: AxisSpec, depth: Int) {
        guard depth < Self.maxDepth, let el = tree.elements[id] else { return }
        withPlacing(id) { _ = compute(el, w: w, h: h, depth: depth) }
    }

    /// A size computed before under a compatible spec. On each axis: the same spec, or a wrap whose
    /// cap lies between the size that came out and the cap it was computed with (content that came
    /// out at size S under cap A lays out the same under any cap in S...A: what fitted still fits,
    /// and what did not fit in A does not fit in less).
    private func cachedSize(_ id: Int, w: AxisSpec, h: AxisSpec) -> Size? {
        guard let entries = sizes[id] else { return nil }
        func fits(_ old: AxisSpec, _ new: AxisSpec, _ got: Double) -> Bool {
            if old == new { return true }
            guard case .wrap(let a) = old, case .wrap(let b) = new, let b else { return false }
            return got <= b + 1e-9 && b <= (a ?? .infinity)
        }
        for (key, size) in entries.reversed() where fits(key.w, w, size.width) && fits(key.h, h, size.height) {
            return size
        }
        return nil
    }

    /// Runs `body`, which lays out children of `parent`, then places those children with their final specs.
    func withPlacing(_ parent: Int, _ body: () -> Void) {
        let saved = placing
        placing = PlacingRecord(id: parent)
        body()
        let finals = placing?.finals ?? [:]
        placing = saved
        for child in finals.keys.sorted() {
            let f = finals[child]!
            placeNode(child, w: f.w, h: f.h, depth: f.depth)
        }
    }

    /// One run of the element's layout algorithm.
    private func compute(_ el: Element, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        result.work.add(LayoutWork.measures, 1)
        let s = style(el)
        switch el.kind {
        case .radioGroup where el.children.isEmpty:
            return layoutLeaf(el, s, w: w, h: h)
        case .linearLayout, .tableLayout, .radioGroup:
            return layoutLinear(el, s, w: w, h: h, depth: depth)
        case .frameLayout, .eventLayout, .frameView, .application, .navigationView, .dialog, .alertDialog:
            return layoutFrame(el, s, w: w, h: h, depth: depth)
        case .scrollLayout:
            return layoutScroll(el, s, w: w, h: h, depth: depth)
        case .flipperLayout, .pager:
            return layoutPaged(el, s, w: w, h: h, depth: depth)
        case .autoColumnLayout:
            return layoutAutoColumn(el, s, w: w, h: h, depth: depth)
        default:
            return layoutLeaf(el, s, w: w, h: h)
        }
    }

    /// Lays out a child of a container whose inner box is `availW` x `availH` (nil = unbounded);
    /// `definiteW/H` tell whether those are imposed. Returns the child's border-box size.
    func layoutChild(_ child: Element, availW: Double?, definiteW: Bool, availH: Double?, definiteH: Bool,
                     depth: Int) -> Size {
        let s = style(child)
        let w = Box.childSpec(s.width, min: s.minWidth, max: s.maxWidth, avail: availW, definite: definiteW,
                              margins: s.margin.horizontal)
        let h = Box.childSpec(s.height, min: s.minHeight, max: s.maxHeight, avail: availH, definite: definiteH,
                              margins: s.margin.vertical)
        return layoutNode(child.id, w: w, h: h, depth: depth + 1)
    }

    // MARK: Text

    /// A paragraph, through the per-pass cache.
    func paragraph(_ text: AttributedText, _ style: ParagraphStyle, maxWidth: Double?, maxHeight: Double? = nil) -> ParagraphLayout {
        paragraphs.layout(text, style: style, maxWidth: maxWidth.map { max(0, $0) }, maxHeight: maxHeight.map { max(0, $0) },
                          using: measurer)
    }

    /// Records an element's primary paragraph at `origin` (relative to its border box).
    func setText(_ id: Int, _ p: ParagraphLayout, at origin: Point) {
        result.paragraphs[id] = p
        localText[id] = origin
    }

    /// A colour from the theme.
    func color(_ s: String) -> Color { resolver.color(s) }

    /// The paragraph style of a theme text look (family nil: the theme's font).
    func paragraphStyle(_ look: Theme.TextLook) -> ParagraphStyle {
        ParagraphStyle(font: FontSpec(family: look.family ?? theme.font.family, weight: look.weight), size: look.size,
                       color: color(look.color))
    }
}

/// Both specs of one layout call.
struct SpecKey: Hashable {
    var w: AxisSpec
    var h: AxisSpec
}

/// The spec a container finally gave a child.
struct FinalSpec {
    var w: AxisSpec
    var h: AxisSpec
    var depth: Int
}

/// The container being placed and the final specs of its children so far.
struct PlacingRecord {
    var id: Int
    var finals: [Int: FinalSpec] = [:]
}

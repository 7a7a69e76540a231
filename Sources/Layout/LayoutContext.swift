import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// What every layout algorithm of one pass shares, in the manner of taffy's tree context: the
/// inputs (tree, device, theme, style resolver, text measurer, images), the device scale text is
/// measured at, the per-pass caches (styles, sizes, paragraphs) and the recorder the algorithms
/// write into. The algorithms themselves are separate units (`LinearLayout`, `FrameLayout` ...)
/// that take this context; they call back through `layoutNode` / `placeNode` for their children.
final class LayoutContext {
    /// Subtrees deeper than this are skipped, so a pathological tree cannot overflow the stack.
    static let maxDepth = 256

    let tree: WidgetTree
    let device: Device
    let resolver: StyleResolver
    /// The theme's screen-wide looks and widget metrics, resolved by Styles (`StyleResolver.looks`).
    let looks: ThemeLooks
    let measurer: any TextMeasuring
    let images: ImageStore
    let styleOverride: ((Element) -> ResolvedStyle?)?
    /// The theme's platform behaviour (main-axis match-parent, INVISIBLE kinds), read once.
    let profile: PlatformProfile
    /// Pixels per dp that text line metrics snap to: the device's own, passed with every
    /// measurement (the text engine holds no scale of its own, so a backend whose device changes
    /// never reuses paragraphs laid out at another scale).
    let scale: Double
    /// Where the algorithms write frames, text, icons and rows.
    let out = LayoutRecorder()
    /// Border-box sizes per element and spec, and the container being placed (`NodeSizing`).
    var sizing = SizeCache()
    private var paragraphs = ParagraphCache()

    init(
        tree: WidgetTree, device: Device, resolver: StyleResolver, measurer: any TextMeasuring,
        images: ImageStore, styleOverride: ((Element) -> ResolvedStyle?)?
    ) {
        self.tree = tree
        self.device = device
        self.resolver = resolver
        self.looks = resolver.looks
        self.measurer = measurer
        self.images = images
        self.styleOverride = styleOverride
        self.profile = resolver.looks.profile
        self.scale = device.scale
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
        if let s = out.style(el.id) { return s }
        var s =
            styleOverride?(el)
            ?? resolver.resolve(kind: el.kind, styles: el.styles, pressed: el.isPressed, selected: el.isSelected)
        if Self.fillsByDefault(el.kind) {
            // Whether the theme's widgetDefaults already say so or not: only the element's own
            // declaration can make these wrap.
            let own = el.styles[.normal]
            if own?.width == nil && s.width == .wrapContent { s.width = .matchParent }
            if own?.height == nil && s.height == .wrapContent { s.height = .matchParent }
        }
        s.margin.bottom += ErrorLine(cx: self).height(el, s)
        out.setStyle(el.id, s)
        return s
    }

    // MARK: Tree

    /// Whether a child takes part in its parent's layout: bars, overlays and views are placed by the
    /// screen; hidden elements and stopped spinners take no space, except the kinds the platform
    /// makes INVISIBLE (Android: they keep their box and are not painted); a widget the platform
    /// does not have never takes part.
    func isInFlow(_ el: Element) -> Bool {
        guard el.isVisible || (profile.keepsSpaceWhenHidden.contains(el.kind) && !el.isPlatformAbsent) else {
            return false
        }
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

    // MARK: Text

    /// A paragraph at the device's scale, through the per-pass cache.
    func paragraph(_ text: AttributedText, _ style: ParagraphStyle, maxWidth: Double?, maxHeight: Double? = nil)
        -> ParagraphLayout
    {
        paragraphs.layout(
            text, style: style, maxWidth: maxWidth.map { max(0, $0) }, maxHeight: maxHeight.map { max(0, $0) },
            deviceScale: scale, using: measurer)
    }

    /// A paragraph laid out in `maxW`, then again in exactly its own width, so that however the
    /// text engine aligns lines inside the width it gets, they end up aligned inside the paragraph's box.
    func fittedParagraph(_ text: AttributedText, _ ps: ParagraphStyle, maxW: Double?, maxH: Double? = nil)
        -> ParagraphLayout
    {
        let p = paragraph(text, ps, maxWidth: maxW, maxHeight: maxH)
        guard p.size.width > 0, maxW.map({ p.size.width < $0 }) ?? true else { return p }
        return paragraph(text, ps, maxWidth: p.size.width, maxHeight: maxH)
    }

    /// The paragraph style of a resolved theme text look.
    func paragraphStyle(_ look: ThemeLooks.Text) -> ParagraphStyle {
        ParagraphStyle(font: FontSpec(family: look.family, weight: look.weight), size: look.size, color: look.color)
    }
}

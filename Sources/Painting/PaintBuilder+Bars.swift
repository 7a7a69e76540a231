import Layout
import Primitives
import SessionFormat
import Styles

/// Bars (action bar, navigation bar, search bar) and the system bands they extend into.
extension PaintBuilder {
    mutating func hairline(_ r: Rect, _ color: Color) {
        guard r.width > 0, r.height > 0 else { return }
        add(.fill(RoundedRect(rect: r), .color(color)))
    }

    /// The theme's placeholder (image views without pixels, missing option icons) in `shape`.
    mutating func paintPlaceholder(_ look: ControlLook.Placeholder, _ shape: RoundedRect) {
        add(.fill(shape, .color(look.fill)))
        if let border = look.border { ring(shape, border) }
    }

    // MARK: Action bar

    /// Title and subtitle at the theme's positions, the back or menu button as paths, "Save" at the right.
    mutating func paintActionBar(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard case .actionBar(let look)? = e.control else { return }
        let lw = look.line.width
        hairline(Rect(x: frame.x, y: frame.maxY - lw, width: frame.width, height: lw), look.line.color)

        // Layout placed and chose the left button (back arrow or the drawer's menu button), the
        // title, and the subtitle and Save as extra texts.
        if let icon = e.iconFrame {
            let iconColor = look.icon
            let paths = look.leftButton == .back ? WidgetPaths.backArrow(in: icon) : WidgetPaths.hamburger(in: icon)
            for path in paths {
                add(.strokePath(path, color: iconColor, width: 2 * icon.width / 24, dash: [], roundCaps: false))
            }
        }
        paintActionBarOptionIcons(e, placeholder: look.placeholder)
        if let p = e.paragraph { drawParagraph(p, at: e.textOrigin ?? frame.origin) }
    }

    /// ADD_OPTION icons (Android's menu icons): the asset each option's text names, as layout placed it (`icon`) in
    /// its box (`rows`, option order); a missing asset shows the image placeholder (the
    /// resource loader reports it).
    mutating func paintActionBarOptionIcons(_ e: LaidOutElement, placeholder: ControlLook.Placeholder) {
        guard let boxes = e.rows else { return }
        for (option, box) in zip(e.options, boxes) where !drawImage(option.icon) {
            paintPlaceholder(placeholder, RoundedRect(rect: box))
        }
    }

    // MARK: Navigation bar

    /// The top line; items are children and paint themselves.
    mutating func paintNavigationBar(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard case .navigationBar(let line)? = e.control else { return }
        hairline(Rect(x: frame.x, y: frame.y, width: frame.width, height: line.width), line.color)
    }

    /// Icon over label, as layout placed them (the selected item's label in the selected colour).
    mutating func paintNavigationItem(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        drawImage(e.icon)
        if let p = e.paragraph { drawParagraph(p, at: e.textOrigin ?? frame.origin) }
    }

    // MARK: Search bar

    /// The rounded field layout placed (the bar's row) holding the text or the hint (layout's paragraph).
    mutating func paintSearchBar(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard case .searchBar(let look)? = e.control else { return }
        hairline(Rect(x: frame.x, y: frame.y, width: frame.width, height: look.line.width), look.line.color)
        guard let field = e.rows?.first else { return }
        add(.fill(RoundedRect(rect: field, radii: Corners(all: look.fieldRadius)), .color(look.field)))
        if let p = e.paragraph { drawParagraph(p, at: e.textOrigin ?? field.origin, clip: RoundedRect(rect: field)) }
    }
}

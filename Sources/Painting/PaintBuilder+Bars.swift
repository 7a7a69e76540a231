import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Bars (action bar, navigation bar, search bar) and the system bands they extend into.
extension PaintBuilder {
    mutating func hairline(_ r: Rect, _ colour: String) {
        guard r.width > 0, r.height > 0 else { return }
        add(.fill(RoundedRect(rect: r), .color(palette.color(colour))))
    }

    // MARK: Action bar

    /// Title and subtitle at the theme's positions, the back or menu button as paths, "Save" at the right.
    mutating func paintActionBar(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.actionBar
        hairline(Rect(x: frame.x, y: frame.maxY - look.lineWidth, width: frame.width, height: look.lineWidth), look.lineColor)

        let hasBack = e.flags & 1 != 0
        let hasMenu = !hasBack && tree.overlayIds.contains { tree[$0]?.kind == .navigationView }
        let ownIcon = Rect(x: frame.x + look.buttonX, y: frame.midY - look.iconSize / 2, width: look.iconSize, height: look.iconSize)
        let icon = layout.iconFrames[e.id] ?? (hasBack || hasMenu ? ownIcon : nil)
        if let icon {
            let iconColor = palette.color(look.iconColor)
            for path in hasBack ? WidgetPaths.backArrow(in: icon) : WidgetPaths.hamburger(in: icon) {
                add(.strokePath(path, color: iconColor, width: 2 * icon.width / 24, dash: [], roundCaps: false))
            }
        }
        paintActionBarOptionIcons(e)
        if layoutPlacedText(e.id) {
            if let p = layout.paragraphs[e.id] { drawParagraph(p, at: layout.textOrigins[e.id] ?? frame.origin) }
            return
        }

        // Layout placed no text: title, subtitle and Save of our own at the theme's positions.
        var right = frame.maxX - 16
        if e.flags & 2 != 0 {
            let ps = palette.paragraphStyle(look.title, color: palette.color(look.saveColor))
            var small = ps
            small.size = look.subtitle.size + 2
            let p = layoutLine(look.saveText, small, maxWidth: nil)
            let x = frame.maxX - look.saveRightInset - p.size.width
            drawParagraph(p, at: Point(x: x, y: frame.midY - lineHeight(p, small) / 2))
            right = x - 16
        }
        let titleColor = s.color != palette.defaultTextColor ? s.color : palette.color(look.title.color)
        let ts = palette.paragraphStyle(look.title, color: titleColor)
        let ss = palette.paragraphStyle(look.subtitle)
        let x = frame.x + (icon == nil ? look.titleX : look.titleXAfterButton)
        let title = layoutLine(e.text, ts, maxWidth: right - x)
        let subtitle = layoutLine(e.text2, ss, maxWidth: right - x)
        let th = e.text.isEmpty ? 0 : lineHeight(title, ts)
        let sh = e.text2.isEmpty ? 0 : lineHeight(subtitle, ss)
        let top = frame.midY - (th + sh) / 2
        func left(_ p: ParagraphLayout) -> Double { look.titleCentered ? frame.midX - p.size.width / 2 : x }
        drawParagraph(title, at: Point(x: left(title), y: top))
        drawParagraph(subtitle, at: Point(x: left(subtitle), y: top + th))
    }

    /// ADD_OPTION icons (Android's menu icons): the asset named by each option's text in the box
    /// layout gave it (`rows`, option order); a missing asset shows the image placeholder (the
    /// resource loader reports it).
    mutating func paintActionBarOptionIcons(_ e: Element) {
        guard let boxes = layout.rows[e.id] else { return }
        for (option, box) in zip(e.options, boxes) where !drawIcon(option.label, in: box) {
            let look = theme.imagePlaceholder
            add(.fill(RoundedRect(rect: box), .color(palette.color(look.background))))
            if look.borderWidth > 0 {
                let c = palette.color(look.borderColor)
                add(.border(RoundedRect(rect: box), widths: Sides(all: look.borderWidth), colors: Sides(all: c), styles: Sides(all: .solid)))
            }
        }
    }

    // MARK: Navigation bar

    /// The top line; items are children and paint themselves (equal widths here if layout placed none).
    mutating func paintNavigationBar(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.navigationBar
        hairline(Rect(x: frame.x, y: frame.y, width: frame.width, height: look.lineWidth), look.lineColor)
        let items = tree.visibleChildren(of: e.id).filter { $0.kind == .navigationBarItem }
        guard !items.isEmpty, items.allSatisfy({ layout.frames[$0.id] == nil }) else { return }
        let w = frame.width / Double(items.count)
        for (i, item) in items.enumerated() {
            paintElement(item.id, frame: Rect(x: frame.x + Double(i) * w, y: frame.y, width: w, height: frame.height))
        }
    }

    /// Icon over label; the selected item (the first unless one is selected) in the selected colour.
    mutating func paintNavigationItem(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.navigationBar
        if let p = layout.paragraphs[e.id] {
            if let box = layout.iconFrames[e.id] { drawIcon(s.icon, in: box) }
            drawParagraph(p, at: layout.textOrigins[e.id] ?? frame.origin)
            return
        }
        let siblings = e.parent.map { tree.visibleChildren(of: $0).filter { $0.kind == .navigationBarItem } } ?? [e]
        let selected = (siblings.first(where: \.isSelected) ?? siblings.first)?.id == e.id
        let ps = palette.paragraphStyle(look.label, color: palette.color(selected ? look.selectedColor : look.color))
        let label = layoutLine(e.text, ps, maxWidth: frame.width - 8)
        let lh = e.text.isEmpty ? 0 : lineHeight(label, ps)
        let hasIcon = s.icon.map { !$0.isEmpty && $0.lowercased() != "none" } ?? false
        let gap = hasIcon && lh > 0 ? 2.0 : 0
        let block = (hasIcon ? look.iconSize : 0) + gap + lh
        var y = frame.y + (min(frame.height, look.height) - block) / 2
        if hasIcon {
            drawIcon(s.icon, in: layout.iconFrames[e.id]
                     ?? Rect(x: frame.midX - look.iconSize / 2, y: y, width: look.iconSize, height: look.iconSize))
            y += look.iconSize + gap
        }
        drawParagraph(label, at: Point(x: frame.midX - label.size.width / 2, y: y))
    }

    // MARK: Search bar

    /// A rounded field holding the text or the hint (layout's paragraph when it placed one).
    mutating func paintSearchBar(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.searchBar
        hairline(Rect(x: frame.x, y: frame.y, width: frame.width, height: look.lineWidth), look.lineColor)
        let h = min(frame.height, look.height)
        let field = Rect(x: frame.x + 8, y: frame.y + 8, width: max(0, frame.width - 16), height: max(0, h - 16))
        add(.fill(RoundedRect(rect: field, radii: Corners(all: min(8, field.height / 2))), .color(Color(rgb: 0xf1f3f4))))
        if let p = layout.paragraphs[e.id] {
            drawParagraph(p, at: layout.textOrigins[e.id] ?? field.origin, clip: RoundedRect(rect: field))
            return
        }
        var ps = ParagraphStyle(s)
        let shown = e.text.isEmpty ? s.hint : e.text
        if e.text.isEmpty { ps.color = s.hintColor }
        let p = layoutLine(shown, ps, maxWidth: field.width - 16)
        drawParagraph(p, at: Point(x: field.x + 8, y: field.midY - lineHeight(p, ps) / 2), clip: RoundedRect(rect: field))
    }
}

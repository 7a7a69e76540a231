import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// The screen's bars (action, navigation, search): each placed at its edge with its title, items,
/// icons and texts laid out by the theme's look rather than by a layout algorithm.
struct ChromeBars {
    let cx: LayoutContext

    /// Places the bars and returns the content area left between them: below the status bar and
    /// the action bar (when the theme says it pushes content), above the search bar, the
    /// navigation bar and the bottom safe area.
    func layout(_ bars: ScreenBars) -> Rect {
        let w = cx.device.width
        var top = cx.device.statusBar
        var bottom = cx.device.height - cx.device.safeAreaBottom
        if let bar = bars.action {
            let look = cx.looks.actionBar
            let frame = Rect(x: 0, y: cx.device.statusBar, width: w, height: barHeight(bar, look.height))
            layoutActionBar(bar, frame)
            if !look.overlaysContent { top = frame.maxY }
        }
        if let bar = bars.navigation {
            let look = cx.looks.navigationBar
            let h = barHeight(bar, look.height)
            // The bar extends over the bottom safe area; its items use the part above it.
            let frame = Rect(x: 0, y: bottom - h, width: w, height: h + cx.device.safeAreaBottom)
            layoutNavigationBar(bar, frame, itemHeight: h)
            if !look.overlaysContent { bottom = frame.minY }
        }
        if let bar = bars.search {
            let h = barHeight(bar, cx.looks.searchBarHeight)
            let frame = Rect(x: 0, y: bottom - h, width: w, height: h)
            layoutSearchBar(bar, frame)
            bottom = frame.minY
        }
        return Rect(x: 0, y: top, width: w, height: max(0, bottom - top))
    }

    /// A bar's height: a fixed height in its style, else the theme's.
    func barHeight(_ bar: Element, _ themeHeight: Double) -> Double {
        if case .fixed(let v) = cx.style(bar).height { return max(0, v) }
        return themeHeight
    }

    /// ActionBar: title (and subtitle under it) at the theme's x, after the left button when there
    /// is one (back arrow by flag bit 0, or a menu button when the app has a drawer); Save at the
    /// right by flag bit 1.
    func layoutActionBar(_ bar: Element, _ frame: Rect) {
        let look = cx.looks.actionBar
        cx.out.setFrame(bar.id, frame)
        let hasDrawer = cx.tree.elements.values.contains { $0.kind == .navigationView }
        let leftButton = bar.flags & 1 != 0 || hasDrawer
        if leftButton {
            cx.out.setIcon(
                bar.id,
                Rect(
                    x: look.buttonX, y: (frame.height - look.iconSize) / 2,
                    width: look.iconSize, height: look.iconSize))
        }
        var right = frame.width - 16
        if bar.flags & 2 != 0 {
            var ps = cx.paragraphStyle(look.title)
            ps.color = look.saveColor
            ps.noWrap = true
            ps.size = look.subtitle.size + 2
            let p = cx.paragraph(AttributedText(look.saveText), ps, maxWidth: nil)
            let x = frame.width - look.saveRightInset - p.size.width
            cx.out.placeExtraText(
                bar.id,
                PlacedText(
                    role: .save, paragraph: p,
                    origin: Point(x: x, y: (frame.height - p.size.height) / 2)))
            right = x - 16
        }
        right = layoutActionBarOptionIcons(bar, frame, right: right)
        let x0 = leftButton ? look.titleXAfterButton : look.titleX
        var ts = cx.paragraphStyle(look.title)
        ts.noWrap = true
        ts.ellipsis = true
        var ss = cx.paragraphStyle(look.subtitle)
        ss.noWrap = true
        ss.ellipsis = true
        let maxW = look.titleCentered ? frame.width - 2 * x0 : right - x0
        let title = cx.fittedParagraph(AttributedText(bar.text), ts, maxW: max(0, maxW))
        let sub = bar.text2.isEmpty ? nil : cx.fittedParagraph(AttributedText(bar.text2), ss, maxW: max(0, maxW))
        let total = title.size.height + (sub?.size.height ?? 0)
        let y0 = (frame.height - total) / 2
        func x(_ p: ParagraphLayout) -> Double { look.titleCentered ? (frame.width - p.size.width) / 2 : x0 }
        cx.out.setText(bar.id, title, at: Point(x: x(title), y: y0))
        if let sub {
            cx.out.placeExtraText(
                bar.id,
                PlacedText(
                    role: .subtitle, paragraph: sub,
                    origin: Point(x: x(sub), y: y0 + title.size.height)))
        }
    }

    /// ADD_OPTION on an ActionBar (Android: one icon asset per option, named by its text): icons
    /// of the theme's icon size, right-aligned at `right` (before Save), in option order left to
    /// right, `actionBarIconGap` apart, centred vertically. Their boxes go to the bar's `rows`, one
    /// per option in option order. Returns the new right edge for the title.
    func layoutActionBarOptionIcons(_ bar: Element, _ frame: Rect, right: Double) -> Double {
        guard !bar.options.isEmpty else { return right }
        let size = cx.looks.actionBar.iconSize
        let gap = Self.actionBarIconGap
        let n = Double(bar.options.count)
        let x0 = right - n * size - (n - 1) * gap
        let rows = (0..<bar.options.count).map { i in
            Rect(x: x0 + Double(i) * (size + gap), y: (frame.height - size) / 2, width: size, height: size)
        }
        cx.out.setRows(bar.id, rows)
        return x0 - 16
    }

    /// Space between action-bar option icons: Android's 48 dp action buttons around 24 dp icons.
    static let actionBarIconGap = 24.0

    /// NavigationBar: items of equal width; each a 24 icon over a 12 label, centred; the selected
    /// item (or the first when none is) in the selected colour.
    func layoutNavigationBar(_ bar: Element, _ frame: Rect, itemHeight: Double) {
        let look = cx.looks.navigationBar
        cx.out.setFrame(bar.id, frame)
        let items = cx.tree.visibleChildren(of: bar.id)
        guard !items.isEmpty else { return }
        let itemW = frame.width / Double(items.count)
        let anySelected = items.contains { $0.isSelected }
        for (i, item) in items.enumerated() {
            let s = cx.style(item)
            let selected = item.isSelected || (!anySelected && i == 0)
            var ps = cx.paragraphStyle(look.label)
            ps.color = selected ? look.selectedColor : look.color
            ps.noWrap = true
            ps.ellipsis = true
            let p = cx.fittedParagraph(AttributedText(item.text), ps, maxW: max(0, itemW - 8))
            let icon = ControlMeasure.hasIcon(s) ? look.iconSize : 0
            let gap = icon > 0 && !item.text.isEmpty ? 2.0 : 0
            let group = icon + gap + p.size.height
            let gy = (itemHeight - group) / 2
            cx.out.setFrame(item.id, Rect(x: Double(i) * itemW, y: 0, width: itemW, height: itemHeight))
            if icon > 0 { cx.out.setIcon(item.id, Rect(x: (itemW - icon) / 2, y: gy, width: icon, height: icon)) }
            cx.out.setText(item.id, p, at: Point(x: (itemW - p.size.width) / 2, y: gy + icon + gap))
        }
    }

    /// SearchBar: its text (or hint) on one line, 16 in from the left, centred vertically.
    /// The rounded field is inset 8 in the bar (at most the theme's bar height tall): the bar's one row.
    func layoutSearchBar(_ bar: Element, _ frame: Rect) {
        cx.out.setFrame(bar.id, frame)
        let fieldHeight = max(0, min(frame.height, cx.looks.searchBarHeight) - 16)
        cx.out.setRows(bar.id, [Rect(x: 8, y: 8, width: max(0, frame.width - 16), height: fieldHeight)])
        let s = cx.style(bar)
        var ps = ParagraphStyle(s)
        ps.noWrap = true
        ps.ellipsis = true
        let shown = bar.text.isEmpty ? s.hint : bar.text
        if bar.text.isEmpty { ps.color = s.hintColor }
        let p = cx.paragraph(AttributedText(shown), ps, maxWidth: max(0, frame.width - 32))
        cx.out.setText(bar.id, p, at: Point(x: 16, y: (frame.height - p.size.height) / 2))
    }
}

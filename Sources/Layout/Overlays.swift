import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Overlays in creation order (`tree.overlayIds`): an open drawer, a visible dialog, an action
/// sheet. Each is a paint root the screen places over the view; its own children are laid out
/// by the same algorithms as the view's.
struct Overlays {
    let cx: LayoutContext

    /// Lays out each visible overlay over `content` (the area between the bars) and lists it.
    func layout(content: Rect) {
        for id in cx.tree.overlayIds {
            guard let el = cx.tree.elements[id], el.isVisible else { continue }
            switch el.kind {
            case .navigationView: layoutDrawer(el)
            case .dialog, .alertDialog: layoutDialog(el, content: content)
            case .actionSheet: layoutActionSheet(el)
            default: continue
            }
            cx.out.addOverlay(id)
        }
    }

    /// The drawer: from the left edge, screen width - 75 wide, full height below the status bar;
    /// its children laid out inside it like a frame layout's.
    func layoutDrawer(_ el: Element) {
        let frame = Rect(
            x: 0, y: cx.device.statusBar, width: max(0, cx.device.width - cx.looks.drawerRightGap),
            height: max(0, cx.device.height - cx.device.statusBar))
        cx.out.placeRoot(el.id, frame)
        let ins = Box.insets(cx.style(el))
        cx.withPlacing(el.id) {
            FrameLayout(cx: cx).placeChildren(
                cx.flowChildren(el),
                in: Rect(x: 0, y: 0, width: frame.width, height: frame.height).inset(by: ins),
                depth: 0)
        }
    }

    /// A dialog: a panel min(W - 48, 560) wide centred in the content area, a 56 header with the
    /// title, the children stacked below at full width inside 16 padding; at most the content
    /// height - 48 tall.
    func layoutDialog(_ el: Element, content: Rect) {
        let look = cx.looks.dialog
        _ = cx.style(el)
        let panelW = max(0, min(cx.device.width - 2 * look.sideMargin, look.maxWidth))
        let pad = look.padding
        let innerW = max(0, panelW - 2 * pad)
        // Margins on both sides, like the side margins: at most the content height - 2 x 24.
        let maxPanelH = max(0, content.height - 2 * look.verticalMargin)
        let maxBodyH = max(0, maxPanelH - look.headerHeight - 2 * pad)
        var placed: [(Int, Rect)] = []
        var cursor = 0.0
        cx.withPlacing(el.id) {
            for kid in cx.flowChildren(el) {
                let cs = cx.style(kid)
                let size = cx.layoutChild(
                    kid, availW: innerW, definiteW: true, availH: max(0, maxBodyH - cursor),
                    definiteH: false, depth: 0)
                let x = Box.align(
                    cs.gravity.horizontalAlign, size: size.width, before: cs.margin.left, after: cs.margin.right,
                    inner: innerW)
                placed.append(
                    (
                        kid.id,
                        Rect(
                            x: pad + x, y: look.headerHeight + pad + cursor + cs.margin.top,
                            width: size.width, height: size.height)
                    ))
                cursor += cs.margin.vertical + size.height
            }
        }
        let panelH = min(look.headerHeight + 2 * pad + cursor, maxPanelH)
        let frame = Rect(
            x: (cx.device.width - panelW) / 2, y: content.minY + (content.height - panelH) / 2,
            width: panelW, height: panelH)
        cx.out.placeRoot(el.id, frame)
        for (id, r) in placed { cx.out.setFrame(id, r) }
        var ts = cx.paragraphStyle(look.title)
        ts.noWrap = true
        ts.ellipsis = true
        // iOS: centred in the navigation bar over the panel (room for its X button on the right);
        // Android: left-aligned at `titleX` (14) in the title row.
        let centred = look.titleCentered
        let title = cx.fittedParagraph(
            AttributedText(el.text), ts, maxW: centred ? max(0, panelW - 2 * look.headerHeight) : innerW)
        let titleX = centred ? (panelW - title.size.width) / 2 : (look.titleX ?? pad)
        cx.out.setText(el.id, title, at: Point(x: titleX, y: (look.headerHeight - title.size.height) / 2))
        cx.out.setRows(el.id, [Rect(x: 0, y: 0, width: panelW, height: look.headerHeight)])
    }

    /// An action sheet: a panel from the bottom with a 44 title row (when titled), a 56 row per
    /// option and a Cancel row; the bottom safe area below the rows.
    func layoutActionSheet(_ el: Element) {
        let look = cx.looks.actionSheet
        _ = cx.style(el)
        let w = cx.device.width
        let titleH = el.text.isEmpty ? 0 : look.titleHeight
        let rowsH = titleH + look.rowHeight * Double(el.options.count + 1)
        let frame = Rect(
            x: 0, y: cx.device.height - rowsH - cx.device.safeAreaBottom, width: w,
            height: rowsH + cx.device.safeAreaBottom)
        cx.out.placeRoot(el.id, frame)
        var rows: [Rect] = []
        var texts: [PlacedText] = []
        func centred(_ text: String, _ look: ThemeLooks.Text, in row: Rect, role: TextRole) -> PlacedText {
            var ps = cx.paragraphStyle(look)
            ps.noWrap = true
            ps.ellipsis = true
            let p = cx.fittedParagraph(AttributedText(text), ps, maxW: max(0, row.width - 32))
            return PlacedText(
                role: role, paragraph: p,
                origin: Point(x: row.midX - p.size.width / 2, y: row.midY - p.size.height / 2))
        }
        var y = 0.0
        if titleH > 0 {
            let row = Rect(x: 0, y: 0, width: w, height: titleH)
            rows.append(row)
            let t = centred(el.text, look.title, in: row, role: .title)
            cx.out.setText(el.id, t.paragraph, at: t.origin)
            y = titleH
        }
        for option in el.options {
            let row = Rect(x: 0, y: y, width: w, height: look.rowHeight)
            rows.append(row)
            texts.append(centred(option.label, look.option, in: row, role: .option))
            y += look.rowHeight
        }
        let cancel = Rect(x: 0, y: y, width: w, height: look.rowHeight)
        rows.append(cancel)
        texts.append(centred(look.cancelText, look.option, in: cancel, role: .cancel))
        cx.out.setRows(el.id, rows)
        cx.out.setExtraTexts(el.id, texts)
    }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

extension LayoutPass {
    /// Overlays in creation order (`tree.overlayIds`): an open drawer, a visible dialog, an action sheet.
    func layoutOverlays(content: Rect) {
        for id in tree.overlayIds {
            guard let el = tree.elements[id], el.isVisible else { continue }
            switch el.kind {
            case .navigationView: layoutDrawer(el)
            case .dialog, .alertDialog: layoutDialog(el, content: content)
            case .actionSheet: layoutActionSheet(el)
            default: continue
            }
            result.overlays.append(id)
        }
    }

    /// The drawer: from the left edge, screen width - 75 wide, full height below the status bar;
    /// its children laid out inside it like a frame layout's.
    func layoutDrawer(_ el: Element) {
        let frame = Rect(x: 0, y: device.statusBar, width: max(0, device.width - theme.drawer.rightGap),
                         height: max(0, device.height - device.statusBar))
        placeRoot(el.id, frame)
        let ins = Box.insets(style(el))
        withPlacing(el.id) {
            placeFrameChildren(flowChildren(el), in: Rect(x: 0, y: 0, width: frame.width, height: frame.height).inset(by: ins),
                               depth: 0)
        }
    }

    /// A dialog: a panel min(W - 48, 560) wide centred in the content area, a 56 header with the
    /// title, the children stacked below at full width inside 16 padding; at most the content
    /// height - 48 tall.
    func layoutDialog(_ el: Element, content: Rect) {
        let look = theme.dialog
        _ = style(el)
        let panelW = max(0, min(device.width - 2 * look.sideMargin, look.maxWidth))
        let pad = look.padding
        let innerW = max(0, panelW - 2 * pad)
        // Margins on both sides, like the side margins: at most the content height - 2 x 24.
        let maxPanelH = max(0, content.height - 2 * look.verticalMargin)
        let maxBodyH = max(0, maxPanelH - look.headerHeight - 2 * pad)
        var placed: [(Int, Rect)] = []
        var cursor = 0.0
        withPlacing(el.id) { for kid in flowChildren(el) {
            let cs = style(kid)
            let size = layoutChild(kid, availW: innerW, definiteW: true, availH: max(0, maxBodyH - cursor),
                                   definiteH: false, depth: 0)
            let x = Box.align(cs.gravity.horizontalAlign, size: size.width, before: cs.margin.left, after: cs.margin.right,
                              inner: innerW)
            placed.append((kid.id, Rect(x: pad + x, y: look.headerHeight + pad + cursor + cs.margin.top,
                                        width: size.width, height: size.height)))
            cursor += cs.margin.vertical + size.height
        } }
        let panelH = min(look.headerHeight + 2 * pad + cursor, maxPanelH)
        let frame = Rect(x: (device.width - panelW) / 2, y: content.minY + (content.height - panelH) / 2,
                         width: panelW, height: panelH)
        placeRoot(el.id, frame)
        for (id, r) in placed { local[id] = r }
        var ts = paragraphStyle(look.title); ts.noWrap = true; ts.ellipsis = true
        // iOS: centred in the navigation bar over the panel (room for its X button on the right);
        // Android: left-aligned at `titleX` (14) in the title row.
        let centred = look.titleCentered ?? false
        let title = fittedParagraph(AttributedText(el.text), ts, maxW: centred ? max(0, panelW - 2 * look.headerHeight) : innerW)
        let titleX = centred ? (panelW - title.size.width) / 2 : (look.titleX ?? pad)
        setText(el.id, title, at: Point(x: titleX, y: (look.headerHeight - title.size.height) / 2))
        localRows[el.id] = [Rect(x: 0, y: 0, width: panelW, height: look.headerHeight)]
    }

    /// An action sheet: a panel from the bottom with a 44 title row (when titled), a 56 row per
    /// option and a Cancel row; the bottom safe area below the rows.
    func layoutActionSheet(_ el: Element) {
        let look = theme.actionSheet
        _ = style(el)
        let w = device.width
        let titleH = el.text.isEmpty ? 0 : look.titleHeight
        let rowsH = titleH + look.rowHeight * Double(el.options.count + 1)
        let frame = Rect(x: 0, y: device.height - rowsH - device.safeAreaBottom, width: w, height: rowsH + device.safeAreaBottom)
        placeRoot(el.id, frame)
        var rows: [Rect] = []
        var texts: [PlacedText] = []
        func centred(_ text: String, _ look: Theme.TextLook, in row: Rect, role: TextRole) -> PlacedText {
            var ps = paragraphStyle(look); ps.noWrap = true; ps.ellipsis = true
            let p = fittedParagraph(AttributedText(text), ps, maxW: max(0, row.width - 32))
            return PlacedText(role: role, paragraph: p,
                              origin: Point(x: row.midX - p.size.width / 2, y: row.midY - p.size.height / 2))
        }
        var y = 0.0
        if titleH > 0 {
            let row = Rect(x: 0, y: 0, width: w, height: titleH)
            rows.append(row)
            let t = centred(el.text, look.title, in: row, role: .title)
            setText(el.id, t.paragraph, at: t.origin)
            y = titleH
        }
        for option in el.options {
            let row = Rect(x: 0, y: y, width: w, height: look.rowHeight)
            rows.append(row); texts.append(centred(option.label, look.option, in: row, role: .option))
            y += look.rowHeight
        }
        let cancel = Rect(x: 0, y: y, width: w, height: look.rowHeight)
        rows.append(cancel); texts.append(centred(look.cancelText, look.option, in: cancel, role: .cancel))
        localRows[el.id] = rows
        localExtraTexts[el.id] = texts
    }

    /// Toasts alive now: the text in a rounded label (padding from the theme), centred, its bottom
    /// edge `bottomOffset` above the content bottom (or centred in the content area), fading
    /// linearly to 0 over the last `fadeDuration` ms.
    func layoutToasts(content: Rect) {
        let look = theme.toast
        let pad = Self.sides(look.padding)
        var ps = paragraphStyle(look.font); ps.align = .center
        for toast in tree.toasts {
            let duration = toast.duration > 0 ? toast.duration : look.defaultDuration
            let remaining = toast.start + duration - tree.time
            guard tree.time >= toast.start, remaining > 0 else { continue }
            let p = fittedParagraph(AttributedText(toast.text), ps, maxW: max(0, device.width - 48 - pad.horizontal))
            let w = p.size.width + pad.horizontal, h = p.size.height + pad.vertical
            let y = look.position.lowercased() == "center" ? content.midY - h / 2 : content.maxY - look.bottomOffset - h
            let frame = Rect(x: (device.width - w) / 2, y: y, width: w, height: h)
            let fade = Double(max(0, look.fadeDuration))
            let opacity = fade > 0 && Double(remaining) < fade ? Double(remaining) / fade : 1
            result.toasts.append((toast: toast, frame: frame, paragraph: p, opacity: opacity))
            result.toastTextOrigins.append(Point(x: frame.x + pad.left, y: frame.y + pad.top))
        }
    }

    /// 1 to 4 numbers in CSS order and repetition.
    static func sides(_ v: [Double]) -> Sides<Double> {
        switch v.count {
        case 0: return .zero
        case 1: return Sides(all: v[0])
        case 2: return Sides(top: v[0], right: v[1], bottom: v[0], left: v[1])
        case 3: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[1])
        default: return Sides(top: v[0], right: v[1], bottom: v[2], left: v[3])
        }
    }
}

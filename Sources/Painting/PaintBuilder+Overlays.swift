import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Overlays over the screen: drawer, dialogs, action sheets (each over a scrim), and toasts.
extension PaintBuilder {
    mutating func paintScrim() {
        add(.fill(RoundedRect(rect: screen), .color(palette.color(theme.scrim))))
    }

    /// One overlay from `layout.overlays`.
    mutating func paintOverlay(_ id: Int) {
        guard let e = tree[id] else { return }
        switch e.kind {
        case .dialog, .alertDialog, .navigationView:
            paintScrim()
            if e.kind == .navigationView && layout.frames[id] == nil {
                paintElement(id, frame: Rect(x: 0, y: 0, width: max(0, device.width - theme.drawer.rightGap), height: device.height))
            } else {
                paintElement(id)
            }
        case .actionSheet:
            paintScrim()
            paintElement(id, frame: layout.frames[id] ?? actionSheetFrame(e))
        default:
            paintElement(id)
        }
    }

    /// The dialog's title in its header row.
    mutating func paintDialogHeader(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.dialog
        if e.kind == .dialog { paintDialogCloseButton(frame) } // iOS: the title bar's "X"
        if let p = layout.paragraphs[e.id] {
            drawParagraph(p, at: layout.textOrigins[e.id] ?? frame.origin)
            return
        }
        guard !e.text.isEmpty else { return }
        let ps = palette.paragraphStyle(look.title)
        let p = layoutLine(e.text, ps, maxWidth: frame.width - 2 * look.padding)
        let header = min(look.headerHeight, frame.height)
        drawParagraph(p, at: Point(x: frame.x + look.padding, y: frame.y + (header - lineHeight(p, ps)) / 2))
    }

    /// A panel from the bottom when layout placed none: title row, option rows, Cancel, safe area.
    func actionSheetFrame(_ e: Element) -> Rect {
        let look = theme.actionSheet
        let h = (e.text.isEmpty ? 0 : look.titleHeight) + look.rowHeight * Double(e.options.count + 1) + device.safeAreaBottom
        return Rect(x: 0, y: device.height - h, width: device.width, height: h)
    }

    /// Title row, one row per option and a Cancel row, with separators between rows.
    mutating func paintActionSheetRows(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.actionSheet
        if let rows = layout.rows[e.id] {
            // Layout placed the rows and their texts (drawn as extra texts): separators between rows.
            for row in rows.dropFirst() {
                hairline(Rect(x: row.x, y: row.y, width: row.width, height: 1), look.separatorColor)
            }
            if let p = layout.paragraphs[e.id] { drawParagraph(p, at: layout.textOrigins[e.id] ?? frame.origin) }
            return
        }
        var y = frame.y
        var first = true
        if !e.text.isEmpty {
            let ps = palette.paragraphStyle(look.title)
            let p = layoutLine(e.text, ps, maxWidth: frame.width - 32)
            drawParagraph(p, at: Point(x: frame.midX - p.size.width / 2, y: y + (look.titleHeight - lineHeight(p, ps)) / 2))
            y += look.titleHeight
            first = false
        }
        let ps = palette.paragraphStyle(look.option)
        for label in e.options.map(\.label) + [look.cancelText] {
            if !first { hairline(Rect(x: frame.x, y: y, width: frame.width, height: 1), look.separatorColor) }
            first = false
            let p = layoutLine(label, ps, maxWidth: frame.width - 32)
            drawParagraph(p, at: Point(x: frame.midX - p.size.width / 2, y: y + (look.rowHeight - lineHeight(p, ps)) / 2))
            y += look.rowHeight
        }
    }

    /// Toasts: a rounded label in a layer whose opacity fades them out.
    mutating func paintToasts() {
        let look = theme.toast
        for (i, t) in layout.toasts.enumerated() where t.opacity > 0 {
            add(.beginLayer(opacity: min(1, t.opacity)))
            let bg = palette.color(look.background).withAlphaMultiplied(by: look.opacity)
            add(.fill(RoundedRect(rect: t.frame, radii: Corners(all: look.radius)), .color(bg)))
            var p = t.paragraph
            if p.lines.isEmpty {
                let pad = look.padding.count >= 2 ? look.padding[1] : (look.padding.first ?? 0)
                p = layoutLine(t.toast.text, palette.paragraphStyle(look.font), maxWidth: t.frame.width - 2 * pad)
            }
            let origin = i < layout.toastTextOrigins.count && !t.paragraph.lines.isEmpty
                ? layout.toastTextOrigins[i] : Point(x: t.frame.midX - p.size.width / 2, y: t.frame.midY - p.size.height / 2)
            drawParagraph(p, at: origin)
            add(.endLayer)
        }
    }
}

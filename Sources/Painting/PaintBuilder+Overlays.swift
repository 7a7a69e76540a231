import Layout
import Primitives
import SessionFormat
import Styles

/// Overlays over the screen: drawer, dialogs, action sheets (each over a scrim), and toasts.
extension PaintBuilder {
    mutating func paintScrim() {
        add(.fill(RoundedRect(rect: screen), .color(layout.screen.scrim)))
    }

    /// One overlay from `layout.overlays`: panels over a scrim.
    mutating func paintOverlay(_ id: Int) {
        guard let e = layout[id] else { return }
        switch e.kind {
        case .dialog, .alertDialog, .navigationView, .actionSheet: paintScrim()
        default: break
        }
        paintElement(id)
    }

    /// The dialog's title in its header row.
    mutating func paintDialogHeader(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if case .dialog(let close?)? = e.control { paintDialogCloseButton(close, frame) }  // iOS: the title bar's "X"
        if let p = e.paragraph { drawParagraph(p, at: e.textOrigin ?? frame.origin) }
    }

    /// Separators between the rows layout placed (their texts are the extra texts).
    mutating func paintActionSheetRows(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if let rows = e.rows, case .actionSheet(let separator)? = e.control {
            for row in rows.dropFirst() { hairline(Rect(x: row.x, y: row.y, width: row.width, height: 1), separator) }
        }
        if let p = e.paragraph { drawParagraph(p, at: e.textOrigin ?? frame.origin) }
    }

    /// Toasts: a rounded label in a layer whose opacity fades them out.
    mutating func paintToasts() {
        for t in layout.toasts where t.opacity > 0 {
            add(.beginLayer(opacity: min(1, t.opacity)))
            add(.fill(RoundedRect(rect: t.frame, radii: Corners(all: t.radius)), .color(t.background)))
            drawParagraph(t.paragraph, at: t.origin)
            add(.endLayer)
        }
    }
}

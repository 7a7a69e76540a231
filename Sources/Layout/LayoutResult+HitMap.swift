import Primitives
import WidgetTree

extension LayoutResult {
    /// Where touches land on this frame (semantics.md item 39), walked as `Painter.paint` paints
    /// it: the active view's subtree, the bars, then the overlays, each element clipped as painting
    /// clips its children (scroll layouts and `overflow: hidden` to their padding box) and by the
    /// screen. What is not painted (opacity 0, a stopped spinner, hidden) takes no touch. The
    /// application's own box is only the window behind and takes none; a launch screen none.
    package func hitMap(screen: Rect) -> HitMap {
        var map = HitMap(screen: screen)
        guard !self.screen.showsLaunchScreen else { return map }
        map.browser = browser.map { HitMap.BrowserArea(frame: $0.frame, close: $0.close) }
        var roots: [(id: Int, blocks: Bool)] = []
        if let v = self.screen.activeView { roots.append((v, false)) }
        roots += bars.map { ($0, false) }
        for o in overlays {
            let kind = elements[o]?.kind
            roots.append(
                (o, kind == .dialog || kind == .alertDialog || kind == .actionSheet || kind == .navigationView))
        }
        for (rootId, blocks) in roots {
            // (id, painted parent, the clip its parent gives it, the ancestor that clip is from)
            var stack: [(id: Int, parent: Int?, clip: Rect, clipper: Int?)] = [(rootId, nil, screen, nil)]
            var first = true
            while let (id, parent, clip, clipper) = stack.popLast() {
                guard let e = elements[id], e.style.opacity > 0, !(e.kind == .progressSpinner && e.isStopped)
                else { continue }
                let v = e.frame.intersection(clip)
                let visible = v.width > 0 && v.height > 0 ? v : nil
                let empty = e.frame.width <= 0 || e.frame.height <= 0
                map.append(
                    HitMap.Entry(
                        id: id, kind: e.kind, frame: e.frame, visible: empty ? nil : visible, parent: parent,
                        clippedBy: visible == nil && !empty ? clipper : nil, rows: Self.sheetRows(e)),
                    blocks: first && blocks)
                first = false
                let clips = e.kind == .scrollLayout || e.style.overflowHidden
                let inner = clips ? clip.intersection(e.frame.inset(by: e.style.borderWidths)) : clip
                for c in e.children.reversed() { stack.append((c, id, inner, clips ? id : clipper)) }
            }
        }
        return map
    }

    /// An action sheet's option rows and its Cancel row (the last ones of `rows`, after the title
    /// row when there is one), each with the text layout placed in it (semantics.md item 40).
    static func sheetRows(_ e: LaidOutElement) -> [HitMap.Row] {
        guard e.kind == .actionSheet, let rows = e.rows else { return [] }
        let texts = e.extraTexts.filter { $0.role == .option || $0.role == .cancel }
        guard texts.count <= rows.count else { return [] }
        return zip(rows.suffix(texts.count), texts).map { row, text in
            HitMap.Row(frame: row, label: text.paragraph.lines.map(\.text).joined(separator: " "))
        }
    }
}

import Layout
import Primitives

/// The in-app browser's placeholder page (semantics.md 7 item 42), over the overlays and under the
/// toasts: a white page, the bar with the URL and the close control, the note in the body.
extension PaintBuilder {
    /// Side and stroke width (dp) of the Material close cross in its 24 dp icon box.
    static let browserCross = 14.0, browserCrossStroke = 2.0

    mutating func paintBrowser() {
        guard let b = layout.browser else { return }
        add(.fill(RoundedRect(rect: b.frame), .color(.white)))
        add(.fill(RoundedRect(rect: b.bar), .color(b.barBackground)))
        if let line = b.line { hairline(line, b.lineColor) }
        drawParagraph(b.title, at: b.titleOrigin)
        if let text = b.closeText { drawParagraph(text, at: b.closeTextOrigin) }
        if let box = b.closeCross {
            let half = min(Self.browserCross, box.width) / 2
            for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
                let path: [PathSegment] = [
                    .move(Point(x: box.midX - half * dx, y: box.midY - half * dy)),
                    .line(Point(x: box.midX + half * dx, y: box.midY + half * dy)),
                ]
                add(.strokePath(path, color: b.closeColor, width: Self.browserCrossStroke, dash: [], roundCaps: true))
            }
        }
        if let more = b.more { drawParagraph(more, at: b.moreOrigin) }
        drawParagraph(b.note, at: b.noteOrigin)
    }
}

import Foundation
import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// The theme's looks of leaf widgets (semantics.md appendix).
extension PaintBuilder {
    /// Whether the element set its own `tint` (the resolved default is the theme-independent blue).
    func styledTint(_ s: ResolvedStyle) -> Color? { s.declaredTint }

    /// A thin line along the bottom of the frame (fields, pickers), unless the element has a border.
    mutating func bottomLine(_ frame: Rect, _ s: ResolvedStyle, color: Color, width: Double) {
        let bw = s.borderWidths
        guard bw.top == 0, bw.right == 0, bw.bottom == 0, bw.left == 0, width > 0 else { return }
        add(.fill(RoundedRect(rect: Rect(x: frame.x, y: frame.maxY - width, width: frame.width, height: width)), .color(color)))
    }

    // MARK: Button

    mutating func paintButton(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        var overlay = theme.button.pressedOverlay
        if let onBackground = theme.button.pressedOverlayOnBackground, Self.fills(s.background) { overlay = onBackground }
        if e.isPressed && !overlay.isEmpty {
            add(.fill(PaintBuilder.outline(frame, widgetBox(e, s).radii), .color(palette.color(overlay))))
        }
        let content = PaintBuilder.contentBox(frame, s)
        let text = elementParagraph(e, s, frame)
        let size = theme.button.iconSize, gap = theme.button.iconGap
        if let icon = s.icon, icon.lowercased() != "none", let box = layout.iconFrames[e.id] {
            drawIcon(icon, in: box)
        } else if let icon = s.icon, icon.lowercased() != "none" {
            var box = Rect(x: content.midX - size / 2, y: content.midY - size / 2, width: size, height: size)
            if let (p, o) = text, p.size.width > 0 {
                let t = Rect(x: o.x, y: o.y, width: p.size.width, height: p.size.height)
                switch s.iconAttachment {
                case .left: box.x = t.minX - gap - size
                case .right: box.x = t.maxX + gap
                case .top: box.x = t.midX - size / 2; box.y = t.minY - gap - size
                case .bottom: box.x = t.midX - size / 2; box.y = t.maxY + gap
                }
            }
            drawIcon(icon, in: box)
        }
        if let (p, o) = text { drawParagraph(p, at: o, clip: PaintBuilder.paddingBox(frame, s)) }
    }

    /// Whether a background paints anything (Android picks its darker pressed overlay then).
    static func fills(_ b: Background?) -> Bool {
        guard let b else { return false }
        if case .color(let c) = b { return c.a > 0 }
        return true
    }

    // MARK: Text fields

    mutating func paintTextField(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.textField
        let hasError = (e.errorText ?? "").isEmpty == false
        let errorColor = Color(rgb: 0xd32f2f)
        // iOS: a UITextField's bezel (a UITextView has none); else the underline.
        if !(e.kind == .textField && paintTextFieldBezel(s, frame, error: hasError ? errorColor : nil)) {
            bottomLine(frame, s, color: hasError ? errorColor : palette.color(look.lineColor), width: look.lineWidth)
        }

        let content = PaintBuilder.contentBox(frame, s)
        let clip = PaintBuilder.paddingBox(frame, s)
        let isPassword = e.kind == .textField && (e.flags & 1 != 0 || e.flags & 16 != 0)
        let dot = look.passwordDot.isEmpty ? "•" : look.passwordDot
        var pstyle = ParagraphStyle(s)
        let shown: String
        if e.text.isEmpty {
            shown = s.hint
            pstyle.color = s.hintColor
        } else if isPassword {
            shown = String(repeating: dot, count: e.text.count)
        } else {
            shown = e.text
        }
        // Layout's paragraph is used when it shows what the field shows: its text, or the dots and the
        // hint when layout already made them (otherwise they are laid out here).
        let layoutText = layout.paragraphs[e.id].map { $0.lines.map(\.text).joined() }
        let layoutShowsIt = (!isPassword && !e.text.isEmpty) || layoutText == shown
        if let p = layout.paragraphs[e.id], layoutShowsIt {
            drawParagraph(p, at: layout.textOrigins[e.id] ?? content.origin, clip: clip)
        } else if !shown.isEmpty {
            let p = e.kind == .textView
                ? text.layout(AttributedText(shown), style: pstyle, maxWidth: content.width, deviceScale: device.scale)
                : layoutLine(shown, pstyle, maxWidth: nil)
            let origin: Point
            if let o = layout.textOrigins[e.id] { origin = o }
            else if e.kind == .textView { origin = content.origin }
            else { origin = Point(x: content.x, y: content.midY - lineHeight(p, pstyle) / 2) }
            drawParagraph(p, at: origin, clip: clip)
        }
        let layoutHasError = layout.extraTexts[e.id]?.contains { $0.role == "error" } ?? false
        if hasError, !layoutHasError, let message = e.errorText {
            var es = ParagraphStyle(s)
            es.color = errorColor
            es.size = max(1, s.fontSize - 3)
            let p = layoutLine(message, es, maxWidth: nil)
            drawParagraph(p, at: Point(x: content.x, y: frame.maxY + 2))
        }
    }

    // MARK: Switch and checkbox

    mutating func paintSwitch(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.switchControl
        let content = PaintBuilder.contentBox(frame, s)
        let on = e.value != 0
        // The label is on the left, the track at the right end of the content box.
        let track = layout.iconFrames[e.id] ?? Rect(x: content.maxX - look.trackWidth, y: content.midY - look.trackHeight / 2,
                                                    width: look.trackWidth, height: look.trackHeight)
        let trackColor = on ? (styledTint(s) ?? palette.color(look.onColor)) : palette.color(look.offColor)
        add(.fill(RoundedRect(rect: track, radii: Corners(all: look.trackRadius)), .color(trackColor)))
        let d = look.thumbSize
        let thumb = Rect(x: on ? track.maxX - d : track.minX, y: track.midY - d / 2, width: d, height: d)
        let round = RoundedRect(rect: thumb, radii: Corners(all: d / 2))
        add(.fill(round, .color(palette.color(look.thumbColor))))
        if look.thumbRingWidth > 0 {
            let c = palette.color(look.thumbRingColor)
            add(.border(round, widths: Sides(all: look.thumbRingWidth), colors: Sides(all: c), styles: Sides(all: .solid)))
        }
        drawElementText(e, s, frame)
    }

    mutating func paintCheckbox(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.checkbox
        let content = PaintBuilder.contentBox(frame, s)
        let box = layout.iconFrames[e.id] ?? Rect(x: content.x, y: content.midY - look.size / 2, width: look.size, height: look.size)
        let round = RoundedRect(rect: box, radii: Corners(all: look.radius))
        if e.value != 0 {
            add(.fill(round, .color(styledTint(s) ?? palette.color(look.checkedColor))))
            add(.strokePath(WidgetPaths.tick(in: box), color: palette.color(look.tickColor), width: look.borderWidth,
                            dash: [], roundCaps: true))
        } else {
            let c = palette.color(look.borderColor)
            add(.border(round, widths: Sides(all: look.borderWidth), colors: Sides(all: c), styles: Sides(all: .solid)))
        }
        drawElementText(e, s, frame)
    }

    // MARK: Picker

    mutating func paintPicker(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.picker
        bottomLine(frame, s, color: palette.color(look.lineColor), width: look.lineWidth)
        let content = PaintBuilder.contentBox(frame, s)
        let clip = PaintBuilder.paddingBox(frame, s)
        if let p = layout.paragraphs[e.id] {
            drawParagraph(p, at: layout.textOrigins[e.id] ?? content.origin, clip: clip)
        } else {
            let label = e.options.indices.contains(e.value) ? e.options[e.value].label : (e.options.first?.label ?? e.text)
            let ps = ParagraphStyle(s)
            let p = layoutLine(label, ps, maxWidth: content.width - look.arrowWidth - 4)
            drawParagraph(p, at: Point(x: content.x, y: content.midY - lineHeight(p, ps) / 2), clip: clip)
        }
        let arrowStyle = ParagraphStyle(s)
        let arrow = layoutLine(look.arrow, arrowStyle, maxWidth: nil)
        let column = layout.iconFrames[e.id] ?? Rect(x: content.maxX - look.arrowWidth, y: content.y,
                                                     width: look.arrowWidth, height: content.height)
        drawParagraph(arrow, at: Point(x: column.midX - arrow.size.width / 2, y: column.midY - lineHeight(arrow, arrowStyle) / 2))
    }

    // MARK: Spinner and page control

    /// 12 spokes, the brightest at the spinner's angle, turning clockwise once a second from creation.
    mutating func paintSpinner(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.spinner
        let content = PaintBuilder.contentBox(frame, s)
        let size = min(content.width, content.height)
        guard size > 0, look.spokes > 0 else { return }
        let color = styledTint(s) ?? palette.color(look.color)
        let r = size / 2
        let width = max(1, size / 12)
        let center = Point(x: content.midX, y: content.midY)
        let ms = ((tree.time - e.createdAt) % 1000 + 1000) % 1000
        let turn = Double(ms) / 1000 * 2 * .pi
        let n = look.spokes
        // Trailing spokes (behind the head, counter-clockwise) fade out.
        for i in stride(from: n - 1, through: 0, by: -1) {
            let angle = turn - Double(i) * 2 * .pi / Double(n)
            let alpha = 1 - Double(i) / Double(n)
            add(.strokePath(WidgetPaths.spoke(center: center, inner: r * 0.5, outer: r - width / 2, angle: angle),
                            color: color.withAlphaMultiplied(by: alpha), width: width, dash: [], roundCaps: true))
        }
    }

    mutating func paintPageControl(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.pageControl
        let content = PaintBuilder.contentBox(frame, s)
        let count = e.value
        let current = 0
        guard count > 0 else { return }
        let total = Double(count) * look.dotSize + Double(count - 1) * look.gap
        let row = layout.iconFrames[e.id] ?? Rect(x: content.midX - total / 2, y: content.midY - look.dotSize / 2,
                                                  width: total, height: look.dotSize)
        var x = row.x
        for i in 0..<count {
            let dot = Rect(x: x, y: row.midY - look.dotSize / 2, width: look.dotSize, height: look.dotSize)
            let c = palette.color(i == current ? look.currentColor : look.color)
            add(.fill(RoundedRect(rect: dot, radii: Corners(all: look.dotSize / 2)), .color(c)))
            x += look.dotSize + look.gap
        }
    }

    // MARK: Segmented control

    /// Layout's segment cells in a tinted outline, the selected one (`value`) tinted lightly so that
    /// layout's labels stay readable on it.
    mutating func paintSegments(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        guard let cells = layout.rows[e.id], let first = cells.first, let last = cells.last else { return }
        let tint = styledTint(s) ?? palette.color(theme.checkbox.checkedColor)
        let box = Rect(x: first.minX, y: first.minY, width: last.maxX - first.minX, height: first.height)
        let outline = RoundedRect(rect: box, radii: Corners(all: 4))
        if cells.indices.contains(e.value) {
            let cell = cells[e.value]
            let radii = Corners(topLeft: e.value == 0 ? 4 : 0, topRight: e.value == cells.count - 1 ? 4 : 0,
                                bottomRight: e.value == cells.count - 1 ? 4 : 0, bottomLeft: e.value == 0 ? 4 : 0)
            add(.fill(RoundedRect(rect: cell, radii: radii), .color(tint.withAlphaMultiplied(by: 0.2))))
        }
        for cell in cells.dropFirst() {
            add(.fill(RoundedRect(rect: Rect(x: cell.minX, y: cell.minY, width: 1, height: cell.height)), .color(tint)))
        }
        add(.border(outline, widths: Sides(all: 1), colors: Sides(all: tint), styles: Sides(all: .solid)))
    }
}

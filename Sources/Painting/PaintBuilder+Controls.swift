import Foundation
import Primitives
import SessionFormat
import Styles
import Layout

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

    mutating func paintButton(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        var overlay = theme.button.pressedOverlay
        if let onBackground = theme.button.pressedOverlayOnBackground, Self.fills(s.background) { overlay = onBackground }
        if e.isPressed && !overlay.isEmpty {
            add(.fill(PaintBuilder.outline(frame, e.look.radii), .color(palette.color(overlay))))
        }
        if let icon = s.icon, icon.lowercased() != "none", let box = e.iconFrame { drawIcon(icon, in: box) }
        drawElementText(e, s, frame)
    }

    /// Whether a background paints anything (Android picks its darker pressed overlay then).
    static func fills(_ b: Background?) -> Bool {
        guard let b else { return false }
        if case .color(let c) = b { return c.a > 0 }
        return true
    }

    // MARK: Text fields

    mutating func paintTextField(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.textField
        let hasError = (e.errorText ?? "").isEmpty == false
        let errorColor = Color(rgb: 0xd32f2f)
        // iOS: a UITextField's bezel (a UITextView has none); else the underline.
        if !(e.kind == .textField && paintTextFieldBezel(s, frame, error: hasError ? errorColor : nil)) {
            bottomLine(frame, s, color: hasError ? errorColor : palette.color(look.lineColor), width: look.lineWidth)
        }

        // Layout's paragraph, or what it placed instead (the hint, password dots); the error line
        // is one of the extra texts.
        if let shown = e.placeholder {
            drawParagraph(shown.paragraph, at: shown.origin, clip: PaintBuilder.paddingBox(frame, s))
        } else {
            drawElementText(e, s, frame)
        }
    }

    // MARK: Switch and checkbox

    mutating func paintSwitch(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.switchControl
        let content = PaintBuilder.contentBox(frame, s)
        let on = e.value != 0
        // The label is on the left, the track at the right end of the content box.
        let track = e.iconFrame ?? Rect(x: content.maxX - look.trackWidth, y: content.midY - look.trackHeight / 2,
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

    mutating func paintCheckbox(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.checkbox
        let content = PaintBuilder.contentBox(frame, s)
        let box = e.iconFrame ?? Rect(x: content.x, y: content.midY - look.size / 2, width: look.size, height: look.size)
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

    mutating func paintPicker(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.picker
        bottomLine(frame, s, color: palette.color(look.lineColor), width: look.lineWidth)
        drawElementText(e, s, frame)
        if let arrow = e.arrow { drawParagraph(arrow.paragraph, at: arrow.origin) }
    }

    // MARK: Spinner and page control

    /// 12 spokes, the brightest at the spinner's angle, turning clockwise once a second from creation.
    mutating func paintSpinner(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.spinner
        let content = PaintBuilder.contentBox(frame, s)
        let size = min(content.width, content.height)
        guard size > 0, look.spokes > 0 else { return }
        let color = styledTint(s) ?? palette.color(look.color)
        let r = size / 2
        let width = max(1, size / 12)
        let center = Point(x: content.midX, y: content.midY)
        let ms = (e.age % 1000 + 1000) % 1000
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

    mutating func paintPageControl(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = theme.pageControl
        let content = PaintBuilder.contentBox(frame, s)
        let count = e.value
        let current = 0
        guard count > 0 else { return }
        let total = Double(count) * look.dotSize + Double(count - 1) * look.gap
        let row = e.iconFrame ?? Rect(x: content.midX - total / 2, y: content.midY - look.dotSize / 2,
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
    mutating func paintSegments(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard let cells = e.rows, let first = cells.first, let last = cells.last else { return }
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

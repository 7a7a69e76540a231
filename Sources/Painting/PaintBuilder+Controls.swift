import Foundation
import Layout
import Primitives
import SessionFormat
import Styles

/// Leaf widgets drawn from their control looks (semantics.md appendix): layout chose the colours
/// and sizes (`ControlLook`); here they become shapes.
extension PaintBuilder {
    /// A thin line along the bottom of the frame (fields, pickers).
    mutating func bottomLine(_ frame: Rect, _ line: ControlLook.Line) {
        let strip = Rect(x: frame.x, y: frame.maxY - line.width, width: frame.width, height: line.width)
        add(.fill(RoundedRect(rect: strip), .color(line.color)))
    }

    /// A border of one width and colour around a rounded rectangle (rings, boxes, placeholders).
    mutating func ring(_ shape: RoundedRect, _ line: ControlLook.Line) {
        add(.border(shape, widths: Sides(all: line.width), colors: Sides(all: line.color), styles: Sides(all: .solid)))
    }

    // MARK: Button

    mutating func paintButton(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if case .button(let overlay?)? = e.control {
            add(.fill(PaintBuilder.outline(frame, e.look.radii), .color(overlay)))
        }
        drawImage(e.icon)
        drawElementText(e, s, frame)
    }

    // MARK: Text fields

    mutating func paintTextField(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if case .field(let look)? = e.control {
            if let bezel = look.bezel { paintTextFieldBezel(bezel, frame) }
            if let line = look.underline { bottomLine(frame, line) }
        }

        // Layout's paragraph, or what it placed instead (the hint, password dots); the error line
        // is one of the extra texts.
        if let shown = e.placeholder {
            drawParagraph(shown.paragraph, at: shown.origin, clip: PaintBuilder.paddingBox(frame, s, e.look.radii))
        } else {
            drawElementText(e, s, frame)
        }
    }

    // MARK: Switch and checkbox

    mutating func paintSwitch(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        // Layout placed the track (the icon frame) at the right end of the content box, the label on the left.
        guard case .switchControl(let look)? = e.control, let track = e.iconFrame else {
            return drawElementText(e, s, frame)
        }
        let on = e.value != 0
        add(.fill(RoundedRect(rect: track, radii: Corners(all: look.trackRadius)), .color(look.track)))
        let d = look.thumbSize
        let thumb = Rect(x: on ? track.maxX - d : track.minX, y: track.midY - d / 2, width: d, height: d)
        let round = RoundedRect(rect: thumb, radii: Corners(all: d / 2))
        add(.fill(round, .color(look.thumb)))
        if let line = look.ring { ring(round, line) }
        drawElementText(e, s, frame)
    }

    mutating func paintCheckbox(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard case .checkbox(let look)? = e.control, let box = e.iconFrame else { return drawElementText(e, s, frame) }
        let round = RoundedRect(rect: box, radii: Corners(all: look.radius))
        if e.value != 0 {
            add(.fill(round, .color(look.checked)))
            add(
                .strokePath(
                    WidgetPaths.tick(in: box), color: look.tick, width: look.strokeWidth, dash: [],
                    roundCaps: true))
        } else {
            ring(round, ControlLook.Line(color: look.border, width: look.strokeWidth))
        }
        drawElementText(e, s, frame)
    }

    // MARK: Picker

    mutating func paintPicker(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        if case .picker(let line?)? = e.control { bottomLine(frame, line) }
        drawElementText(e, s, frame)
        if let arrow = e.arrow { drawParagraph(arrow.paragraph, at: arrow.origin) }
    }

    // MARK: Spinner and page control

    /// 12 spokes, the brightest at the spinner's angle, turning clockwise once a second from creation.
    mutating func paintSpinner(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard case .spinner(let color, let n)? = e.control else { return }
        let content = s.contentBox(of: frame)
        let size = min(content.width, content.height)
        guard size > 0, n > 0 else { return }
        let r = size / 2
        let width = max(1, size / 12)
        let center = Point(x: content.midX, y: content.midY)
        let ms = (e.age % 1000 + 1000) % 1000
        let turn = Double(ms) / 1000 * 2 * .pi
        // Trailing spokes (behind the head, counter-clockwise) fade out.
        for i in stride(from: n - 1, through: 0, by: -1) {
            let angle = turn - Double(i) * 2 * .pi / Double(n)
            let alpha = 1 - Double(i) / Double(n)
            add(
                .strokePath(
                    WidgetPaths.spoke(center: center, inner: r * 0.5, outer: r - width / 2, angle: angle),
                    color: color.withAlphaMultiplied(by: alpha), width: width, dash: [], roundCaps: true))
        }
    }

    mutating func paintPageControl(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        // Layout placed the row of dots (the icon frame), centred in the content box.
        guard case .pageControl(let look)? = e.control, let row = e.iconFrame else { return }
        let count = e.value
        let current = 0
        guard count > 0 else { return }
        var x = row.x
        for i in 0..<count {
            let dot = Rect(x: x, y: row.midY - look.dotSize / 2, width: look.dotSize, height: look.dotSize)
            let c = i == current ? look.current : look.other
            add(.fill(RoundedRect(rect: dot, radii: Corners(all: look.dotSize / 2)), .color(c)))
            x += look.dotSize + look.gap
        }
    }

    // MARK: Segmented control

    /// Layout's segment cells in a tinted outline, the selected one (`value`) in layout's selected fill.
    mutating func paintSegments(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard let cells = e.rows, let first = cells.first, let last = cells.last,
            case .segments(let tint, let selectedFill, let r)? = e.control
        else { return }
        let box = Rect(x: first.minX, y: first.minY, width: last.maxX - first.minX, height: first.height)
        let outline = RoundedRect(rect: box, radii: Corners(all: r))
        if cells.indices.contains(e.value) {
            let cell = cells[e.value]
            let isFirst = e.value == 0
            let isLast = e.value == cells.count - 1
            let radii = Corners(
                topLeft: isFirst ? r : 0, topRight: isLast ? r : 0, bottomRight: isLast ? r : 0,
                bottomLeft: isFirst ? r : 0)
            add(.fill(RoundedRect(rect: cell, radii: radii), .color(selectedFill)))
        }
        for cell in cells.dropFirst() {
            add(.fill(RoundedRect(rect: Rect(x: cell.minX, y: cell.minY, width: 1, height: cell.height)), .color(tint)))
        }
        add(.border(outline, widths: Sides(all: 1), colors: Sides(all: tint), styles: Sides(all: .solid)))
    }
}

import Primitives
import Styles
import TextLayout
import WidgetTree

/// The controls among the leaves (`LeafMeasure`): buttons, text fields, switches, checkboxes,
/// pickers, segmented controls and radio groups without child elements. Each measures its content
/// and, once its box is known, places its text, icon and rows.
struct ControlMeasure {
    let cx: LayoutContext

    /// Whether a style names an icon.
    static func hasIcon(_ s: ResolvedStyle) -> Bool { iconKey(s.icon) != nil }

    /// The image-store key of an icon asset name (an `icon` style, an action bar option's label);
    /// nil for no name, an empty one or `none`. The one rule for whether something has an icon.
    static func iconKey(_ name: String?) -> String? {
        guard let name, !name.isEmpty, name.lowercased() != "none" else { return nil }
        return ImageStore.assetKey(name)
    }

    /// Button (and a bar item laid out in a layout): the title plus an optional icon with a gap on
    /// its attachment side, plus padding. The theme's minimum height is the `min-height` of its
    /// `widgetDefaults.button`, a default the session's own `min-height` replaces (`0` included),
    /// merged by the style resolver. The icon and title are centred as a group in the content box.
    func measureButton(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?, maxH: Double?)
        -> LeafContent
    {
        let look = cx.looks.controls
        let icon = Self.hasIcon(s) ? look.buttonIconSize : 0
        let gap = icon > 0 && !el.text.isEmpty ? look.buttonIconGap : 0
        let beside = s.iconAttachment == .left || s.iconAttachment == .right
        var ps = ParagraphStyle(s)
        if ps.align == nil { ps.align = .center }
        let titleMaxW = maxW.map { max(0, $0 - (beside ? icon + gap : 0)) }
        let p = cx.fittedParagraph(AttributedText(el.text), ps, maxW: titleMaxW, maxH: maxH)
        let group =
            beside
            ? Size(width: p.size.width + gap + icon, height: max(p.size.height, icon))
            : Size(width: max(p.size.width, icon), height: p.size.height + gap + icon)
        return LeafContent(size: group) { [self] own in
            let inner = Rect(
                x: ins.left, y: ins.top, width: max(0, own.width - ins.horizontal),
                height: max(0, own.height - ins.vertical))
            let gx = inner.x + (inner.width - group.width) / 2
            let gy = inner.y + (inner.height - group.height) / 2
            var title = Point(
                x: inner.x + (inner.width - p.size.width) / 2, y: inner.y + (inner.height - p.size.height) / 2)
            var iconRect: Rect? = nil
            if icon > 0 {
                switch s.iconAttachment {
                case .left:
                    iconRect = Rect(x: gx, y: inner.midY - icon / 2, width: icon, height: icon)
                    title.x = gx + icon + gap
                case .right:
                    title.x = gx
                    iconRect = Rect(x: gx + p.size.width + gap, y: inner.midY - icon / 2, width: icon, height: icon)
                case .top:
                    iconRect = Rect(x: inner.midX - icon / 2, y: gy, width: icon, height: icon)
                    title.y = gy + icon + gap
                case .bottom:
                    title.y = gy
                    iconRect = Rect(x: inner.midX - icon / 2, y: gy + p.size.height + gap, width: icon, height: icon)
                }
            }
            cx.out.setText(el.id, p, at: title)
            if let iconRect { cx.out.setIcon(el.id, iconRect) }
        }
    }

    /// TextField: one line of text (or the hint, in the hint colour; password dots) at least the
    /// style's natural height (the theme's, unless the session's styles set a `min-height` of their
    /// own: the resolver decides). Its padding, the theme's unless declared, is in `ins`.
    func measureTextField(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let pad = ins
        var ps = ParagraphStyle(s)
        ps.noWrap = true
        let shown: String
        if el.text.isEmpty {
            shown = s.hint
            ps.color = s.hintColor
        } else if el.flags & 1 != 0 || el.flags & 16 != 0 {
            shown = String(repeating: cx.looks.controls.passwordDot, count: el.text.count)
        } else {
            shown = el.text
        }
        let p = cx.paragraph(AttributedText(shown), ps, maxWidth: maxW)
        return LeafContent(size: p.size, minHeight: s.naturalMinHeight) { [self] own in
            let innerH = own.height - pad.vertical
            let final = cx.paragraph(AttributedText(shown), ps, maxWidth: max(0, own.width - pad.horizontal))
            cx.out.setText(el.id, final, at: Point(x: pad.left, y: pad.top + (innerH - final.size.height) / 2))
            if let error = el.errorText, !error.isEmpty {
                let ep = cx.paragraph(AttributedText(error), ErrorLine.style(s), maxWidth: own.width)
                cx.out.placeExtraText(
                    el.id,
                    PlacedText(
                        role: .error, paragraph: ep,
                        origin: Point(x: pad.left, y: own.height + 2)))
            }
        }
    }

    /// Switch: the label (on or off text) 8 to the left of the track; the track is the icon frame.
    func measureSwitch(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let look = cx.looks.controls
        // iOS's UISwitch has no labels (PlatformProfile.switchShowsLabels); the track alone.
        let label = !cx.profile.switchShowsLabels ? "" : el.value != 0 ? el.text : el.text2
        let control = Size(width: look.switchTrackWidth, height: max(look.switchThumbSize, look.switchTrackHeight))
        return controlWithLabel(
            el, s, ins: ins, maxW: maxW, label: label, control: control, gap: look.switchLabelGap,
            labelFirst: true, iconHeight: look.switchTrackHeight)
    }

    /// Checkbox: the box, then the label 8 to the right.
    func measureCheckbox(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let look = cx.looks.controls
        return controlWithLabel(
            el, s, ins: ins, maxW: maxW, label: el.text,
            control: Size(width: look.checkboxSize, height: look.checkboxSize),
            gap: look.checkboxLabelGap, labelFirst: false, iconHeight: look.checkboxSize)
    }

    /// A control drawn next to a one-line label, both centred vertically.
    func controlWithLabel(
        _ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?, label: String, control: Size,
        gap: Double, labelFirst: Bool, iconHeight: Double
    ) -> LeafContent {
        let g = label.isEmpty ? 0 : gap
        let p = cx.fittedParagraph(
            AttributedText(label), ParagraphStyle(s), maxW: maxW.map { max(0, $0 - control.width - g) })
        let size = Size(width: p.size.width + g + control.width, height: max(p.size.height, control.height))
        return LeafContent(size: size) { [self] own in
            let innerW = own.width - ins.horizontal
            let midY = ins.top + (own.height - ins.vertical) / 2
            let controlX = labelFirst ? ins.left + innerW - control.width : ins.left
            let textX = labelFirst ? ins.left : ins.left + control.width + g
            cx.out.setIcon(el.id, Rect(x: controlX, y: midY - iconHeight / 2, width: control.width, height: iconHeight))
            cx.out.setText(el.id, p, at: Point(x: textX, y: midY - p.size.height / 2))
        }
    }

    /// Picker: the selected option's text and the arrow at the right, inside its padding (the
    /// theme's unless declared, in `ins`).
    func measurePicker(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let arrowWidth = cx.looks.controls.pickerArrowWidth
        let pad = ins
        let selected = el.options.isEmpty ? "" : el.options[min(max(0, el.value), el.options.count - 1)].label
        var ps = ParagraphStyle(s)
        ps.noWrap = true
        let p = cx.paragraph(AttributedText(selected), ps, maxWidth: maxW.map { max(0, $0 - arrowWidth) })
        let lineH = max(p.size.height, ps.size * 1.2)
        let size = Size(width: p.size.width + arrowWidth, height: lineH)
        return LeafContent(size: size) { [self] own in
            let innerH = own.height - pad.vertical
            cx.out.setText(el.id, p, at: Point(x: pad.left, y: pad.top + (innerH - p.size.height) / 2))
            cx.out.setIcon(
                el.id,
                Rect(
                    x: own.width - pad.right - arrowWidth, y: pad.top, width: arrowWidth,
                    height: max(0, innerH)))
        }
    }

    /// SegmentedControl: one segment per option, each its label plus 12 on both sides, 32 tall.
    func measureSegments(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>) -> LeafContent {
        let ps = ParagraphStyle(s)
        let labels = el.options.map { cx.paragraph(AttributedText($0.label), ps, maxWidth: nil) }
        let width = labels.reduce(0) { $0 + $1.size.width + 24 }
        return LeafContent(size: Size(width: width, height: 32)) { [self] own in
            let segW = labels.isEmpty ? 0 : (own.width - ins.horizontal) / Double(labels.count)
            var rows: [Rect] = []
            let texts = labels.enumerated().map { i, p in
                let cell = Rect(
                    x: ins.left + Double(i) * segW, y: ins.top, width: segW, height: own.height - ins.vertical)
                rows.append(cell)
                return PlacedText(
                    role: .option, paragraph: p,
                    origin: Point(x: cell.midX - p.size.width / 2, y: cell.midY - p.size.height / 2))
            }
            cx.out.setExtraTexts(el.id, texts)
            cx.out.setRows(el.id, rows)
        }
    }

    /// RadioGroup without child elements: one row per option, a round mark (the theme's radio
    /// look, the checkbox's size by default) then the label after the gap. Rows go to `rows`, labels to
    /// `extraTexts` ("option"); painting puts the ring at the left of each row, centred.
    func measureRadioGroup(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let look = cx.looks.controls
        let mark = look.radioSize
        let gap = look.radioLabelGap
        let ps = ParagraphStyle(s)
        let labels = el.options.map {
            cx.paragraph(AttributedText($0.label), ps, maxWidth: maxW.map { max(0, $0 - mark - gap) })
        }
        let heights = labels.map { max($0.size.height, mark) + look.radioRowPadding }
        let width = (labels.map(\.size.width).max() ?? -gap - mark) + mark + gap
        return LeafContent(size: Size(width: max(0, width), height: heights.reduce(0, +))) { [self] own in
            var y = ins.top
            var rows: [Rect] = []
            var texts: [PlacedText] = []
            for (p, h) in zip(labels, heights) {
                let row = Rect(x: ins.left, y: y, width: max(0, own.width - ins.horizontal), height: h)
                rows.append(row)
                texts.append(
                    PlacedText(
                        role: .option, paragraph: p,
                        origin: Point(x: row.x + mark + gap, y: row.midY - p.size.height / 2)))
                y += h
            }
            cx.out.setRows(el.id, rows)
            cx.out.setExtraTexts(el.id, texts)
        }
    }
}

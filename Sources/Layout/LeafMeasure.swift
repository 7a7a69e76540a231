import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// What a leaf measured: its content-box size, and how to place its content once its border box is known.
struct LeafContent {
    var size: Size
    /// The smallest border-box height the widget takes when its height is wrap-content (theme minimums).
    var minHeight: Double = 0
    /// Called with the final border-box size; records text origins, icons ... relative to the box.
    var place: (Size) -> Void = { _ in }
}

/// Leaf widgets measure their content (semantics section 3, section 7 item 18): labels, lists,
/// images and page controls here; buttons, fields and other controls in `ControlMeasure`. A leaf
/// sizes itself from its content, then places that content once its border box is known.
struct LeafMeasure {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec) -> Size {
        let ins = Box.insets(s)
        // The content box available: the width limit, and a height only when it is imposed.
        let maxW = Box.innerLimit(w, max: s.maxWidth, insets: ins.horizontal)
        let maxH = h.definite.map { max(0, $0 - ins.vertical) }
        let content: LeafContent
        let controls = ControlMeasure(cx: cx)
        switch el.kind {
        case .text, .textView: content = measureLabel(el, s, ins: ins, maxW: maxW, maxH: maxH)
        case .button, .navigationBarItem: content = controls.measureButton(el, s, ins: ins, maxW: maxW, maxH: maxH)
        case .textField: content = controls.measureTextField(el, s, ins: ins, maxW: maxW)
        case .switchControl: content = controls.measureSwitch(el, s, ins: ins, maxW: maxW)
        case .checkbox: content = controls.measureCheckbox(el, s, ins: ins, maxW: maxW)
        case .picker: content = controls.measurePicker(el, s, ins: ins, maxW: maxW)
        case .segmentedControl: content = controls.measureSegments(el, s, ins: ins)
        case .radioGroup: content = controls.measureRadioGroup(el, s, ins: ins, maxW: maxW)
        case .progressSpinner:
            content = LeafContent(
                size: Size(width: cx.looks.controls.spinnerSize, height: cx.looks.controls.spinnerSize))
        case .pageControl: content = measurePageControl(el, s, ins: ins)
        case .imageView: content = LeafContent(size: imageSize(el))
        case .listView, .gridView: content = measureList(el, s, ins: ins, maxW: maxW)
        case .separator: content = LeafContent(size: Size(width: 1, height: 1))
        case .slider: content = LeafContent(size: Size(width: 120, height: 32))
        default: content = LeafContent(size: .zero)
        }
        let ownW = Box.resolve(w, natural: content.size.width + ins.horizontal, min: s.minWidth, max: s.maxWidth)
        let ownH = Box.resolve(
            h, natural: max(content.size.height + ins.vertical, content.minHeight),
            min: s.minHeight, max: s.maxHeight)
        let own = Size(width: ownW, height: ownH)
        content.place(own)
        return own
    }

    /// A label: wrapped to the width available, as wide as its longest line, as tall as its lines;
    /// the text sits at the top-left of the content box (alignment is inside the paragraph).
    func measureLabel(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?, maxH: Double?)
        -> LeafContent
    {
        let text = labelText(el, s)
        let ps = ParagraphStyle(s)
        let p = cx.paragraph(text, ps, maxWidth: maxW, maxHeight: maxH)
        return LeafContent(size: p.size) { [self] own in
            // Lay the text out in the content box it finally got (a wrap label is as wide as its
            // longest line; a wider fixed box aligns the lines in all of it).
            let contentW = max(0, own.width - ins.horizontal)
            let contentH = max(0, own.height - ins.vertical)
            let final =
                contentW == maxW && maxH == contentH
                ? p
                : cx.paragraph(text, ps, maxWidth: contentW, maxHeight: maxH == nil ? nil : contentH)
            cx.out.setText(el.id, final, at: Point(x: ins.left, y: ins.top))
        }
    }

    /// A label's text: markdown and links for a TextLabel (the platform's rules), plain for a TextView.
    func labelText(_ el: Element, _ s: ResolvedStyle) -> AttributedText {
        el.kind == .text
            ? LabelText.build(
                el.text, bits: el.value, linkColor: s.linkColor,
                android: cx.profile.labelsLinkURLsOnlyAndIgnoreMarkdown)
            : AttributedText(el.text)
    }

    /// The size in dp of what an image view shows: its asset or its own pixels (setImageData,
    /// surface) from the image store, else the theme's placeholder size.
    func imageSize(_ el: Element) -> Size {
        var keys: [String] = []
        switch el.content {
        case .asset(let name)?: keys.append(ImageStore.assetKey(name))
        case .packed?, .surface?: keys.append(ImageStore.elementKey(el.id))
        case nil: break
        }
        keys.append(ImageStore.elementKey(el.id))
        if !el.text.isEmpty { keys.append(ImageStore.assetKey(el.text)) }
        keys += el.imageURLs.filter { !$0.isRemote }.map { ImageStore.assetKey($0.url) }
        for key in keys { if let entry = cx.images[key] { return entry.size } }
        return cx.looks.controls.placeholderSize
    }

    /// ListView / GridView: a vertical list of their cells' text rows (columns separated by spaces).
    func measureList(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>, maxW: Double?) -> LeafContent {
        let rows = Dictionary(grouping: el.cells.filter { $0.sheet == 0 }, by: \.row)
        let text = rows.keys.sorted().map { r in
            rows[r]!.sorted { $0.column < $1.column }.map(\.text).joined(separator: "    ")
        }.joined(separator: "\n")
        let p = cx.paragraph(AttributedText(text), ParagraphStyle(s), maxWidth: maxW)
        return LeafContent(size: p.size) { [self] _ in cx.out.setText(el.id, p, at: Point(x: ins.left, y: ins.top)) }
    }

    /// PageControl: one dot per page (`value` pages), gap between dots.
    func measurePageControl(_ el: Element, _ s: ResolvedStyle, ins: Sides<Double>) -> LeafContent {
        let dotSize = cx.looks.controls.pageDotSize
        let n = Double(max(0, el.value))
        let width = n > 0 ? n * dotSize + (n - 1) * cx.looks.controls.pageDotGap : 0
        return LeafContent(size: Size(width: width, height: dotSize)) { [self] own in
            let inner = max(0, own.width - ins.horizontal)
            let innerH = max(0, own.height - ins.vertical)
            cx.out.setIcon(
                el.id,
                Rect(
                    x: ins.left + (inner - width) / 2, y: ins.top + (innerH - dotSize) / 2,
                    width: width, height: dotSize))
        }
    }
}

import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Content of an element (text, icon, image, surface, widget look), and text drawing.
extension PaintBuilder {
    /// Dispatches on the widget kind; content sits between background and border.
    mutating func paintContent(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        switch e.kind {
        case .button: paintButton(e, s, frame)
        case .textField, .textView: paintTextField(e, s, frame)
        case .switchControl: paintSwitch(e, s, frame)
        case .checkbox: paintCheckbox(e, s, frame)
        case .picker: paintPicker(e, s, frame)
        case .progressSpinner: paintSpinner(e, s, frame)
        case .pageControl: paintPageControl(e, s, frame)
        case .imageView: paintImageView(e, s, frame)
        case .actionBar: paintActionBar(e, s, frame)
        case .navigationBar: paintNavigationBar(e, s, frame)
        case .navigationBarItem: paintNavigationItem(e, s, frame)
        case .searchBar: paintSearchBar(e, s, frame)
        case .dialog, .alertDialog: paintDialogHeader(e, s, frame)
        case .actionSheet: paintActionSheetRows(e, s, frame)
        case .segmentedControl: paintSegments(e, s, frame)
        case .radioGroup: paintRadioGroup(e, s, frame)
        default: drawElementText(e, s, frame)
        }
        if e.kind != .imageView, e.content != nil { paintPixels(e, s, frame) }
        drawExtraTexts(e.id)
    }

    /// Layout's further texts of an element (subtitle, Save, sheet rows, error line ...), unclipped:
    /// an error line sits below its field.
    mutating func drawExtraTexts(_ id: Int) {
        for t in layout.extraTexts[id] ?? [] { drawParagraph(t.paragraph, at: t.origin) }
    }

    /// Whether layout placed this element's text itself (then our own fallbacks stay out).
    func layoutPlacedText(_ id: Int) -> Bool { layout.paragraphs[id] != nil || layout.extraTexts[id] != nil }

    // MARK: - Text

    /// The element's paragraph from layout, with a fallback for text-bearing widgets layout skipped.
    func elementParagraph(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) -> (ParagraphLayout, Point)? {
        let content = PaintBuilder.contentBox(frame, s)
        if let p = layout.paragraphs[e.id] {
            return (p, layout.textOrigins[e.id] ?? content.origin)
        }
        guard [.text, .button].contains(e.kind), !e.text.isEmpty else { return nil }
        let p = text.layout(AttributedText(e.text), style: ParagraphStyle(s), maxWidth: content.width, deviceScale: device.scale)
        if e.kind == .button {
            return (p, Point(x: content.midX - p.size.width / 2, y: content.midY - p.size.height / 2))
        }
        return (p, content.origin)
    }

    /// Draws the element's own text, clipped to its padding box (section 7 item 18).
    mutating func drawElementText(_ e: Element, _ s: ResolvedStyle, _ frame: Rect) {
        guard let (p, origin) = elementParagraph(e, s, frame) else { return }
        drawParagraph(p, at: origin, clip: PaintBuilder.paddingBox(frame, s))
    }

    /// One `.glyphs` item per run of each line, underlines as thin fills; a clip only when the
    /// paragraph's box does not fit inside `clip`.
    mutating func drawParagraph(_ p: ParagraphLayout, at origin: Point, clip: RoundedRect? = nil) {
        guard p.lines.contains(where: { !$0.runs.isEmpty }) else { return }
        let box = Rect(x: origin.x, y: origin.y, width: p.size.width, height: p.size.height)
        let clipped = clip.map { !ImageFit.contains($0.rect, box) } ?? false
        if clipped, let c = clip { add(.save); add(.clip(c)) }
        for line in p.lines {
            for run in line.runs {
                // The run's underline box is drawn with its glyphs by the rasterizer.
                add(.glyphs(run, origin: origin))
            }
        }
        if clipped { add(.restore) }
    }

    /// Lays out a string of our own (hints, dots, bar titles) on one line.
    func layoutLine(_ string: String, _ style: ParagraphStyle, maxWidth: Double?) -> ParagraphLayout {
        guard !string.isEmpty else { return .empty }
        var st = style
        st.noWrap = true
        st.ellipsis = true
        return text.layout(AttributedText(string), style: st, maxWidth: maxWidth.map { max(0, $0) }, deviceScale: device.scale)
    }

    /// Height of one line in a style (for vertical centring of our own text when layout gave none).
    func lineHeight(_ p: ParagraphLayout, _ style: ParagraphStyle) -> Double {
        p.size.height > 0 ? p.size.height : text.lineHeight(style, deviceScale: device.scale)
    }
}

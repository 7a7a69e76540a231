import Layout
import Primitives
import SessionFormat
import Styles

/// Content of an element (text, icon, image, surface, widget look), and text drawing.
extension PaintBuilder {
    /// Dispatches on the widget kind; content sits between background and border.
    mutating func paintContent(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
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
        if e.kind != .imageView { drawImage(e.image) }
        drawExtraTexts(e)
    }

    /// Layout's further texts of an element (subtitle, Save, sheet rows, error line ...), unclipped:
    /// an error line sits below its field.
    mutating func drawExtraTexts(_ e: LaidOutElement) {
        for t in e.extraTexts { drawParagraph(t.paragraph, at: t.origin) }
    }

    // MARK: - Text

    /// Draws the element's own text (layout's paragraph at its origin), clipped to its padding box
    /// (section 7 item 18).
    mutating func drawElementText(_ e: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        guard let p = e.paragraph else { return }
        drawParagraph(
            p, at: e.textOrigin ?? s.contentBox(of: frame).origin, clip: PaintBuilder.paddingBox(frame, s, e.look.radii)
        )
    }

    /// One `.glyphs` item per run of each line, underlines as thin fills; a clip only when the
    /// paragraph's box does not fit inside `clip`.
    mutating func drawParagraph(_ p: ParagraphLayout, at origin: Point, clip: RoundedRect? = nil) {
        guard p.lines.contains(where: { !$0.runs.isEmpty }) else { return }
        let box = Rect(x: origin.x, y: origin.y, width: p.size.width, height: p.size.height)
        let clipped = clip.map { !ImageFit.contains($0.rect, box) } ?? false
        if clipped, let c = clip {
            add(.save)
            add(.clip(c))
        }
        for line in p.lines {
            for run in line.runs {
                // The run's underline box is drawn with its glyphs by the rasterizer.
                add(.glyphs(run, origin: origin))
            }
        }
        if clipped { add(.restore) }
    }
}

import CairoFonts
import Primitives
import Styles

/// The lines of a paragraph at one scale before glyphs are placed: where lines break, their
/// heights, and how many are kept under max-lines and the height. Cheap enough to try at each
/// min-scale step; `paragraph()` then builds the glyphs.
struct LinePlan {
    let builder: LineBuilder
    let style: ParagraphStyle
    let maxWidth: Double
    let maxHeight: Double?
    let lines: [LineRange]
    /// Ascent and descent of each line when there is a height limit (`maxHeight`); empty without one.
    let metrics: [(ascent: Double, descent: Double)]
    /// Content width of each line (without hanging spaces), from the run advances.
    let contentWidths: [Double]
    /// How many lines are shown.
    let kept: Int

    init(
        _ engine: TextEngine, _ p: PreparedText, _ text: AttributedText, _ style: ParagraphStyle, scale: Double,
        maxWidth: Double, maxHeight: Double?, deviceScale: Double?, tally: TextWorkTally? = nil
    ) {
        var widths = p.advance
        let sizes = text.spans.indices.map { s in max(0, style.size + text.spans[s].sizeDelta) * scale }
        for i in widths.indices { widths[i] *= p.span[i] < sizes.count ? sizes[p.span[i]] : style.size * scale }
        builder = LineBuilder(
            fonts: engine.fonts, shapes: engine.shapes, text: p, attributed: text, style: style,
            scale: scale, widths: widths, deviceScale: deviceScale, tally: tally,
            slicesSafeCuts: engine.slicesSafeCuts)
        self.style = style
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        let b = builder
        var breaker = LineBreaking(text: p, widths: widths, maxWidth: style.noWrap ? .infinity : maxWidth, tally: tally)
        breaker.hyphenWidths = { b.hyphenPiece(at: $0).width }
        lines = breaker.lines()
        // Only a height limit needs every line's height here (building a line measures its own).
        metrics = maxHeight == nil ? [] : lines.map { b.lineMetrics($0.range) }
        contentWidths = lines.map { breaker.segmentWidths($0.range).content }
        var n = lines.count
        if let ml = style.maxLines, ml > 0 { n = min(n, ml) }
        if let mh = maxHeight {
            // With an ellipsis the text ends on the last line that fits whole; otherwise a line that
            // only partly fits is kept too, and painting clips it at the padding box (semantics 7.18).
            var top = 0.0
            var fit = 0
            for m in metrics {
                let bottom = top + m.ascent + m.descent
                if style.ellipsis ? bottom > mh + LineBreaking.epsilon : top >= mh - LineBreaking.epsilon { break }
                fit += 1
                top = bottom
            }
            n = min(n, max(1, fit))
        }
        kept = n
    }

    /// Height of all lines (with a height limit; 0 without one, where nothing asks).
    var totalHeight: Double { metrics.reduce(0) { $0 + $1.ascent + $1.descent } }

    /// Whether everything fits the box at this scale without cutting lines or breaking inside a word.
    var fitsWithoutShrinking: Bool {
        if kept < lines.count { return false }
        if let mh = maxHeight, totalHeight > mh + LineBreaking.epsilon { return false }
        if lines.contains(where: \.brokeInsideWord) { return false }
        if style.noWrap, maxWidth.isFinite, contentWidths.contains(where: { $0 > maxWidth + LineBreaking.epsilon }) {
            return false
        }
        return true
    }

    /// The width of `p` (this plan's paragraph) when laying the text out again in exactly that
    /// width gives `p` itself, as it does for a single left-aligned line that was not cut; nil when
    /// that is not certain. Why: at that width, W' = the widest line as built and measured (not
    /// above `maxWidth`), (1) every fit the line breaker tests is a partial sum of the line's
    /// non-negative widths, so at most its measured width (up to rounding far below the breaker's
    /// epsilon): the one line breaks nowhere; (2) it overflows neither width, so no ellipsis either
    /// way, and with no height limit or min-scale nothing else depends on the width; (3) building a
    /// line without an ellipsis or justification does not read the width, and a left-aligned line
    /// (or a justified left-to-right one, which does not stretch its last line) is not moved;
    /// (4) the paragraph is min(widest, width) wide both times.
    func sameParagraphWidth(_ p: ParagraphLayout) -> Double? {
        guard maxHeight == nil, style.minScale == nil, builder.scale == 1, lines.count == 1, kept == 1,
            !p.truncated, !lines[0].brokeInsideWord
        else { return nil }
        let rtl = builder.text.rightToLeft
        let align = style.align ?? (rtl ? .right : .left)
        guard align == .left || (align == .justify && !rtl) else { return nil }
        let w = p.size.width
        guard w.isFinite, w >= 0, w < maxWidth, builder.widths.allSatisfy({ $0 >= 0 }) else { return nil }
        return w
    }

    /// The laid-out paragraph: kept lines with glyphs, ellipsis where cut, aligned.
    func paragraph() -> ParagraphLayout {
        let rtl = builder.text.rightToLeft
        let cutLines = kept < lines.count
        var truncated = cutLines
        var out: [LineLayout] = []
        // The widest line as both the glyphs and the line breaker measure it, so that laying out
        // again with `maxWidth: size.width` breaks the lines the same way.
        var widest = 0.0
        var top = 0.0
        let align = style.align ?? (rtl ? .right : .left)
        for i in 0..<kept {
            let line = lines[i]
            let overflows = maxWidth.isFinite && contentWidths[i] > maxWidth + LineBreaking.epsilon
            let ellipsize = style.ellipsis && ((cutLines && i == kept - 1) || (style.noWrap && overflows))
            if style.noWrap && overflows { truncated = true }
            let justify = align == .justify && !line.endsParagraph && !ellipsize && maxWidth.isFinite && !style.noWrap
            let (built, measured) = builder.build(
                line, top: top, ellipsize: ellipsize, maxWidth: maxWidth,
                justifyWidth: justify ? maxWidth : nil)
            out.append(built)
            widest = max(widest, built.rect.width, measured)
            top += built.rect.height
        }
        let longest = widest
        let alignWidth = maxWidth.isFinite ? maxWidth : longest
        out = out.map { line in
            let w = line.rect.width
            var dx: Double
            switch align {
            case .left: dx = 0
            case .right: dx = alignWidth - w
            case .center: dx = (alignWidth - w) / 2
            case .justify: dx = rtl ? alignWidth - w : 0
            }
            // CSS: a line too long for the box is start-aligned.
            if w > alignWidth + LineBreaking.epsilon { dx = rtl ? alignWidth - w : 0 }
            return line.shifted(by: dx)
        }
        let width = min(longest, maxWidth)
        return ParagraphLayout(
            size: Size(width: width, height: top), lines: out, truncated: truncated,
            scale: builder.scale)
    }
}

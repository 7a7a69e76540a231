import CairoFonts
import Primitives
import Styles

/// Builds the lines of a paragraph at one scale: metrics (CSS half-leading), pieces of runs
/// reshaped at line ends, ellipsis, bidi reordering (UAX #9 L2), justification and glyph runs.
struct LineBuilder {
    let fonts: FontLibrary
    let shapes: ShapeCache
    let text: PreparedText
    let attributed: AttributedText
    let style: ParagraphStyle
    /// The min-scale factor applied to every size (and to an explicit line height).
    let scale: Double
    /// Width of each code point in dp at this scale.
    let widths: [Double]
    /// Pixels per dp to which font metrics snap (nil = exact).
    var deviceScale: Double? = nil
    /// Where glyphs placed are counted (complexity tests); nil = not counted.
    var tally: TextWorkTally? = nil
    /// Whether a run cut at safe breaks takes the run's glyphs (`SafeSlice.swift`) instead of
    /// being shaped again; the tests turn it off to compare both.
    var slicesSafeCuts = true

    /// A run cut to a line, shaped, in dp.
    struct Piece {
        var range: Range<Int>
        var face: FaceID
        var size: Double
        var span: Int
        var level: UInt8
        /// Glyphs in dp; clusters are indices into the prepared text (-1 for the ellipsis).
        var glyphs: ShapedGlyphs
        var width: Double { glyphs.width }
    }

    // MARK: Styles per span

    func size(ofSpan s: Int) -> Double {
        let delta = s < attributed.spans.count ? attributed.spans[s].sizeDelta : 0
        return max(0, style.size + delta) * scale
    }
    func color(ofSpan s: Int) -> Color { (s < attributed.spans.count ? attributed.spans[s].color : nil) ?? style.color }
    func underline(ofSpan s: Int) -> Bool { s < attributed.spans.count && attributed.spans[s].underline }

    // MARK: Metrics

    /// Ascent and descent of the line box (semantics section 4). `line-height` unset: the largest
    /// ascent and the largest descent among the faces used on the line and the paragraph's own
    /// font (the strut, as Chromium and Android count it), each with half its line gap above and
    /// below (7.28). `line-height` set: exactly that tall whatever faces the line uses, the
    /// baseline where the paragraph's own font puts it (CSS half-leading, 7.17); fallback glyphs
    /// that reach further are drawn past the line box rather than growing it.
    func lineMetrics(_ range: Range<Int>, extraFace: (FaceID, Double)? = nil) -> (ascent: Double, descent: Double) {
        if let fixed = style.lineHeight.map({ $0 * scale }) {
            guard let f = fonts.face(fonts.resolve(style.font)) else { return (fixed * 0.8, fixed * 0.2) }
            let m = f.metrics(size: style.size * scale)
            let asc = snap(m.ascent)
            let desc = snap(-m.descent)
            let top = asc + (fixed - asc - desc) / 2
            return (top, fixed - top)
        }
        var a = -Double.infinity
        var d = -Double.infinity
        func include(_ id: FaceID, _ size: Double) {
            guard let f = fonts.face(id) else { return }
            let m = f.metrics(size: size)
            let asc = snap(m.ascent)
            let desc = snap(-m.descent)
            let half = snap(m.lineGap) / 2
            a = max(a, asc + half)
            d = max(d, desc + half)
        }
        include(fonts.resolve(style.font), style.size * scale)
        // Runs are contiguous: each run on the line is met once by jumping to its end.
        var i = range.lowerBound
        while i < range.upperBound {
            let r = text.runOf[i]
            guard r >= 0 else {
                i += 1
                continue
            }
            include(text.runs[r].face, size(ofSpan: text.runs[r].span))
            i = max(i + 1, text.runs[r].range.upperBound)
        }
        if let (id, s) = extraFace { include(id, s) }
        if !a.isFinite {
            let lh = style.size * scale * 1.17
            return (lh * 0.8, lh * 0.2)
        }
        return (a, d)
    }

    private func snap(_ v: Double) -> Double {
        guard let s = deviceScale else { return v }
        return (v * s).rounded() / s
    }

    // MARK: Content

    /// `r` without its trailing (hanging) spaces.
    func contentEnd(_ r: Range<Int>) -> Int {
        var e = r.upperBound
        while e > r.lowerBound && PreparedText.isHangingSpace(text.scalars[e - 1]) { e -= 1 }
        return e
    }

    /// The runs overlapping `r`, cut and reshaped where the line cuts them.
    func pieces(_ r: Range<Int>) -> [Piece] {
        guard !r.isEmpty else { return [] }
        var out: [Piece] = []
        var i = r.lowerBound
        while i < r.upperBound {
            let ri = text.runOf[i]
            guard ri >= 0 else {
                i += 1
                continue
            }
            let run = text.runs[ri]
            let cut = max(run.range.lowerBound, r.lowerBound)..<min(run.range.upperBound, r.upperBound)
            var shaped = run.shaped
            var origin = run.range.lowerBound
            var scans = 0
            defer { tally?.sliceScans += scans }
            if cut != run.range, slicesSafeCuts,
                let sliced = run.shaped.safeSlice(
                    (cut.lowerBound - run.range.lowerBound)..<(cut.upperBound - run.range.lowerBound),
                    count: run.range.count, scans: &scans)
            {
                // Both ends of the cut are safe breaks: the run's own glyphs (`SafeSlice.swift`).
                shaped = sliced
            } else if cut != run.range, let ff = fonts.face(run.face) {
                // The rest of the run (and, for joining scripts, its neighbours) is context. HarfBuzz
                // reads at most `contextLength` characters of it on each side, so only those are
                // passed: copying and hashing the whole run for every line made one long paragraph
                // quadratic (the glyphs are the same).
                let (context, offset) = text.shapingContext(run.range, script: run.script, around: cut)
                let local = (cut.lowerBound - offset)..<(cut.upperBound - offset)
                shaped = shapes.shape(
                    context, range: local, face: run.face, fontFace: ff,
                    rightToLeft: run.rightToLeft, script: run.script)
                origin = offset
            }
            var g = shaped.scaled(by: size(ofSpan: run.span))
            g.clusters = g.clusters.map { $0 + origin }
            out.append(
                Piece(
                    range: cut, face: run.face, size: size(ofSpan: run.span), span: run.span, level: run.level,
                    glyphs: g))
            i = cut.upperBound
        }
        return out
    }

    /// "…" in the style of span `span`, at the paragraph's base level.
    func ellipsisPiece(span: Int, at index: Int) -> Piece {
        let spec = TextItemizer.spanSpec(attributed, span, style.font)
        let id = fonts.face(forCluster: [0x2026], spec: spec)
        let s = size(ofSpan: span)
        var g = ShapedGlyphs()
        if let ff = fonts.face(id) {
            g = shapes.shape(
                [0x2026], range: 0..<1, face: id, fontFace: ff, rightToLeft: text.rightToLeft,
                script: .common
            ).scaled(by: s)
            g.clusters = g.clusters.map { _ in -1 }
        }
        return Piece(range: index..<index, face: id, size: s, span: span, level: text.rightToLeft ? 1 : 0, glyphs: g)
    }

    /// The hyphen drawn when a line ends after the soft hyphen at `index`: U+2010 when the span's
    /// own face has it, else "-" (as Chromium picks its hyphen string), at the soft hyphen's level.
    func hyphenPiece(at index: Int) -> Piece {
        let span = index < text.span.count ? text.span[index] : 0
        let spec = TextItemizer.spanSpec(attributed, span, style.font)
        let primary = fonts.resolve(spec)
        let char: UInt32 = fonts.face(primary)?.hasGlyph(0x2010) == true ? 0x2010 : 0x2D
        let id = fonts.face(forCluster: [char], spec: spec)
        let s = size(ofSpan: span)
        let r = index < text.runOf.count ? text.runOf[index] : -1
        let level = r >= 0 ? text.runs[r].level : (text.rightToLeft ? 1 : 0)
        var g = ShapedGlyphs()
        if let ff = fonts.face(id) {
            g = shapes.shape(
                [char], range: 0..<1, face: id, fontFace: ff, rightToLeft: level % 2 == 1,
                script: .common
            ).scaled(by: s)
            g.clusters = g.clusters.map { _ in -1 }
        }
        return Piece(range: index + 1..<index + 1, face: id, size: s, span: span, level: level, glyphs: g)
    }

    /// The end of the longest prefix of `r` (whole clusters) that fits before an ellipsis of `ellipsisWidth`.
    /// When the whole content fits, its hanging spaces are dropped (the ellipsis follows the last
    /// word, as with Chromium's line-clamp); a cut inside the text keeps a space that fits before
    /// the ellipsis ("with …"), as Chromium's text-overflow does.
    func ellipsisCut(_ r: Range<Int>, maxWidth: Double, ellipsisWidth: Double) -> Int {
        guard maxWidth.isFinite else { return contentEnd(r) }
        let breaker = LineBreaking(text: text, widths: widths, maxWidth: maxWidth)
        if breaker.segmentWidths(r).content + ellipsisWidth <= maxWidth + LineBreaking.epsilon { return contentEnd(r) }
        var x = 0.0
        var best = r.lowerBound
        var i = r.lowerBound
        while i < r.upperBound {
            var j = i + 1
            while j < r.upperBound && !text.graphemeStart[j] { j += 1 }
            x += widths[i..<j].reduce(0, +)
            if x + ellipsisWidth > maxWidth + LineBreaking.epsilon { break }
            best = j
            i = j
        }
        return best
    }
}

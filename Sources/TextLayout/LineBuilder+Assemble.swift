import CairoFonts
import Primitives
import Styles

extension LineBuilder {
    /// Lays out one line with its left edge at x = 0 (alignment shifts it later).
    /// `justifyWidth`: widen spaces to fill this width (nil = no justification).
    /// `measured` is the width the line breaker sees (advances of whole runs); it can differ from
    /// the glyphs' width by a kerning pair where a run was reshaped at the line's end.
    func build(
        _ line: LineRange, top: Double, ellipsize: Bool, maxWidth: Double,
        justifyWidth: Double?
    ) -> (line: LineLayout, measured: Double) {
        // 1. Content: hanging spaces dropped; with an ellipsis, as many clusters as fit before it.
        var end = contentEnd(line.range)
        var ellipsis: Piece?
        if ellipsize {
            let lastSpan =
                end > line.range.lowerBound
                ? text.span[end - 1]
                : (line.range.lowerBound < text.span.count ? text.span[line.range.lowerBound] : 0)
            let e = ellipsisPiece(span: lastSpan, at: end)
            end = ellipsisCut(line.range.lowerBound..<end, maxWidth: maxWidth, ellipsisWidth: e.width)
            let span = end > line.range.lowerBound ? text.span[end - 1] : lastSpan
            if span == lastSpan {
                // The same span's ellipsis: only where it stands differs.
                var moved = e
                moved.range = end..<end
                ellipsis = moved
            } else {
                ellipsis = ellipsisPiece(span: span, at: end)
            }
        }
        let content = line.range.lowerBound..<end
        var logical = pieces(content)
        if let ellipsis { logical.append(ellipsis) }
        // A line that wraps after a soft hyphen shows a hyphen there.
        var hyphen: Piece?
        if ellipsis == nil, !line.endsParagraph, end > line.range.lowerBound,
            text.scalars[end - 1] == PreparedText.softHyphen
        {
            hyphen = hyphenPiece(at: end - 1)
            logical.append(hyphen!)
        }

        // 2. Vertical metrics.
        let m = lineMetrics(content, extraFace: (ellipsis ?? hyphen).map { ($0.face, $0.size) })
        let baseline = top + m.ascent

        // 3. Visual order (L2) and justification.
        let order = Bidi.visualOrder(runLevels: logical.map(\.level))
        let natural = logical.reduce(0) { $0 + $1.width }
        var extra = 0.0
        if let jw = justifyWidth, ellipsis == nil {
            let spaces = content.filter { PreparedText.isJustifiable(text.scalars[$0]) }.count
            if spaces > 0 && jw > natural { extra = (jw - natural) / Double(spaces) }
        }

        // 4. Glyphs, grouped into runs by face, size, colour and underline.
        var runs: [GlyphRun] = []
        var pen = 0.0
        var current: (key: RunKey, start: Double, glyphs: [PositionedGlyph])?
        func flush(_ endX: Double) {
            guard let c = current else { return }
            var box: Rect?
            if c.key.underline, let f = fonts.face(c.key.face) {
                let k = c.key.size / Double(f.unitsPerEm)
                let thick = Double(f.underlineThickness) * k
                let y = baseline - (Double(f.underlinePosition) + Double(f.underlineThickness) / 2) * k
                box = Rect(x: c.start, y: y, width: endX - c.start, height: thick)
            }
            runs.append(
                GlyphRun(
                    face: c.key.face, size: c.key.size, color: c.key.color, glyphs: c.glyphs,
                    underlineBox: box, isColor: fonts.face(c.key.face)?.isColor ?? false))
            current = nil
        }
        for pi in order {
            let p = logical[pi]
            let key = RunKey(
                face: p.face, size: p.size, color: color(ofSpan: p.span), underline: underline(ofSpan: p.span))
            let g = p.glyphs
            if current?.key != key {
                flush(pen)
                // Room for this piece's glyphs at once (most runs are one piece).
                var glyphs: [PositionedGlyph] = []
                glyphs.reserveCapacity(g.ids.count)
                current = (key, pen, glyphs)
            }
            for k in g.ids.indices {
                current!.glyphs.append(
                    PositionedGlyph(id: g.ids[k], x: pen + g.xOffsets[k], y: baseline + g.yOffsets[k]))
                pen += g.advances[k]
                let c = g.clusters[k]
                if extra > 0, c >= 0, PreparedText.isJustifiable(text.scalars[c]) { pen += extra }
            }
        }
        flush(pen)
        tally?.glyphsPlaced += runs.reduce(0) { $0 + $1.glyphs.count }

        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count + 4)
        for i in content { if let u = Unicode.Scalar(text.scalars[i]) { Self.appendUTF8(u, to: &utf8) } }
        if ellipsis != nil { Self.appendUTF8("\u{2026}", to: &utf8) }
        if hyphen != nil { utf8.append(0x2D) }
        let measured = content.reduce(0) { $0 + widths[$1] } + (ellipsis?.width ?? 0) + (hyphen?.width ?? 0)
        return (
            LineLayout(
                rect: Rect(x: 0, y: top, width: pen, height: m.ascent + m.descent), baseline: baseline,
                text: String(decoding: utf8, as: UTF8.self), runs: runs), measured
        )
    }

    /// Appends `u` encoded as UTF-8 (building a line's string from bytes, not scalar by scalar).
    static func appendUTF8(_ u: Unicode.Scalar, to out: inout [UInt8]) {
        if u.value < 0x80 {
            out.append(UInt8(u.value))
        } else {
            out.append(contentsOf: UTF8.encode(u)!)
        }
    }

    struct RunKey: Equatable {
        var face: FaceID
        var size: Double
        var color: Color
        var underline: Bool
    }
}

extension LineLayout {
    /// The same line moved right by `dx`.
    func shifted(by dx: Double) -> LineLayout {
        guard dx != 0 else { return self }
        var l = self
        l.rect.x += dx
        l.runs = runs.map { r in
            var r = r
            r.glyphs = r.glyphs.map { PositionedGlyph(id: $0.id, x: $0.x + dx, y: $0.y) }
            if var b = r.underlineBox {
                b.x += dx
                r.underlineBox = b
            }
            return r
        }
        return l
    }
}

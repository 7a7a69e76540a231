import CairoFonts
import Foundation
import Primitives
import TextLayout

/// What `measureText` reports, in dp.
public struct TextMetrics: Hashable, Sendable {
    public var width: Double
    public var fontBoundingBoxAscent: Double
    public var fontBoundingBoxDescent: Double
    public init(width: Double, fontBoundingBoxAscent: Double, fontBoundingBoxDescent: Double) {
        self.width = width
        self.fontBoundingBoxAscent = fontBoundingBoxAscent
        self.fontBoundingBoxDescent = fontBoundingBoxDescent
    }
}

/// Canvas text through the bundled fonts and the widgets' shaping (semantics.md section 7
/// item 32): one line, never wrapped, glyph outlines filled or stroked in user space so text
/// follows the transform.
extension Context {
    /// One shaped line: glyph runs with positions relative to the pen origin on the baseline.
    struct ShapedLine {
        var runs: [GlyphRun]
        var width: Double
        var ascent: Double
        var descent: Double
    }

    /// Fills `text` at (x, y) by the current align and baseline; with `maxWidth`, wider text is
    /// condensed horizontally to fit (HTML canvas rule).
    public func fillText(_ text: String, _ x: Double, _ y: Double, maxWidth: Double? = nil) {
        condensed(text, x, maxWidth) { drawText(text, x, y, stroke: false) }
    }
    /// Strokes the outlines of `text` with the stroke style and line width.
    public func strokeText(_ text: String, _ x: Double, _ y: Double, maxWidth: Double? = nil) {
        condensed(text, x, maxWidth) { drawText(text, x, y, stroke: true) }
    }

    /// Runs `body` with the transform squeezed horizontally about x so the text fits `maxWidth`.
    private func condensed(_ text: String, _ x: Double, _ maxWidth: Double?, _ body: () -> Void) {
        guard let maxWidth else {
            body()
            return
        }
        guard maxWidth.isFinite, maxWidth > 0 else { return }
        let width = measureText(text).width
        guard width > maxWidth else {
            body()
            return
        }
        let saved = state.transform
        state.transform = saved.concatenating(.translation(x, 0)).concatenating(.scaling(maxWidth / width, 1))
            .concatenating(.translation(-x, 0))
        body()
        state.transform = saved
    }

    /// Width and font ascent/descent of `text` in the current font.
    public func measureText(_ text: String) -> TextMetrics {
        guard let line = shape(text) else {
            return TextMetrics(width: 0, fontBoundingBoxAscent: 0, fontBoundingBoxDescent: 0)
        }
        return TextMetrics(width: line.width, fontBoundingBoxAscent: line.ascent, fontBoundingBoxDescent: line.descent)
    }

    func shape(_ text: String) -> ShapedLine? {
        guard let engine = factory.text else { return nil }
        // Canvas text is one line: line breaks and tabs become spaces, as HTML canvas does.
        let clean = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let f = state.font
        let para = engine.layout(
            AttributedText(clean), style: ParagraphStyle(font: f.spec(), size: f.size, noWrap: true), maxWidth: nil)
        guard let line = para.lines.first else {
            return ShapedLine(runs: [], width: 0, ascent: f.size * 0.93, descent: f.size * 0.24)
        }
        // Glyph positions relative to the line's left end on its baseline.
        let runs = line.runs.map { run -> GlyphRun in
            var r = run
            r.glyphs = run.glyphs.map { PositionedGlyph(id: $0.id, x: $0.x - line.rect.minX, y: $0.y - line.baseline) }
            return r
        }
        return ShapedLine(
            runs: runs, width: line.rect.width, ascent: line.baseline - line.rect.minY,
            descent: line.rect.maxY - line.baseline)
    }

    /// The pen origin for the current align and baseline: left end of the line on its baseline.
    func penOrigin(_ line: ShapedLine, _ x: Double, _ y: Double) -> (Double, Double) {
        var px = x
        var py = y
        switch state.textAlign {
        case .left, .start: break
        case .center: px -= line.width / 2
        case .right, .end: px -= line.width
        }
        switch state.textBaseline {
        case .top, .hanging: py += line.ascent
        case .middle: py += (line.ascent - line.descent) / 2
        case .alphabetic: break
        case .bottom, .ideographic: py -= line.descent
        }
        return (px, py)
    }

    func drawText(_ text: String, _ x: Double, _ y: Double, stroke: Bool) {
        guard [x, y].allSatisfy(\.isFinite), !text.isEmpty else { return }
        guard let line = shape(text), let fonts = factory.text?.fonts else {
            messages.append("text '\(text)' not drawn: no fonts available")
            return
        }
        guard !line.runs.isEmpty else { return }
        let (px, py) = penOrigin(line, x, y)
        let style = stroke ? state.strokeStyle : state.fillStyle
        let faces = line.runs.map { fonts.face($0.face) }
        // Ink stays near the em box; a font size of slack covers italics, accents and stroke joins.
        let pad = state.font.size + (stroke ? state.lineWidth * 5 : 0)
        let box = DeviceBox(
            rect: px - pad, py - line.ascent - pad, line.width + 2 * pad, line.ascent + line.descent + 2 * pad,
            through: deviceTransform)
        draw(bounds: box) { ctx, base in
            self.setSource(style, on: ctx, base: base)
            ctx.newPath()
            var colourRuns: [(GlyphRun, FontFace)] = []
            for (run, face) in zip(line.runs, faces) {
                guard let face else { continue }
                if face.isColor {
                    colourRuns.append((run, face))
                    continue
                }
                ctx.appendGlyphOutlines(
                    run.glyphs.map { (id: $0.id, x: px + $0.x, y: py + $0.y) }, face: face, size: run.size)
            }
            if stroke {
                ctx.setLineWidth(self.state.lineWidth)
                ctx.setDash(self.state.lineDash)
                ctx.setLineJoin(.miter)
                ctx.stroke()
            } else {
                ctx.setFillRule(.winding)
                ctx.fill()
            }
            guard !stroke else { return }
            self.drawColourGlyphs(colourRuns, on: ctx, base: base, origin: (px, py), style: style)
        }
    }

    /// Colour (emoji) glyphs have no outlines: their bitmaps are placed at the transformed pen
    /// positions, scaled by the transform's average scale (rotation is not applied to them).
    private func drawColourGlyphs(
        _ runs: [(GlyphRun, FontFace)], on ctx: CairoContext, base: CanvasTransform,
        origin: (Double, Double), style: CanvasStyle
    ) {
        guard !runs.isEmpty else { return }
        let m = base.concatenating(deviceTransform)
        let k = abs(m.a * m.d - m.b * m.c).squareRoot()
        let alpha: Double
        if case .color(let c) = style { alpha = c.alpha * state.globalAlpha } else { alpha = state.globalAlpha }
        let tint = Color(r: 0, g: 0, b: 0, a: CheckedInt.byte(alpha * 255))
        for (run, face) in runs {
            let glyphs = run.glyphs.map { g -> (id: UInt32, x: Double, y: Double) in
                let p = m.apply(origin.0 + g.x, origin.1 + g.y)
                return (g.id, p.x, p.y)
            }
            ctx.drawGlyphMasks(glyphs, face: face, pixelSize: run.size * k, color: tint)
        }
    }
}

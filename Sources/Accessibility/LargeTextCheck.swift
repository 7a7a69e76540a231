import Foundation
import Layout
import Primitives
import TextLayout

/// Large text (issue 34): every text of an element a finger can reach, laid out again at the font
/// scales a user may set on a phone (1.3, and 2.0: Android's largest), against the same text in the
/// frame as rendered. A text is cut at a scale when fewer of the lines it needs are shown whole: lines
/// dropped by a height or `max-lines` limit, an ellipsis, a line standing past the element's box or
/// past an ancestor's clip (`overflow: hidden`; a scroll layout horizontally only, since what it hides
/// vertically a scroll shows). It overflows the screen when a line reaches past the screen's left or
/// right edge. Text already cut or past the screen in the frame as rendered is not a large-text finding.
/// Layout only: nothing is rasterized (docs/accessibility.md, "Large text").
struct LargeTextCheck {
    /// The font scales checked, smallest first: a text cut at 1.3 is reported at 1.3 only.
    static let scales = [1.3, 2.0]
    /// How far (dp) a line may stand past its box and still count as shown (rounding, ink overhang).
    static let slack = 0.5

    /// The frame as rendered, and the same tree laid out at `scale`.
    var layout: LayoutResult
    var scaled: LayoutResult
    var scale: Double
    /// The uncut layout of each paragraph the scaled pass cut (`UncutRecorder`).
    var uncut: [ParagraphLayout: ParagraphLayout]
    var screenWidth: Double

    /// What one text shows at one scale.
    struct Fit: Equatable {
        /// Lines shown whole (inside the box, not ellipsized).
        var shown: Int
        /// Lines the text needs at that width.
        var needed: Int
        /// Lines partly inside the box.
        var partial: Int
        /// The left and right ends of what shows of the lines inside the box (dp, screen).
        var minX: Double
        var maxX: Double
        var isCut: Bool { shown < needed }
    }

    /// The sentence's tail and the measured and needed values, or nil when every text of `id` that
    /// fits as rendered still fits at the scale. A text reaching past the screen's edge is reported
    /// as that (the more telling cause), else a text shown less than whole as cut.
    func problem(_ id: Int) -> (tail: String, measured: Double, needed: Double)? {
        guard let el = layout[id], let big = scaled[id] else { return nil }
        // Keyed with their empty paragraphs: a text whose every line is dropped is cut, not gone.
        let bigTexts = Dictionary(Self.texts(big).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let s = String(format: "%.1f", scale)
        for t in Self.texts(el) where !t.paragraph.lines.isEmpty && !t.paragraph.truncated && Self.isDrawn(t.paragraph)
        {
            guard let b = bigTexts[t.key] else { continue }
            // Its own padding box counts for the element's own text and hint (painting clips them
            // to it), and for a further text that sits in it as rendered (a field's error line sits
            // below the field, unclipped: there only the ancestors' clips count).
            let ancestors = Self.clip(el.parent, in: layout)
            let own = ancestors.intersection(Self.paddingBox(el))
            let ownBox = t.key == "text" || t.key == "hint" || !Self.fit(t, uncut: nil, in: own).isCut
            let before = Self.fit(t, uncut: nil, in: ownBox ? own : ancestors)
            guard !before.isCut, !offScreen(before) else { continue }
            let box = Self.clip(big.parent, in: scaled)
            let after = Self.fit(
                b, uncut: b.paragraph.truncated ? uncut[b.paragraph] : nil,
                in: ownBox ? box.intersection(Self.paddingBox(big)) : box)
            if after.maxX > screenWidth + Self.slack {
                let reach = "to \(fmt(after.maxX)) dp of \(fmt(screenWidth))"
                return ("overflows the screen width at font scale \(s) (\(reach))", after.maxX, screenWidth)
            }
            if after.minX < -Self.slack {
                return ("overflows the screen width at font scale \(s) (from \(fmt(after.minX)) dp)", after.minX, 0)
            }
            if after.isCut {
                let lines: String
                if after.needed == 1 {
                    lines = after.partial == 0 ? "its one line not shown" : "its one line cut short"
                } else {
                    lines =
                        "\(after.shown) of \(after.needed) lines shown"
                        + (after.partial > 0 ? ", \(after.partial) partly" : "")
                }
                return ("cut at font scale \(s) (\(lines))", Double(after.shown), Double(after.needed))
            }
        }
        return nil
    }

    func offScreen(_ f: Fit) -> Bool { f.minX < -Self.slack || f.maxX > screenWidth + Self.slack }

    /// An element's padding box (inside its border): what painting clips its own text to.
    static func paddingBox(_ el: LaidOutElement) -> Rect { el.frame.inset(by: el.style.borderWidths) }

    /// One text of an element, keyed so the same text is found in the other layout.
    struct Placed {
        var key: String
        var paragraph: ParagraphLayout
        var origin: Point
    }

    /// The texts `ContrastCheck` measures: the primary paragraph (unless a hint shows instead), the
    /// hint, and the further texts but a picker's arrow.
    /// Whether a text leaves ink at all: a look that does not draw a text lays it out in a transparent
    /// colour (the android look's action bar title, `#00000000`), and what is not drawn cannot be cut
    /// (issue 46; the contrast check skips such runs too).
    static func isDrawn(_ p: ParagraphLayout) -> Bool {
        p.lines.contains { line in line.runs.contains { $0.isColor || ($0.color.a > 0 && !$0.glyphs.isEmpty) } }
    }

    static func texts(_ el: LaidOutElement) -> [Placed] {
        var out: [Placed] = []
        if let p = el.paragraph, let o = el.textOrigin, el.placeholder == nil {
            out.append(Placed(key: "text", paragraph: p, origin: o))
        }
        if let ph = el.placeholder { out.append(Placed(key: "hint", paragraph: ph.paragraph, origin: ph.origin)) }
        for (i, t) in el.extraTexts.enumerated() where t.role != .arrow {
            out.append(Placed(key: "\(t.role.rawValue) \(i)", paragraph: t.paragraph, origin: t.origin))
        }
        return out
    }

    /// The box the ancestors from `parent` up leave to a child: each `overflow: hidden` ancestor's
    /// padding box, each scroll layout's padding box horizontally (painting clips the same way).
    static func clip(_ parent: Int?, in layout: LayoutResult) -> Rect {
        var box = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        var next = parent
        var steps = 0
        while let id = next, let a = layout[id], steps < 10_000 {
            steps += 1
            let inner = a.frame.inset(by: a.style.borderWidths)
            if a.style.overflowHidden {
                box = box.intersection(inner)
            } else if a.kind == .scrollLayout {
                box = box.intersection(Rect(x: inner.x, y: box.y, width: inner.width, height: box.height))
            }
            next = a.parent
        }
        return box
    }

    /// How much of `t` shows whole inside `box`; `uncut` is the same text laid out without its cut
    /// (nil: the paragraph was not cut, so it is its own uncut layout).
    static func fit(_ t: Placed, uncut: ParagraphLayout?, in box: Rect) -> Fit {
        let whole = uncut ?? t.paragraph
        var f = Fit(shown: 0, needed: whole.lines.count, partial: 0, minX: .infinity, maxX: -.infinity)
        for (i, line) in t.paragraph.lines.enumerated() {
            let r = line.rect.offsetBy(dx: t.origin.x, dy: t.origin.y)
            let seen = r.intersection(box)
            if seen.width > 0 {
                f.minX = min(f.minX, seen.minX)
                f.maxX = max(f.maxX, seen.maxX)
            }
            let inside =
                r.minX >= box.minX - slack && r.maxX <= box.maxX + slack && r.minY >= box.minY - slack
                && r.maxY <= box.maxY + slack
            let overlaps = r.minX < box.maxX && r.maxX > box.minX && r.minY < box.maxY && r.maxY > box.minY
            let complete = i < whole.lines.count && whole.lines[i].text == line.text
            if inside && complete {
                f.shown += 1
            } else if overlaps {
                f.partial += 1
            }
        }
        if uncut == nil && t.paragraph.truncated { f.needed = max(f.needed, f.shown + 1) }
        return f
    }
}

/// Measures text at one font scale for a second layout pass, and keeps, for each paragraph it
/// cut (lines dropped by a height or `max-lines` limit, or an ellipsis), the same text laid out
/// uncut in the same width: what it would need to show whole. The layout pass runs on one thread;
/// the lock only keeps the recorder safe to share.
final class UncutRecorder: TextMeasuring, @unchecked Sendable {
    let engine: TextEngine
    private let lock = NSLock()
    private var recorded: [ParagraphLayout: ParagraphLayout] = [:]

    init(engine: TextEngine) { self.engine = engine }

    func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?, deviceScale: Double?
    ) -> ParagraphLayout {
        let p = engine.layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, deviceScale: deviceScale)
        guard p.truncated else { return p }
        var whole = style
        whole.maxLines = nil
        whole.ellipsis = false
        whole.minScale = nil
        let u = engine.layout(text, style: whole, maxWidth: maxWidth, maxHeight: nil, deviceScale: deviceScale)
        lock.withLock { recorded[p] = u }
        return p
    }

    func prepareAhead(_ items: [(text: AttributedText, font: FontSpec)]) { engine.prepareAhead(items) }
    var preparesAhead: Bool { engine.preparesAhead }

    /// What this screen's pass cut, and forgets it for the next screen.
    func take() -> [ParagraphLayout: ParagraphLayout] {
        lock.withLock {
            defer { recorded = [:] }
            return recorded
        }
    }
}

import Layout
import Primitives
import SessionFormat

/// What one element shows in one look at one capture, read from the layout record painting draws
/// from (not from pixels): the parts a user reads or sees, with the look's metrics taken out.
/// Texts are compared without their line breaks and spaces (wrapping is a look's width), and a
/// text cut short by an ellipsis matches any text it is the start of (truncation is a look's width
/// too). A text drawn only in a fully transparent colour shows nothing.
package struct ShownContent: Hashable, Sendable {
    package var kind: WidgetKind
    /// Visible texts, each with its role (`text`, `hint`, `subtitle`, `option`, ...), in record order.
    package var texts: [ShownText]
    /// Image-store keys of the icons drawn (the element's own, then its action-bar option icons).
    package var icons: [String]
    /// What its image area draws: an image key, `own pixels`, or nil.
    package var image: String?

    /// The elements a layout paints (hidden ones and those under a hidden ancestor are not painted).
    package static func read(_ layout: LayoutResult) -> [Int: ShownContent] {
        var out: [Int: ShownContent] = [:]
        for id in layout.paintOrder {
            guard let e = layout[id] else { continue }
            out[id] = ShownContent(e)
        }
        return out
    }

    init(_ e: LaidOutElement) {
        kind = e.kind
        var texts: [ShownText] = []
        if let p = e.paragraph, let t = ShownText(role: "text", p) { texts.append(t) }
        if let p = e.placeholder, let t = ShownText(role: p.role.rawValue, p.paragraph) { texts.append(t) }
        for x in e.extraTexts { if let t = ShownText(role: x.role.rawValue, x.paragraph) { texts.append(t) } }
        self.texts = texts
        icons = [e.icon?.key].compactMap { $0 } + e.options.compactMap { $0.icon?.key }
        image = e.image?.key ?? (e.ownPixels != nil ? "own pixels" : nil)
    }
}

/// A visible text: its characters without white space, and whether an ellipsis cut it.
package struct ShownText: Hashable, Sendable, CustomStringConvertible {
    package var role: String
    package var text: String
    package var truncated: Bool

    /// Nil when the paragraph draws nothing visible (no glyphs, or every run fully transparent).
    init?(role: String, _ p: ParagraphLayout) {
        let visible = p.lines.contains { line in line.runs.contains { $0.color.a > 0 && !$0.glyphs.isEmpty } }
        guard visible else { return nil }
        self.role = role
        var s = p.lines.map(\.text).joined().filter { !$0.isWhitespace }
        if p.truncated, s.hasSuffix("…") { s.removeLast() }
        text = s
        truncated = p.truncated
    }

    /// The same text, allowing for a cut: an ellipsised text matches any text it begins.
    func matches(_ o: ShownText) -> Bool {
        guard role == o.role else { return false }
        if text == o.text { return true }
        if truncated && o.text.hasPrefix(text) { return true }
        return o.truncated && text.hasPrefix(o.text)
    }

    /// The same texts with the same roles, each pair one the start of the other.
    static func cut(_ a: [ShownText], _ b: [ShownText]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.role == y.role && (x.text.hasPrefix(y.text) || y.text.hasPrefix(x.text))
            }
    }

    package var description: String { "\(role) \"\(text)\(truncated ? "…" : "")\"" }
}

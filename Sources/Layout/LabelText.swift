import Primitives
import Styles
import TextLayout

/// The attributed text of a label: autolinks (value bit 0) and markdown headings (value bit 1),
/// as semantics section 4 and section 7 item 30 describe.
enum LabelText {
    static let autolinkBit = 1
    static let markdownBit = 2

    /// Builds the spans of `text` for a label whose `value` carries the bits.
    /// `android`: Android's rule instead (any non-zero value links URLs only; no markdown).
    static func build(_ text: String, bits: Int, linkColor: Color, android: Bool = false) -> AttributedText {
        let autolink = android ? bits != 0 : bits & autolinkBit != 0
        let markdown = !android && bits & markdownBit != 0
        guard autolink || markdown else { return AttributedText(text) }
        var spans: [TextSpan] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, raw) in lines.enumerated() {
            var line = String(raw)
            var heading = false
            if markdown, line.hasPrefix("# ") {
                line.removeFirst(2)
                heading = true
            }
            let base = TextSpan("", weight: heading ? 700 : nil, sizeDelta: heading ? 4 : 0)
            spans += autolink ? links(in: line, base: base, linkColor: linkColor, tags: !android) : [with(base, line)]
            if i < lines.count - 1 { spans.append(with(base, "\n")) }
        }
        return AttributedText(merge(spans.filter { !$0.text.isEmpty }))
    }

    /// Splits one line into plain spans and links: `#tag` / `@user` (letters, digits, `_`; at the
    /// start or after white space) in the link colour, and http(s) URLs up to white space without a
    /// trailing `.,;:!?)`, in the link colour and underlined.
    static func links(in line: String, base: TextSpan, linkColor: Color, tags: Bool = true) -> [TextSpan] {
        let chars = Array(line)
        var out: [TextSpan] = []
        var plain = ""
        var i = 0
        func flush() {
            if !plain.isEmpty {
                out.append(with(base, plain))
                plain = ""
            }
        }
        while i < chars.count {
            let atWordStart = i == 0 || chars[i - 1].isWhitespace
            if atWordStart, let end = urlEnd(chars, from: i) {
                flush()
                var link = with(base, String(chars[i..<end]))
                link.color = linkColor
                link.underline = true
                out.append(link)
                i = end
                continue
            }
            if tags, atWordStart, chars[i] == "#" || chars[i] == "@" {
                var j = i + 1
                while j < chars.count, isTagCharacter(chars[j]) { j += 1 }
                if j > i + 1 {
                    flush()
                    var tag = with(base, String(chars[i..<j]))
                    tag.color = linkColor
                    out.append(tag)
                    i = j
                    continue
                }
            }
            plain.append(chars[i])
            i += 1
        }
        flush()
        return out
    }

    /// End index of a URL starting at `i`, or nil if none starts there.
    static func urlEnd(_ chars: [Character], from i: Int) -> Int? {
        let rest = String(chars[i..<min(chars.count, i + 8)]).lowercased()
        let scheme: Int
        if rest.hasPrefix("https://") {
            scheme = 8
        } else if rest.hasPrefix("http://") {
            scheme = 7
        } else {
            return nil
        }
        var j = i
        while j < chars.count, !chars[j].isWhitespace { j += 1 }
        while j > i + scheme, ".,;:!?)".contains(chars[j - 1]) { j -= 1 }
        return j > i + scheme ? j : nil
    }

    static func isTagCharacter(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }

    private static func with(_ base: TextSpan, _ text: String) -> TextSpan {
        var s = base
        s.text = text
        return s
    }

    /// Joins neighbouring spans with the same look (fewer runs to shape).
    private static func merge(_ spans: [TextSpan]) -> [TextSpan] {
        var out: [TextSpan] = []
        for s in spans {
            if let i = out.indices.last, out[i].color == s.color, out[i].underline == s.underline,
                out[i].weight == s.weight, out[i].sizeDelta == s.sizeDelta
            {
                // In place: a copy of the last span, appended to and stored back, copied all the
                // text so far at every merge (quadratic in the lines of a long markdown label).
                out[i].text += s.text
            } else {
                out.append(s)
            }
        }
        return out.isEmpty ? [TextSpan("")] : out
    }
}

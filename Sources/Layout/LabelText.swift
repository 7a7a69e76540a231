import Primitives
import Styles
import TextLayout

/// The attributed text of a label: autolinks (value bit 0) and markdown headings (value bit 1),
/// as semantics section 4 and section 7 item 30 describe.
enum LabelText {
    static let autolinkBit = 1
    static let markdownBit = 2

    /// Builds the spans of `text` for a label whose `value` carries the bits.
    static func build(_ text: String, bits: Int, linkColor: Color) -> AttributedText {
        let autolink = bits & autolinkBit != 0, markdown = bits & markdownBit != 0
        guard autolink || markdown else { return AttributedText(text) }
        var spans: [TextSpan] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, raw) in lines.enumerated() {
            var line = String(raw)
            var heading = false
            if markdown, line.hasPrefix("# ") { line.removeFirst(2); heading = true }
            let base = TextSpan("", weight: heading ? 700 : nil, sizeDelta: heading ? 4 : 0)
            spans += autolink ? links(in: line, base: base, linkColor: linkColor) : [with(base, line)]
            if i < lines.count - 1 { spans.append(with(base, "\n")) }
        }
        return AttributedText(merge(spans.filter { !$0.text.isEmpty }))
    }

    /// Splits one line into plain spans and links: `#tag` / `@user` (letters, digits, `_`; at the
    /// start or after white space) in the link colour, and http(s) URLs up to white space without a
    /// trailing `.,;:!?)`, in the link colour and underlined.
    static func links(in line: String, base: TextSpan, linkColor: Color) -> [TextSpan] {
        let chars = Array(line)
        var out: [TextSpan] = []
        var plain = ""
        var i = 0
        func flush() { if !plain.isEmpty { out.append(with(base, plain)); plain = "" } }
        while i < chars.count {
            let atWordStart = i == 0 || chars[i - 1].isWhitespace
            if atWordStart, let end = urlEnd(chars, from: i) {
                flush()
                var link = with(base, String(chars[i..<end])); link.color = linkColor; link.underline = true
                out.append(link); i = end; continue
            }
            if atWordStart, chars[i] == "#" || chars[i] == "@" {
                var j = i + 1
                while j < chars.count, isTagCharacter(chars[j]) { j += 1 }
                if j > i + 1 {
                    flush()
                    var tag = with(base, String(chars[i..<j])); tag.color = linkColor
                    out.append(tag); i = j; continue
                }
            }
            plain.append(chars[i]); i += 1
        }
        flush()
        return out
    }

    /// End index of a URL starting at `i`, or nil if none starts there.
    static func urlEnd(_ chars: [Character], from i: Int) -> Int? {
        let rest = String(chars[i..<min(chars.count, i + 8)]).lowercased()
        let scheme: Int
        if rest.hasPrefix("https://") { scheme = 8 } else if rest.hasPrefix("http://") { scheme = 7 } else { return nil }
        var j = i
        while j < chars.count, !chars[j].isWhitespace { j += 1 }
        while j > i + scheme, ".,;:!?)".contains(chars[j - 1]) { j -= 1 }
        return j > i + scheme ? j : nil
    }

    static func isTagCharacter(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }

    private static func with(_ base: TextSpan, _ text: String) -> TextSpan { var s = base; s.text = text; return s }

    /// Joins neighbouring spans with the same look (fewer runs to shape).
    private static func merge(_ spans: [TextSpan]) -> [TextSpan] {
        var out: [TextSpan] = []
        for s in spans {
            if var last = out.last, last.color == s.color, last.underline == s.underline, last.weight == s.weight,
               last.sizeDelta == s.sizeDelta {
                last.text += s.text; out[out.count - 1] = last
            } else { out.append(s) }
        }
        return out.isEmpty ? [TextSpan("")] : out
    }
}

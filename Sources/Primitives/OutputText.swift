/// Text from input (file names, ids, snapshot names, style values, texts) made safe to print on a
/// terminal or in a CI log: nothing in it can end the line, start a terminal escape sequence (ESC,
/// OSC, CSI, also the 8-bit C1 forms) or reorder what is shown. Every line the CLI prints goes
/// through `line(_:)`, so a line of input never starts a line of output (no fake `::error::` CI
/// annotation, no terminal title or hyperlink set by a session).
package enum OutputText {
    /// `s` with each unsafe character replaced by a visible escape: `\n`, `\r`, `\t`, or `\uXXXX`
    /// (JSON's spelling, so a JSON diagnostics line stays valid JSON and decodes to the same text).
    /// Unsafe: C0 controls, DEL, C1 controls, U+2028/U+2029 (line and paragraph separators) and
    /// the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069). Text without
    /// any is returned as it is.
    package static func line(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            guard isUnsafe(u) else {
                out.append(u)
                continue
            }
            switch u {
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                let hex = String(u.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(out)
    }

    /// Several lines of one message, each made safe, joined by newlines: the one way a message the
    /// CLI prints gets a line break of its own.
    package static func lines(_ ls: [String]) -> String {
        ls.map(line).joined(separator: "\n")
    }

    /// Whether `u` is escaped by `line(_:)`.
    package static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

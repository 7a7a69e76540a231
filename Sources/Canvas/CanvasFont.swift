import Foundation
import Styles
import TextLayout

/// The canvas `font` value: `[italic|oblique] [normal|bold|lighter|bolder|100..900] SIZEpx FAMILY`
/// (semantics.md section 7 item 9). Size in dp. Generic families map to the theme default.
public struct CanvasFont: Hashable, Sendable {
    public var style: FontStyle = .normal
    public var weight: Int = 400
    public var size: Double = 10
    public var family: String = "sans-serif"
    public init(style: FontStyle = .normal, weight: Int = 400, size: Double = 10, family: String = "sans-serif") {
        self.style = style
        self.weight = weight
        self.size = size
        self.family = family
    }

    /// The family text layout gets: generic CSS families become `defaultFamily` (Roboto).
    package func spec(defaultFamily: String = "Roboto") -> FontSpec {
        let generic: Set<String> = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"]
        let fam = generic.contains(family.lowercased()) ? defaultFamily : family
        return FontSpec(family: fam, weight: weight, style: style)
    }

    /// Parses the shorthand; nil when it does not match (the caller keeps the old font).
    public static func parse(_ text: String) -> CanvasFont? {
        var f = CanvasFont()
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Modifiers before the size, in any order, each at most once.
        var sawStyle = false
        var sawWeight = false
        while let t = tokens.first, !t.lowercased().hasSuffix("px") {
            let l = t.lowercased()
            if !sawStyle, let s = FontStyle(rawValue: l), s != .normal {
                f.style = s
                sawStyle = true
            } else if l == "normal" {
            } else if !sawWeight, let w = weight(l) {
                f.weight = w
                sawWeight = true
            } else {
                return nil
            }
            tokens.removeFirst()
        }
        guard let sizeToken = tokens.first, let size = Double(sizeToken.dropLast(2)), size.isFinite, size > 0 else {
            return nil
        }
        f.size = size
        let family = tokens.dropFirst().joined(separator: " ")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"' ,"))
        guard !family.isEmpty else { return nil }
        // A font list "A, B": the first family is the one asked for.
        f.family =
            family.split(separator: ",").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
            ?? family
        return f
    }

    /// bold 700, lighter 300, bolder 800 (semantics.md section 2), or a number 100...900.
    static func weight(_ s: String) -> Int? {
        switch s {
        case "bold": return 700
        case "lighter": return 300
        case "bolder": return 800
        default:
            guard let n = Int(s), (1...1000).contains(n) else { return nil }
            return n
        }
    }
}

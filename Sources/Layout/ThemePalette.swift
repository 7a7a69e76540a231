import Foundation
import Primitives
import Styles
import TextLayout

/// Theme values turned into paint-ready values: colours, shadows and text looks. Layout uses it to
/// decide each element's box look; painting uses it for the theme's widget looks (tracks, ticks).
/// Colours go through the style parser (`StyleResolver.color`); a plain hex reader backs it up so a
/// theme colour never silently turns black while the parser is incomplete.
public struct ThemePalette: Sendable {
    public let theme: Theme
    public let resolver: StyleResolver

    public init(theme: Theme) {
        self.theme = theme
        self.resolver = StyleResolver(theme: theme)
    }

    /// A palette over a resolver already made for `theme`.
    init(theme: Theme, resolver: StyleResolver) {
        self.theme = theme
        self.resolver = resolver
    }

    /// A theme colour string as a colour.
    public func color(_ s: String) -> Color {
        if let c = StyleParser.parseColor(s) { return c }
        return ThemePalette.hexColor(s) ?? resolver.color(s)
    }

    /// `#rgb`, `#rrggbb` or `#aarrggbb` (alpha first); nil otherwise.
    public static func hexColor(_ raw: String) -> Color? {
        let s = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if s == "transparent" { return .transparent }
        guard s.hasPrefix("#") else { return nil }
        let hex = String(s.dropFirst())
        guard let v = UInt32(hex, radix: 16) else { return nil }
        switch hex.count {
        case 3:
            let r = UInt8((v >> 8) & 0xf) * 17
            let g = UInt8((v >> 4) & 0xf) * 17
            let b = UInt8(v & 0xf) * 17
            return Color(r: r, g: g, b: b)
        case 6:
            return Color(rgb: v)
        case 8:
            return Color(r: UInt8((v >> 16) & 0xff), g: UInt8((v >> 8) & 0xff), b: UInt8(v & 0xff), a: UInt8(v >> 24))
        default:
            return nil
        }
    }

    /// A theme shadow string: `n` (iOS shadowRadius: black 0.15, blur 2n) or `x y blur [spread] colour`.
    public func shadow(_ s: String) -> Shadow? {
        let tokens = s.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if tokens.isEmpty || tokens == ["none"] { return nil }
        var numbers: [Double] = []
        var colour: Color? = nil
        for t in tokens {
            if let n = Double(t) { numbers.append(n) } else { colour = color(t) }
        }
        if numbers.count == 1 && colour == nil {
            return Shadow(blur: 2 * numbers[0], color: Color.black.withAlphaMultiplied(by: 0.15))
        }
        guard numbers.count >= 2 else { return nil }
        return Shadow(
            offsetX: numbers[0], offsetY: numbers[1], blur: numbers.count > 2 ? numbers[2] : 0,
            spread: numbers.count > 3 ? numbers[3] : 0, color: colour ?? .black)
    }

    /// A paragraph style for a theme text look.
    public func paragraphStyle(_ look: Theme.TextLook, color override: Color? = nil) -> ParagraphStyle {
        ParagraphStyle(
            font: FontSpec(family: look.family ?? theme.font.family, weight: look.weight),
            size: look.size, color: override ?? color(look.color), noWrap: true, ellipsis: true)
    }
}

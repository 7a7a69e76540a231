import Foundation
import Primitives

/// The colour syntax of style values (semantics.md section 2; names and values of section 7
/// item 21), with the portability notes for forms that one of the real backends reads differently.
enum ColorParser {
    /// Android's `Color.parseColor` names with Android's values.
    static let names: [String: UInt32] = [
        "black": 0x000000, "darkgray": 0x444444, "darkgrey": 0x444444, "gray": 0x888888, "grey": 0x888888,
        "lightgray": 0xcccccc, "lightgrey": 0xcccccc, "white": 0xffffff, "red": 0xff0000, "green": 0x00ff00,
        "blue": 0x0000ff, "yellow": 0xffff00, "cyan": 0x00ffff, "aqua": 0x00ffff, "magenta": 0xff00ff,
        "fuchsia": 0xff00ff, "lime": 0x00ff00, "maroon": 0x800000, "navy": 0x000080, "olive": 0x808000,
        "purple": 0x800080, "silver": 0xc0c0c0, "teal": 0x008080,
    ]

    /// The colour and its notes under a platform's colour rule, or nil when that platform cannot
    /// read `raw` (PlatformProfile.ColorRule; `.preview` is every documented form).
    static func parse(_ raw: String, rule: PlatformProfile.ColorRule) -> (color: Color, notes: [PortabilityNote])? {
        switch rule {
        case .preview: return parse(raw)
        case .android: return parseAndroid(raw)
        case .ios: return parseIOS(raw)
        }
    }

    /// Why `raw` is not a colour under `rule` (for the StyleError that drops the key).
    static func failure(_ raw: String, rule: PlatformProfile.ColorRule) -> String {
        switch rule {
        case .preview:
            return "expected a colour (#rrggbb, #aarrggbb, #rgb, a colour name, rgb(), rgba() or transparent)"
        case .android:
            return
                """
                Android's Color.parseColor reads only #rrggbb, #aarrggbb and colour names, so it fails on \
                \"\(raw)\" and the key is ignored
                """
        case .ios:
            return
                """
                iOS reads only white, black or hex digits after the first character, so \"\(raw)\" is no colour \
                there and the key is ignored
                """
        }
    }

    /// Android `Color.parseColor`: `#rrggbb`, `#aarrggbb` and the names; `#rgb`, `rgb()` and
    /// `transparent` throw (protocol 2.1).
    private static func parseAndroid(_ raw: String) -> (color: Color, notes: [PortabilityNote])? {
        let s = raw.trimmingSpaceAndNewlines().lowercased()
        if s.hasPrefix("#") {
            let n = s.count - 1
            return n == 6 || n == 8 ? parseHex(s) : nil
        }
        return names[s] != nil ? parse(s) : nil
    }

    /// iOS `colorFromString`: `white`, `black`, else the hex digits after the FIRST character (any
    /// character, not only `#`): `#rgb` is 0x000rgb, `red` is 0x0000ed, `green` fails (no hex
    /// digit after the `g`). Alpha is the high byte of an 8-digit value; a value <= 0xffffff
    /// (alpha byte 00) is opaque.
    private static func parseIOS(_ raw: String) -> (color: Color, notes: [PortabilityNote])? {
        let s = raw.trimmingSpaceAndNewlines().lowercased()
        if s == "white" { return (.white, []) }
        if s == "black" { return (.black, []) }
        // NSScanner scanHexInt: the longest run of hex digits (an optional 0x prefix is not worth modelling).
        let digits = s.dropFirst().prefix(while: \.isHexDigit)
        guard !digits.isEmpty, digits.count <= 8, let v = UInt32(digits, radix: 16) else { return nil }
        let c =
            v <= 0xffffff
            ? Color(rgb: v)
            : Color(r: UInt8((v >> 16) & 0xff), g: UInt8((v >> 8) & 0xff), b: UInt8(v & 0xff), a: UInt8(v >> 24))
        if let preview = parse(s)?.color, preview == c { return (c, []) }
        return (c, [PortabilityNote("colour \"\(s)\" reads as \(c) on iOS (colorFromString)")])
    }

    /// The colour and its notes, or nil when `raw` is not a colour.
    static func parse(_ raw: String) -> (color: Color, notes: [PortabilityNote])? {
        let s = raw.trimmingSpaceAndNewlines().lowercased()
        if s.hasPrefix("#") { return parseHex(s) }
        if s == "transparent" {
            return (
                .transparent,
                [PortabilityNote("colour \"transparent\" is a preview extension: neither iOS nor Android parses it")]
            )
        }
        if s.hasPrefix("rgb") { return parseFunction(s) }
        guard let rgb = names[s] else { return nil }
        let notes =
            (s == "black" || s == "white")
            ? []
            : [
                PortabilityNote(
                    """
                    colour name \"\(s)\": iOS only knows black and white (it would not show this colour); write \
                    \(Color(rgb: rgb))
                    """
                )
            ]
        return (Color(rgb: rgb), notes)
    }

    /// `#rgb`, `#rrggbb`, `#aarrggbb` (alpha first, as both backends read it).
    private static func parseHex(_ s: String) -> (color: Color, notes: [PortabilityNote])? {
        let digits = s.dropFirst()
        guard digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let r = (v >> 8) & 0xf
            let g = (v >> 4) & 0xf
            let b = v & 0xf
            let c = Color(r: UInt8(r * 17), g: UInt8(g * 17), b: UInt8(b * 17))
            return (
                c, [PortabilityNote("colour \"\(s)\": iOS cannot parse #rgb (it reads 0x000\(digits)); write \(c)")]
            )
        case 6:
            return (Color(rgb: v), [])
        case 8:
            let c = Color(r: UInt8((v >> 16) & 0xff), g: UInt8((v >> 8) & 0xff), b: UInt8(v & 0xff), a: UInt8(v >> 24))
            let notes =
                c.a == 0
                ? [
                    PortabilityNote(
                        "colour \"\(s)\" is fully transparent (alpha first), but iOS shows alpha 00 as opaque")
                ] : []
            return (c, notes)
        default:
            return nil
        }
    }

    /// `rgb(r, g, b)` with 0...255 channels and `rgba(r, g, b, a)` with alpha 0...1.
    private static func parseFunction(_ s: String) -> (color: Color, notes: [PortabilityNote])? {
        let isRGBA = s.hasPrefix("rgba(")
        guard isRGBA || s.hasPrefix("rgb("), s.hasSuffix(")") else { return nil }
        let inner = s.dropFirst(isRGBA ? 5 : 4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { StyleNumber.parse(String($0)) }
        guard parts.count == (isRGBA ? 4 : 3), parts.allSatisfy({ $0 != nil }) else { return nil }
        let n = parts.map { $0! }
        guard n[0...2].allSatisfy({ (0...255).contains($0) }) else { return nil }
        let alpha = isRGBA ? n[3] : 1
        guard (0...1).contains(alpha) else { return nil }
        let c = Color(
            r: CheckedInt.byte(n[0]), g: CheckedInt.byte(n[1]), b: CheckedInt.byte(n[2]),
            a: CheckedInt.byte(alpha * 255))
        return (
            c,
            [
                PortabilityNote(
                    """
                    colour \"\(s)\": rgb()/rgba() is a preview extension that neither iOS nor Android parses; \
                    write \(c)
                    """
                )
            ]
        )
    }
}

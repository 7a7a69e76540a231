import Foundation
import JSON
import SessionFormat

/// Checks a decoded theme: every colour parses, sizes are finite and >= 0, keywords are known, the
/// widget defaults parse as styles, and the file has no fields the format does not know (a typo
/// would otherwise be ignored silently). Messages name the field: `actionBar.lineColor: ...`.
enum ThemeValidator {
    /// Problems in field order, empty when the theme is valid.
    static func problems(in theme: Theme) -> [String] {
        var out: [String] = []
        walk(theme, path: "", into: &out)
        if let p = theme.platform, PlatformProfile.named(p) == nil {
            out.append("platform: \"\(p)\" is not a platform profile (ios, android, neutral)")
        }
        out += StyleResolver(theme: theme).themeProblems
        return out
    }

    /// Fields of the JSON object that `Theme` does not have: keys the decoder never asked for
    /// (`asked` holds dotted paths, from `JSONValueDecoder.KeyLog`). Keys starting with `_` or `$`
    /// are comments. Sorted per object, so messages do not depend on the file's key order.
    static func unknownFields(_ object: JSONObject, asked: Set<String>) -> [String] {
        var out: [String] = []
        compare(object, asked, path: "", into: &out)
        return out
    }

    private static func compare(_ given: JSONObject, _ asked: Set<String>, path: String, into out: inout [String]) {
        for key in given.keys.sorted() where !key.hasPrefix("_") && !key.hasPrefix("$") {
            let p = path.isEmpty ? key : "\(path).\(key)"
            guard asked.contains(p) else {
                out.append("unknown field \(p)")
                continue
            }
            // widgetDefaults holds style declarations, checked by the style resolver instead.
            if key != "widgetDefaults" || !path.isEmpty, case .object(let g)? = given[key] {
                compare(g, asked, path: p, into: &out)
            }
        }
    }

    /// Field names (last path component) whose strings are colours; "" allowed only where noted.
    private static let colorFields: Set<String> = [
        "color", "background", "scrim", "pressedOverlay", "pressedOverlayOnBackground",
    ]
    private static let emptyAllowed: Set<String> = ["pressedOverlay", "statusBar.background"]

    private static func walk(_ value: Any, path: String, into out: inout [String]) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let child = mirror.children.first { walk(child.value, path: path, into: &out) }
            return
        }
        guard mirror.displayStyle == .struct else { return }
        for child in mirror.children {
            guard let label = child.label, label != "widgetDefaults" else { continue }
            let p = path.isEmpty ? label : "\(path).\(label)"
            switch child.value {
            case let s as String: check(string: s, label: label, path: p, into: &out)
            case let d as Double:
                if !d.isFinite || d < 0 { out.append("\(p): \(d) is not a number >= 0") }
            case let i as Int:
                if label == "weight" {
                    if !(100...900).contains(i) { out.append("\(p): a font weight is 100 to 900, not \(i)") }
                } else if i < 0 {
                    out.append("\(p): \(i) is not >= 0")
                }
            case let a as [Double]:
                if !(1...4).contains(a.count) || a.contains(where: { !$0.isFinite || $0 < 0 }) {
                    out.append("\(p): expected 1 to 4 numbers >= 0")
                }
            default:
                walk(child.value, path: p, into: &out)
            }
        }
        if let toast = value as? Theme.ToastLook, toast.opacity > 1 {
            out.append("\(path).opacity: \(toast.opacity) is more than 1")
        }
    }

    private static func check(string s: String, label: String, path p: String, into out: inout [String]) {
        if label.lowercased().hasSuffix("color") || colorFields.contains(label) {
            if s.isEmpty && (emptyAllowed.contains(label) || emptyAllowed.contains(p)) { return }
            if StyleParser.parseColor(s) == nil {
                out.append(
                    "\(p): \"\(s)\" is not a colour (#rrggbb, #aarrggbb with alpha first, a colour name, rgb(), rgba())"
                )
            }
        } else if label == "shadow" {
            if StyleParser.parseShadow(s) == nil {
                out.append("\(p): \"\(s)\" is not a shadow (\"x y blur [spread] colour\" or a radius)")
            }
        } else if p == "toast.position" {
            if s != "bottom" && s != "center" { out.append("\(p): \"\(s)\" should be \"bottom\" or \"center\"") }
        } else if p == "statusBar.glyphs" {
            if !["none", "ios", "android"].contains(s) {
                out.append("\(p): \"\(s)\" should be \"none\", \"ios\" or \"android\"")
            }
        } else if label == "family" || label == "name" {
            if s.trimmingCharacters(in: .whitespaces).isEmpty { out.append("\(p): must not be empty") }
        }
    }
}

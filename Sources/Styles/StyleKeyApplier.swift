import Foundation
import Primitives

/// One known style key applied to a declaration map. The key is lowercased and known; errors
/// carry only the reason (`StyleParser` adds the key and the value).
enum StyleKeyApplier {
    typealias Notes = [PortabilityNote]

    /// `profile` picks the platform's reading of lists, colours, `border`, `weight` and font-size
    /// keywords (PlatformProfile; `.neutral` is the preview's documented syntax).
    static func apply(_ key: String, _ raw: String, to d: inout StyleDeclarations, profile: PlatformProfile = .neutral)
        throws -> Notes
    {
        let v = raw.trimmingSpaceAndNewlines()
        let colors = profile.colorRule
        let kw = v.lowercased()
        switch key {
        // Box
        case "width": d.width = try dimension(kw)
        case "height": d.height = try dimension(kw)
        case "min-width": d.minWidth = try StyleNumber.size(kw)
        case "min-height": d.minHeight = try StyleNumber.size(kw)
        case "max-width": d.maxWidth = try maxSize(kw)
        case "max-height": d.maxHeight = try maxSize(kw)
        case "margin", "padding":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: key == "margin", rule: profile.listRule)
            let sides = Sides<Double?>(top: l[0], right: l[1], bottom: l[2], left: l[3])
            if key == "margin" { d.margin = sides } else { d.padding = sides }
            return notes
        case "margin-top": d.margin.top = try StyleNumber.number(kw)
        case "margin-right": d.margin.right = try StyleNumber.number(kw)
        case "margin-bottom": d.margin.bottom = try StyleNumber.number(kw)
        case "margin-left": d.margin.left = try StyleNumber.number(kw)
        case "padding-top": d.padding.top = try StyleNumber.size(kw)
        case "padding-right": d.padding.right = try StyleNumber.size(kw)
        case "padding-bottom": d.padding.bottom = try StyleNumber.size(kw)
        case "padding-left": d.padding.left = try StyleNumber.size(kw)
        case "weight":
            var w = try StyleNumber.number(kw, min: 0, what: "a weight (a number >= 0)")
            if w != w.rounded() {
                // Android `new Integer("1.5")` throws; iOS `integerValue` truncates.
                if profile.platform == .android {
                    throw StyleError("Android needs an integer weight (Integer(\"\(v)\") throws); the key is ignored")
                }
                if profile.platform == .ios {
                    w = w.rounded(.towardZero)
                    d.weight = w
                    return []
                }
            }
            d.weight = w
            if w != w.rounded() {
                return [
                    PortabilityNote(
                        """
                        weight: \(v) works here and on iOS (as \(CheckedInt.int(w))), but Android needs an integer \
                        and fails
                        """
                    )
                ]
            }
        case "gravity": d.gravity = try gravity(kw)
        case "top", "right", "bottom", "left":
            let n = try StyleNumber.number(kw)
            switch key {
            case "top": d.offsets.top = n
            case "right": d.offsets.right = n
            case "bottom": d.offsets.bottom = n
            default: d.offsets.left = n
            }
            return [PortabilityNote("\(key): frame offsets are a preview extension that the real backends ignore")]
        case "overflow": d.overflowHidden = try keyword(kw, ["hidden": true, "visible": false])
        // Paint
        case "background":
            let (b, notes) = try PaintValueParser.background(v, colors)
            d.background = b
            return notes
        case "background-color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            d.background = .color(c)
            return notes
        case "border":
            let (side, notes) = try PaintValueParser.border(v, key: key, profile: profile)
            setBorder(side, on: [0, 1, 2, 3], in: &d)
            return notes
        case "border-top", "border-right", "border-bottom", "border-left":
            let (side, notes) = try PaintValueParser.border(v, key: key, profile: profile)
            let index = ["border-top": 0, "border-right": 1, "border-bottom": 2, "border-left": 3][key]!
            setBorder(side, on: [index], in: &d)
            return notes + [
                PortabilityNote("\(key): per-side borders are a preview extension that the real backends ignore")
            ]
        case "border-width":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: false)
            d.borderWidth = Sides(top: l[0], right: l[1], bottom: l[2], left: l[3])
            return notes
        case "border-color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            d.borderColor = Sides(all: c)
            return notes
        case "border-style":
            d.borderStyle = Sides(
                all: try keyword(kw, ["solid": .solid, "dashed": .dashed, "dotted": .dotted, "none": BorderStyle.none]))
        case "border-radius":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: false, rule: profile.listRule)
            d.borderRadius = Corners(topLeft: l[0], topRight: l[1], bottomRight: l[2], bottomLeft: l[3])
            return notes
        case "shadow":
            let (s, notes) = try PaintValueParser.shadow(v, colors)
            d.shadow = s
            return notes
        case "opacity": d.opacity = try StyleNumber.number(kw, min: 0, max: 1, what: "an opacity (0 to 1)")
        case "zoom":
            d.zoom =
                kw == "inherit"
                ? 1
                : try StyleNumber.number(
                    kw, min: 0, max: StyleLimits.maxZoom,
                    what: "a zoom factor (0 to \(CheckedInt.text(StyleLimits.maxZoom)))")
        case "tint", "color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            if key == "tint" { d.tint = c } else { d.color = c }
            return notes
        // Text
        case "font-size": return try fontSize(kw, into: &d, keywords: profile.fontSizeKeywords)
        case "font-weight": d.fontWeight = try fontWeight(kw)
        case "font-style":
            d.fontStyle = try keyword(kw, ["normal": .normal, "italic": .italic, "oblique": FontStyle.oblique])
        case "font-family":
            let family = v.trimmingQuotesAndSpaces()
            guard !family.isEmpty else { throw StyleError("expected a font family name") }
            d.fontFamily = family
        case "text-align":
            d.textAlign = try keyword(
                kw, ["left": .left, "center": .center, "right": .right, "justify": TextAlign.justify])
        case "white-space": d.noWrap = try keyword(kw, ["normal": false, "nowrap": true])
        case "text-overflow": d.ellipsis = try keyword(kw, ["ellipsis": true, "clip": false])
        case "max-lines":
            let n = try StyleNumber.number(
                kw, min: 0, max: StyleLimits.maxLines, what: "a line count (an integer >= 0)")
            guard n == n.rounded(), n < 1e9 else { throw StyleError("expected a line count (an integer >= 0)") }
            d.maxLines = CheckedInt.int(n)
        case "line-height":
            d.lineHeight = try StyleNumber.number(kw, min: 0, what: "a line height in dp (a number >= 0)")
        case "min-scale": d.minScale = try StyleNumber.number(kw, min: 0, max: 1, what: "a scale factor (0 to 1)")
        case "hint": d.hint = raw
        // Images and icons
        case "icon": d.icon = (kw == "none" || v.isEmpty) ? "" : v
        case "icon-attachment":
            d.iconAttachment = try keyword(
                kw, ["top": .top, "right": .right, "bottom": .bottom, "left": IconAttachment.left])
        case "scale":
            guard let s = ImageScale(rawValue: kw) else {
                throw StyleError("expected center, center-crop, center-inside, fit-center, fit-start or fit-end")
            }
            d.imageScale = s
        default:
            throw StyleError("unknown style key")  // unreachable: StyleParser checks the key first
        }
        return []
    }

    // MARK: helpers

    /// Sets width, style and colour of the given sides (0 top, 1 right, 2 bottom, 3 left).
    private static func setBorder(_ side: BorderSide, on sides: [Int], in d: inout StyleDeclarations) {
        for i in sides {
            d.borderWidth[side: i] = side.width
            d.borderStyle[side: i] = side.style
            d.borderColor[side: i] = side.color
        }
    }

    private static func keyword<T>(_ kw: String, _ table: [String: T]) throws -> T {
        guard let t = table[kw] else {
            throw StyleError("expected \(table.keys.sorted().joined(separator: ", "))")
        }
        return t
    }

    /// A number >= 0 (0 is 0 dp), `match-parent` or `wrap-content`.
    static func dimension(_ kw: String) throws -> Dimension {
        switch kw {
        case "match-parent", "fill-parent": return .matchParent
        case "wrap-content": return .wrapContent
        default:
            guard let n = StyleNumber.parse(kw), n >= 0 else {
                throw StyleError("expected a size in dp (a number >= 0), match-parent or wrap-content")
            }
            return .fixed(n)
        }
    }

    private static func maxSize(_ kw: String) throws -> Double {
        kw == "none" ? .infinity : try StyleNumber.size(kw)
    }

    /// `top`, `bottom`, `left`/`start`, `right`/`end`, `center`, `center-vertical`, `center-horizontal`,
    /// combined with `|`; a later token on the same axis wins.
    static func gravity(_ kw: String) throws -> Gravity {
        var g = Gravity()
        let parts = kw.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpace() }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { throw StyleError("expected a gravity") }
        for p in parts {
            switch p {
            case "top": g.vertical = .top
            case "bottom": g.vertical = .bottom
            case "left", "start": g.horizontal = .left
            case "right", "end": g.horizontal = .right
            case "center":
                g.horizontal = .center
                g.vertical = .center
            case "center-vertical": g.vertical = .center
            case "center-horizontal": g.horizontal = .center
            default:
                throw StyleError(
                    """
                    \"\(p)\" is not a gravity (top, bottom, left, start, right, end, center, center-vertical, \
                    center-horizontal)
                    """
                )
            }
        }
        return g
    }

    private static func fontSize(_ kw: String, into d: inout StyleDeclarations, keywords: Bool = true) throws -> Notes {
        if !keywords, ["small", "medium", "large"].contains(kw) {
            // iOS `integerValue` of a keyword is 0 = unset: the widget's default size applies.
            d.fontSize = nil
            return [
                PortabilityNote(
                    "font-size: iOS ignores the keyword \(kw) (it reads 0 = unset); the default size is used")
            ]
        }
        if let k = ["small": 9.0, "medium": 12, "large": 15][kw] {
            d.fontSize = k
            return [
                PortabilityNote(
                    """
                    font-size: \(kw) is \(StyleNumber.fmtNumber(k)) here and on Android, but iOS ignores size \
                    keywords; write \(StyleNumber.fmtNumber(k))
                    """
                )
            ]
        }
        guard let n = StyleNumber.parse(kw), n > 0 else {
            throw StyleError("expected a size in dp (a number > 0), small, medium or large")
        }
        guard n <= StyleLimits.maxFontSize else {
            throw StyleError(
                "a font size must be at most \(CheckedInt.text(StyleLimits.maxFontSize)) dp (docs/limits.md)")
        }
        d.fontSize = n
        return []
    }

    /// `normal` 400, `bold` 700, `lighter` 300, `bolder` 800, or 100...900.
    static func fontWeight(_ kw: String) throws -> Int {
        if let w = ["normal": 400, "bold": 700, "lighter": 300, "bolder": 800][kw] { return w }
        guard let n = StyleNumber.parse(kw), (100...900).contains(n) else {
            throw StyleError("expected normal, bold, lighter, bolder or a weight from 100 to 900")
        }
        return CheckedInt.int(n, .toNearestOrAwayFromZero)
    }
}

extension Sides {
    /// A side by index in CSS order (0 top, 1 right, 2 bottom, 3 left).
    subscript(side i: Int) -> T {
        get { [top, right, bottom, left][i] }
        set {
            switch i {
            case 0: top = newValue
            case 1: right = newValue
            case 2: bottom = newValue
            default: left = newValue
            }
        }
    }
}

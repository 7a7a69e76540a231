import Foundation
import Primitives

/// One known style key read into what it does to a declaration map. The key is lowercased and
/// known; errors carry only the reason (`StyleParser` adds the key and the value).
///
/// Reading and setting are apart: `parse` reads the value once into a `Setter` (the assignments
/// the key makes) and its notes, so a replay can keep the outcome of a repeated key/value pair
/// (StyleEffect) and set it again without parsing; `apply` is the two in one.
enum StyleKeyApplier {
    typealias Notes = [PortabilityNote]
    /// The assignments one key/value makes to a declaration map.
    typealias Setter = @Sendable (inout StyleDeclarations) -> Void

    /// `profile` picks the platform's reading of lists, colours, `border`, `weight` and font-size
    /// keywords (PlatformProfile; `.neutral` is the preview's documented syntax).
    static func apply(_ key: String, _ raw: String, to d: inout StyleDeclarations, profile: PlatformProfile = .neutral)
        throws -> Notes
    {
        let (set, notes) = try parse(key, raw, profile: profile)
        set(&d)
        return notes
    }

    /// The assignments of `key: raw` and its notes; throws (a StyleError) when the value does not parse.
    static func parse(_ key: String, _ raw: String, profile: PlatformProfile = .neutral) throws -> (Setter, Notes) {
        let v = raw.trimmingSpaceAndNewlines()
        let colors = profile.colorRule
        let kw = v.lowercased()
        switch key {
        // Box
        case "width":
            let x = try dimension(kw)
            return ({ $0.width = x }, [])
        case "height":
            let x = try dimension(kw)
            return ({ $0.height = x }, [])
        case "min-width":
            let x = try StyleNumber.size(kw)
            return ({ $0.minWidth = x }, [])
        case "min-height":
            let x = try StyleNumber.size(kw)
            return ({ $0.minHeight = x }, [])
        case "max-width":
            let x = try maxSize(kw)
            return ({ $0.maxWidth = x }, [])
        case "max-height":
            let x = try maxSize(kw)
            return ({ $0.maxHeight = x }, [])
        case "margin", "padding":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: key == "margin", rule: profile.listRule)
            let sides = Sides<Double?>(top: l[0], right: l[1], bottom: l[2], left: l[3])
            if key == "margin" { return ({ $0.margin = sides }, notes) }
            return ({ $0.padding = sides }, notes)
        case "margin-top":
            let x = try StyleNumber.number(kw)
            return ({ $0.margin.top = x }, [])
        case "margin-right":
            let x = try StyleNumber.number(kw)
            return ({ $0.margin.right = x }, [])
        case "margin-bottom":
            let x = try StyleNumber.number(kw)
            return ({ $0.margin.bottom = x }, [])
        case "margin-left":
            let x = try StyleNumber.number(kw)
            return ({ $0.margin.left = x }, [])
        case "padding-top":
            let x = try StyleNumber.size(kw)
            return ({ $0.padding.top = x }, [])
        case "padding-right":
            let x = try StyleNumber.size(kw)
            return ({ $0.padding.right = x }, [])
        case "padding-bottom":
            let x = try StyleNumber.size(kw)
            return ({ $0.padding.bottom = x }, [])
        case "padding-left":
            let x = try StyleNumber.size(kw)
            return ({ $0.padding.left = x }, [])
        case "weight":
            let w = try StyleNumber.number(kw, min: 0, what: "a weight (a number >= 0)")
            if w != w.rounded() {
                // Android `new Integer("1.5")` throws; iOS `integerValue` truncates.
                if profile.platform == .android {
                    throw StyleError("Android needs an integer weight (Integer(\"\(v)\") throws); the key is ignored")
                }
                if profile.platform == .ios {
                    let t = w.rounded(.towardZero)
                    return ({ $0.weight = t }, [])
                }
                return (
                    { $0.weight = w },
                    [
                        PortabilityNote(
                            """
                            weight: \(v) works here and on iOS (as \(CheckedInt.int(w))), but Android needs an \
                            integer and fails
                            """
                        )
                    ]
                )
            }
            return ({ $0.weight = w }, [])
        case "gravity":
            let x = try gravity(kw)
            return ({ $0.gravity = x }, [])
        case "top", "right", "bottom", "left":
            let n = try StyleNumber.number(kw)
            let set: Setter
            switch key {
            case "top": set = { $0.offsets.top = n }
            case "right": set = { $0.offsets.right = n }
            case "bottom": set = { $0.offsets.bottom = n }
            default: set = { $0.offsets.left = n }
            }
            return (
                set, [PortabilityNote("\(key): frame offsets are a preview extension that the real backends ignore")]
            )
        case "overflow":
            let x = try keyword(kw, ["hidden": true, "visible": false])
            return ({ $0.overflowHidden = x }, [])
        // Paint
        case "background":
            let (b, notes) = try PaintValueParser.background(v, colors)
            return ({ $0.background = b }, notes)
        case "background-color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            return ({ $0.background = .color(c) }, notes)
        case "border":
            let (side, notes) = try PaintValueParser.border(v, key: key, profile: profile)
            return ({ setBorder(side, on: [0, 1, 2, 3], in: &$0) }, notes)
        case "border-top", "border-right", "border-bottom", "border-left":
            let (side, notes) = try PaintValueParser.border(v, key: key, profile: profile)
            let index = ["border-top": 0, "border-right": 1, "border-bottom": 2, "border-left": 3][key]!
            return (
                { setBorder(side, on: [index], in: &$0) },
                notes + [
                    PortabilityNote("\(key): per-side borders are a preview extension that the real backends ignore")
                ]
            )
        case "border-width":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: false)
            let sides = Sides<Double?>(top: l[0], right: l[1], bottom: l[2], left: l[3])
            return ({ $0.borderWidth = sides }, notes)
        case "border-color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            return ({ $0.borderColor = Sides(all: c) }, notes)
        case "border-style":
            let x = try keyword(kw, ["solid": .solid, "dashed": .dashed, "dotted": .dotted, "none": BorderStyle.none])
            return ({ $0.borderStyle = Sides(all: x) }, [])
        case "border-radius":
            let (l, notes) = try StyleNumber.list(kw, key: key, allowNegative: false, rule: profile.listRule)
            let corners = Corners(topLeft: l[0], topRight: l[1], bottomRight: l[2], bottomLeft: l[3])
            return ({ $0.borderRadius = corners }, notes)
        case "shadow":
            let (s, notes) = try PaintValueParser.shadow(v, colors)
            return ({ $0.shadow = s }, notes)
        case "opacity":
            let x = try StyleNumber.number(kw, min: 0, max: 1, what: "an opacity (0 to 1)")
            return ({ $0.opacity = x }, [])
        case "zoom":
            let x =
                kw == "inherit"
                ? 1
                : try StyleNumber.number(
                    kw, min: 0, max: StyleLimits.maxZoom,
                    what: "a zoom factor (0 to \(CheckedInt.text(StyleLimits.maxZoom)))")
            return ({ $0.zoom = x }, [])
        case "tint", "color":
            let (c, notes) = try PaintValueParser.color(v, colors)
            if key == "tint" { return ({ $0.tint = c }, notes) }
            return ({ $0.color = c }, notes)
        // Text
        case "font-size": return try fontSize(kw, keywords: profile.fontSizeKeywords)
        case "font-weight":
            let x = try fontWeight(kw)
            return ({ $0.fontWeight = x }, [])
        case "font-style":
            let x = try keyword(kw, ["normal": .normal, "italic": .italic, "oblique": FontStyle.oblique])
            return ({ $0.fontStyle = x }, [])
        case "font-family":
            let family = v.trimmingQuotesAndSpaces()
            guard !family.isEmpty else { throw StyleError("expected a font family name") }
            return ({ $0.fontFamily = family }, [])
        case "text-align":
            let x = try keyword(kw, ["left": .left, "center": .center, "right": .right, "justify": TextAlign.justify])
            return ({ $0.textAlign = x }, [])
        case "white-space":
            let x = try keyword(kw, ["normal": false, "nowrap": true])
            return ({ $0.noWrap = x }, [])
        case "text-overflow":
            let x = try keyword(kw, ["ellipsis": true, "clip": false])
            return ({ $0.ellipsis = x }, [])
        case "max-lines":
            let n = try StyleNumber.number(
                kw, min: 0, max: StyleLimits.maxLines, what: "a line count (an integer >= 0)")
            guard n == n.rounded(), n < 1e9 else { throw StyleError("expected a line count (an integer >= 0)") }
            let x = CheckedInt.int(n)
            return ({ $0.maxLines = x }, [])
        case "line-height":
            let x = try StyleNumber.number(kw, min: 0, what: "a line height in dp (a number >= 0)")
            return ({ $0.lineHeight = x }, [])
        case "min-scale":
            let x = try StyleNumber.number(kw, min: 0, max: 1, what: "a scale factor (0 to 1)")
            return ({ $0.minScale = x }, [])
        case "hint": return ({ $0.hint = raw }, [])
        // Images and icons
        case "icon":
            let x = (kw == "none" || v.isEmpty) ? "" : v
            return ({ $0.icon = x }, [])
        case "icon-attachment":
            let x = try keyword(kw, ["top": .top, "right": .right, "bottom": .bottom, "left": IconAttachment.left])
            return ({ $0.iconAttachment = x }, [])
        case "scale":
            guard let s = ImageScale(rawValue: kw) else {
                throw StyleError("expected center, center-crop, center-inside, fit-center, fit-start or fit-end")
            }
            return ({ $0.imageScale = s }, [])
        default:
            throw StyleError("unknown style key")  // unreachable: StyleParser checks the key first
        }
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

    private static func fontSize(_ kw: String, keywords: Bool = true) throws -> (Setter, Notes) {
        if !keywords, ["small", "medium", "large"].contains(kw) {
            // iOS `integerValue` of a keyword is 0 = unset: the widget's default size applies.
            return (
                { $0.fontSize = nil },
                [
                    PortabilityNote(
                        "font-size: iOS ignores the keyword \(kw) (it reads 0 = unset); the default size is used")
                ]
            )
        }
        if let k = ["small": 9.0, "medium": 12, "large": 15][kw] {
            return (
                { $0.fontSize = k },
                [
                    PortabilityNote(
                        """
                        font-size: \(kw) is \(StyleNumber.fmtNumber(k)) here and on Android, but iOS ignores size \
                        keywords; write \(StyleNumber.fmtNumber(k))
                        """
                    )
                ]
            )
        }
        guard let n = StyleNumber.parse(kw), n > 0 else {
            throw StyleError("expected a size in dp (a number > 0), small, medium or large")
        }
        guard n <= StyleLimits.maxFontSize else {
            throw StyleError(
                "a font size must be at most \(CheckedInt.text(StyleLimits.maxFontSize)) dp (docs/limits.md)")
        }
        return ({ $0.fontSize = n }, [])
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

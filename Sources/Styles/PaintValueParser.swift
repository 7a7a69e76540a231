import Foundation
import Primitives

/// Parses the compound paint values: `border`, `shadow`, `background` (semantics.md section 2,
/// section 7 items 19 and 20). Errors are `StyleError`s with the reason only; `StyleParser` adds the key.
enum PaintValueParser {
    /// A colour or a StyleError.
    static func color(_ raw: String, _ rule: PlatformProfile.ColorRule = .preview) throws -> (Color, [PortabilityNote])
    {
        guard let c = ColorParser.parse(raw, rule: rule) else { throw StyleError(ColorParser.failure(raw, rule: rule)) }
        return c
    }

    // MARK: border

    /// `border`: up to three tokens in any order (width, style, colour); missing width 1, missing
    /// colour black; `none` or empty = no border. Under a platform profile the colour rule is the
    /// platform's, a lone width is an error on Android (it reads the token as a colour) and iOS
    /// draws every style solid.
    static func border(_ raw: String, key: String, profile: PlatformProfile = .neutral) throws -> (
        side: BorderSide, notes: [PortabilityNote]
    ) {
        let toks = StyleNumber.tokens(raw.lowercased())
        if toks.isEmpty || toks == ["none"] { return (.none, []) }
        guard toks.count <= 3 else { throw StyleError("expected at most 3 tokens: a width, a style and a colour") }
        var width: Double?
        var style: BorderStyle?
        var color: Color?
        var notes: [PortabilityNote] = []
        var kinds: [Character] = []  // w, s, c in the order given, for the Android note
        for t in toks {
            if let n = StyleNumber.parse(t) {
                guard width == nil else { throw StyleError("two widths in one border") }
                guard n >= 0 else { throw StyleError("a border width must be >= 0") }
                width = n
                kinds.append("w")
            } else if let s = BorderStyle(rawValue: t) {
                guard style == nil else { throw StyleError("two styles in one border") }
                style = s
                kinds.append("s")
            } else if let (c, n) = ColorParser.parse(t, rule: profile.colorRule) {
                guard color == nil else { throw StyleError("two colours in one border") }
                color = c
                notes += n
                kinds.append("c")
            } else if profile.colorRule != .preview, ColorParser.parse(t) != nil {
                throw StyleError(ColorParser.failure(t, rule: profile.colorRule))
            } else {
                throw StyleError("\"\(t)\" is not a border width, style (solid, dashed, dotted, none) or colour")
            }
        }
        if toks.count == 1 && width != nil && profile.loneBorderTokenIsError {
            throw StyleError(
                "a lone width is read as a colour on Android (parseColor(\"\(raw)\") throws); the key is ignored")
        }
        if toks.count == 1 && width != nil {
            notes.append(
                PortabilityNote(
                    """
                    \(key): a lone width (\"\(raw)\") is a black border here and on iOS, but Android reads the \
                    token as a colour and fails; write \"\(raw) solid #000000\"
                    """
                ))
        } else if toks.count >= 2 && String(kinds) != "wsc" && String(kinds) != "ws" {
            notes.append(
                PortabilityNote(
                    """
                    \(key): Android reads the tokens by position (width style colour); \"\(raw)\" is in another \
                    order or misses one
                    """
                ))
        }
        if style == .dashed || style == .dotted {
            notes.append(PortabilityNote("\(key): iOS draws \(style!.rawValue) borders solid"))
        }
        if profile.platform == .ios, style == .dashed || style == .dotted { style = .solid }
        let side = BorderSide(width: width ?? 1, style: style ?? .solid, color: color ?? .black)
        return (side, notes)
    }

    // MARK: shadow

    /// The shadow that draws nothing (`shadow: 0` or `none`).
    static let noShadow = Shadow(color: .transparent)

    /// `shadow`: a single number n (iOS shadowRadius: no offset, blur 2n, black at 0.15), or the CSS
    /// form `x y [blur [spread]] [colour]` (colour first or last).
    static func shadow(_ raw: String, _ rule: PlatformProfile.ColorRule = .preview) throws -> (
        Shadow, [PortabilityNote]
    ) {
        var toks = StyleNumber.tokens(raw.lowercased())
        if toks == ["none"] { return (noShadow, []) }
        if toks.count == 1, let n = StyleNumber.parse(toks[0]) {
            guard n >= 0 else { throw StyleError("a shadow radius must be >= 0") }
            if n == 0 { return (noShadow, []) }
            return (Shadow(blur: 2 * n, color: Color(r: 0, g: 0, b: 0, a: 38)), [])  // 0.15 * 255
        }
        var color = Color.black
        var notes: [PortabilityNote] = []
        if let last = toks.last, StyleNumber.parse(last) == nil {
            (color, notes) = try self.color(last, rule)
            toks.removeLast()
        } else if let first = toks.first, StyleNumber.parse(first) == nil {
            (color, notes) = try self.color(first, rule)
            toks.removeFirst()
        }
        guard (2...4).contains(toks.count) else {
            throw StyleError("expected a single radius or \"x y [blur [spread]] [colour]\"")
        }
        let n = try toks.map { try StyleNumber.number($0) }
        let blur = n.count > 2 ? n[2] : 0
        guard blur >= 0 else { throw StyleError("a shadow blur must be >= 0") }
        notes.append(
            PortabilityNote(
                "shadow: the CSS form \"\(raw)\" is a preview extension: iOS and Android read only a single number"))
        return (Shadow(offsetX: n[0], offsetY: n[1], blur: blur, spread: n.count > 3 ? n[3] : 0, color: color), notes)
    }

    // MARK: background

    /// `background`: a colour, `linear-gradient([angle,] stops...)` or `radial-gradient(stops...)`.
    static func background(_ raw: String, _ rule: PlatformProfile.ColorRule = .preview) throws -> (
        Background, [PortabilityNote]
    ) {
        let s = raw.trimmingSpace().lowercased()
        if s == "none" { return (.color(.transparent), []) }
        for (name, linear) in [("linear-gradient", true), ("radial-gradient", false)] where s.hasPrefix(name) {
            guard s.hasSuffix(")"), let open = s.firstIndex(of: "("),
                s[s.startIndex..<open].trimmingSpace() == name
            else {
                throw StyleError("expected \(name)(colour, colour, ...)")
            }
            var args = StyleNumber.commaSeparated(s[s.index(after: open)..<s.index(before: s.endIndex)])
            var angle: Double?
            if linear, let first = args.first, let a = try direction(first) {
                angle = a
                args.removeFirst()
            }
            var notes: [PortabilityNote] = []
            var stops: [ColorStop] = []
            for a in args {
                let (stop, n) = try colorStop(a, rule)
                stops.append(stop)
                notes += n
            }
            guard stops.count >= 2 else { throw StyleError("a gradient needs at least 2 colours") }
            if !linear {
                notes.append(PortabilityNote("background: Android does not draw radial-gradient (only iOS does)"))
                return (.radialGradient(stops: stops), notes)
            }
            if angle != nil || stops.count != 2 || stops.contains(where: { $0.position != nil }) {
                notes.append(
                    PortabilityNote(
                        """
                        background: iOS and Android read only linear-gradient(c1, c2): two colours, top to bottom, \
                        no angle or stop positions
                        """
                    ))
            }
            return (.linearGradient(angleDegrees: angle ?? 180, stops: stops), notes)
        }
        let (c, notes) = try color(s, rule)
        return (.color(c), notes)
    }

    /// `<n>deg` or `to top|right|bottom|left` as a CSS angle; nil when the argument is a colour stop.
    private static func direction(_ arg: String) throws -> Double? {
        if arg.hasSuffix("deg") {
            let v = try StyleNumber.number(String(arg.dropLast(3)), what: "an angle in degrees")
            let m = v.truncatingRemainder(dividingBy: 360)
            return m < 0 ? m + 360 : m
        }
        if arg.hasPrefix("to ") {
            switch arg.dropFirst(3).trimmingSpace() {
            case "top": return 0
            case "right": return 90
            case "bottom": return 180
            case "left": return 270
            default: throw StyleError("expected \"to top\", \"to right\", \"to bottom\" or \"to left\"")
            }
        }
        return nil
    }

    /// `colour [position%]`.
    private static func colorStop(_ arg: String, _ rule: PlatformProfile.ColorRule) throws -> (
        ColorStop, [PortabilityNote]
    ) {
        let toks = StyleNumber.tokens(arg)
        guard (1...2).contains(toks.count) else {
            throw StyleError("expected \"colour [position%]\" in a gradient, got \"\(arg)\"")
        }
        let (c, notes) = try color(toks[0], rule)
        var position: Double?
        if toks.count == 2 {
            guard toks[1].hasSuffix("%") else {
                throw StyleError("a gradient stop position is a percentage, got \"\(toks[1])\"")
            }
            position =
                try StyleNumber.number(String(toks[1].dropLast()), min: 0, max: 100, what: "a stop position in %") / 100
        }
        return (ColorStop(position: position, color: c), notes)
    }
}

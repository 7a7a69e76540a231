import Primitives

/// A resolved style value as a session writes it (`render inspect` and the live page's inspector):
/// `match-parent`, `center-vertical|left`, `1 solid #cccccc`, `fit-center`, never Swift's debug text
/// (`fixed(50.0)`, `Gravity(horizontal: nil, ...)`). Unset values read `none`; sides and corners are
/// their four numbers in CSS order.
enum StyleValueText {
    static func text(_ v: Any) -> String? {
        switch v {
        case let d as Double: return d.isInfinite ? "none" : fmt(d)
        case let d as Dimension: return dimension(d)
        case let g as Gravity: return gravity(g)
        case let s as Sides<Double?>: return offsets(s)
        case let s as Sides<BorderSide>: return border(s)
        case let b as BorderSide: return border(b)
        case let b as Background: return background(b)
        case let s as Shadow:
            return [s.offsetX, s.offsetY, s.blur, s.spread].map(fmt).joined(separator: " ") + " \(s.color)"
        case let c as Color: return c.description
        case let s as String: return s.isEmpty ? "\"\"" : s
        case let r as any RawRepresentable: return (r.rawValue as? String)
        default: return nil
        }
    }

    static func dimension(_ d: Dimension) -> String {
        switch d {
        case .fixed(let n): return fmt(n)
        case .matchParent: return "match-parent"
        case .wrapContent: return "wrap-content"
        }
    }

    /// The tokens `gravity` reads: `center` for both axes centred, else one token per given axis.
    static func gravity(_ g: Gravity) -> String {
        if g.horizontal == .center && g.vertical == .center { return "center" }
        var parts: [String] = []
        switch g.vertical {
        case .top: parts.append("top")
        case .center: parts.append("center-vertical")
        case .bottom: parts.append("bottom")
        case nil: break
        }
        switch g.horizontal {
        case .left: parts.append("left")
        case .center: parts.append("center-horizontal")
        case .right: parts.append("right")
        case nil: break
        }
        return parts.isEmpty ? "none" : parts.joined(separator: "|")
    }

    /// The `top`, `right`, `bottom` and `left` keys that are set: `top 10, left 4`.
    static func offsets(_ s: Sides<Double?>) -> String {
        let named = [("top", s.top), ("right", s.right), ("bottom", s.bottom), ("left", s.left)]
        let set = named.compactMap { name, v in v.map { "\(name) \(fmt($0))" } }
        return set.isEmpty ? "none" : set.joined(separator: ", ")
    }

    /// One `border` value when the four sides agree, else each side: `top 1 solid #000000, right none, ...`.
    static func border(_ s: Sides<BorderSide>) -> String {
        if s.top == s.right && s.top == s.bottom && s.top == s.left { return border(s.top) }
        let named = [("top", s.top), ("right", s.right), ("bottom", s.bottom), ("left", s.left)]
        return named.map { "\($0) \(border($1))" }.joined(separator: ", ")
    }

    static func border(_ b: BorderSide) -> String {
        b.isVisible ? "\(fmt(b.width)) \(b.style.rawValue) \(b.color)" : "none"
    }

    static func background(_ b: Background) -> String {
        func stops(_ s: [ColorStop]) -> String {
            s.map { c in c.position.map { "\(c.color) \(fmt($0 * 100))%" } ?? c.color.description }
                .joined(separator: ", ")
        }
        switch b {
        case .color(let c): return c.description
        case .linearGradient(let angle, let s): return "linear-gradient(\(fmt(angle))deg, \(stops(s)))"
        case .radialGradient(let s): return "radial-gradient(\(stops(s)))"
        }
    }
}

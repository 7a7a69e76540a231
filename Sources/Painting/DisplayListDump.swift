import Primitives
import Styles

/// A stable, readable text form of a display list: one item per line, numbers in dp with at most
/// two decimals. For tests (compare dumps) and debugging (`render --dump-display-list`).
package enum DisplayListDump {
    /// The whole list: a `size` header, then one line per item, nested saves and layers indented.
    package static func dump(_ list: DisplayList) -> String {
        var out = ["size \(list.size)"]
        var depth = 0
        for item in list.items {
            switch item {
            case .restore, .endLayer: depth = max(0, depth - 1)
            default: break
            }
            out.append(String(repeating: "  ", count: depth) + line(item))
            switch item {
            case .save, .beginLayer: depth += 1
            default: break
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The same as `dump` (the name the CLI's `--display-list` uses).
    package static func text(_ list: DisplayList) -> String { dump(list) }

    /// One item.
    package static func line(_ item: DisplayItem) -> String {
        switch item {
        case .save: return "save"
        case .restore: return "restore"
        case .clip(let r): return "clip \(rounded(r))"
        case .scale(let f, let p): return "scale \(fmt(f)) about \(p)"
        case .beginLayer(let o): return "layer \(fmt(o))"
        case .endLayer: return "endLayer"
        case .fill(let r, let p): return "fill \(rounded(r)) \(paint(p))"
        case .shadow(let r, let o, let blur, let spread, let c):
            return "shadow \(rounded(r)) offset \(o) blur \(fmt(blur)) spread \(fmt(spread)) \(c)"
        case .border(let r, let w, let c, let s):
            return
                """
                border \(rounded(r)) widths \(sides(w.map(fmt))) colors \(sides(c.map(\.description))) styles \
                \(sides(s.map(\.rawValue)))
                """
        case .image(let key, let dest, let clip, let smooth):
            return "image \(key) dest \(dest)" + (clip.map { " clip \(rounded($0))" } ?? "")
                + (smooth ? "" : " pixelated")
        case .glyphs(let run, let origin):
            let first = run.glyphs.first.map { " first \($0.id)@(\(fmt($0.x)), \(fmt($0.y)))" } ?? ""
            return
                """
                glyphs face \(run.face.index) size \(fmt(run.size)) \(run.color) n \(run.glyphs.count) at \
                \(origin)\(first)
                """
                    + (run.isColor ? " color-font" : "")
        case .fillPath(let segs, let p): return "fillPath \(path(segs)) \(paint(p))"
        case .strokePath(let segs, let c, let w, let dash, let caps):
            return "strokePath \(path(segs)) \(c) width \(fmt(w))"
                + (dash.isEmpty ? "" : " dash [\(dash.map(fmt).joined(separator: " "))]") + (caps ? " round" : "")
        }
    }

    static func rounded(_ r: RoundedRect) -> String {
        let c = r.radii
        if c.isZero { return "\(r.rect)" }
        if c.topLeft == c.topRight && c.topRight == c.bottomRight && c.bottomRight == c.bottomLeft {
            return "\(r.rect) r \(fmt(c.topLeft))"
        }
        return "\(r.rect) r \(fmt(c.topLeft)),\(fmt(c.topRight)),\(fmt(c.bottomRight)),\(fmt(c.bottomLeft))"
    }

    static func sides(_ s: Sides<String>) -> String {
        if s.top == s.right && s.right == s.bottom && s.bottom == s.left { return s.top }
        return "\(s.top),\(s.right),\(s.bottom),\(s.left)"
    }

    static func paint(_ p: Paint) -> String {
        switch p {
        case .color(let c): return "\(c)"
        case .linearGradient(let a, let b, let stops): return "linear \(a)->\(b) \(stopList(stops))"
        case .radialGradient(let c, let r, let stops): return "radial \(c) r \(fmt(r)) \(stopList(stops))"
        }
    }

    static func stopList(_ stops: [ColorStop]) -> String {
        "[" + stops.map { s in s.position.map { "\(s.color)@\(fmt($0))" } ?? "\(s.color)" }.joined(separator: " ") + "]"
    }

    static func path(_ segs: [PathSegment]) -> String {
        segs.map { s -> String in
            switch s {
            case .move(let p): return "M\(fmt(p.x)),\(fmt(p.y))"
            case .line(let p): return "L\(fmt(p.x)),\(fmt(p.y))"
            case .curve(let to, let c1, let c2):
                return "C\(fmt(c1.x)),\(fmt(c1.y)) \(fmt(c2.x)),\(fmt(c2.y)) \(fmt(to.x)),\(fmt(to.y))"
            case .arc(let c, let r, let a0, let a1): return "A\(fmt(c.x)),\(fmt(c.y)) r\(fmt(r)) \(fmt(a0))..\(fmt(a1))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}

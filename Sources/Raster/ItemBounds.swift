import Compositing
import Painting
import Primitives

/// Where each display item can put ink, in device pixels (conservative boxes), following the
/// zooms the list applies. The rasterizer compares frames with them to repaint only what changed.
enum ItemBounds {
    /// One box per item: nil for state items (save, restore, clip, scale, layers), which change
    /// how later items draw and so are never repainted on their own.
    static func compute(_ items: [DisplayItem], scale: Double) -> [Rect?] {
        compute(items, transforms: transforms(items, scale: scale))
    }

    /// The same, from the transforms `transforms(_:scale:)` gave (one walk of the list per frame).
    static func compute(_ items: [DisplayItem], transforms: [DeviceTransform]) -> [Rect?] {
        zip(items, transforms).map { item, t in
            switch item {
            case .save, .beginLayer, .restore, .endLayer, .clip, .scale: return nil
            default: return bounds(of: item, t)
            }
        }
    }

    /// The transform each item is drawn with, following the zooms, saves and layers as the
    /// rasterizer's run keeps them.
    static func transforms(_ items: [DisplayItem], scale: Double) -> [DeviceTransform] {
        var t = DeviceTransform(scale: scale)
        var stack: [(isSave: Bool, transform: DeviceTransform)] = []
        func unwind(toLast isSave: Bool) {
            guard let i = stack.lastIndex(where: { $0.isSave == isSave }) else { return }
            t = stack[i].transform
            stack.removeSubrange(i...)
        }
        return items.map { item in
            let current = t
            switch item {
            case .save: stack.append((true, t))
            case .beginLayer: stack.append((false, t))
            case .restore: unwind(toLast: true)
            case .endLayer: unwind(toLast: false)
            case .scale(let f, let about):
                if DeviceTransform.finite(f, about.x, about.y), f > 0 { t = t.zoomed(by: f, about: about) }
            default: break
            }
            return current
        }
    }

    /// The box of a drawing item under `t`; the whole plane when it cannot be bounded.
    static func bounds(of item: DisplayItem, _ t: DeviceTransform) -> Rect {
        let everything = Rect(
            x: -DeviceTransform.limit, y: -DeviceTransform.limit,
            width: 2 * DeviceTransform.limit, height: 2 * DeviceTransform.limit)
        switch item {
        case .fill(let rr, _), .border(let rr, _, _, _):
            return t.snap(rr.rect).outset(2)
        case .shadow(let rr, let offset, let blur, let spread, _):
            guard DeviceTransform.finite(offset.x, offset.y, blur, spread) else { return everything }
            let outline = t.snap(rr.rect)
            let sigma = min(t.length(max(0, blur)) / 2, ShadowPainter.maxSigma)
            // Reach of the blur, the spread, and a few pixels for reduced-resolution masks.
            let margin = Double(BlurMask.reach(sigma: sigma)) + abs(t.length(spread)) + 4 + 2 * max(1, sigma / 10)
            let moved = outline.offsetBy(dx: t.length(offset.x), dy: t.length(offset.y)).outset(margin)
            return union(moved, outline.outset(2))
        case .image(_, let dest, let clip, _):
            var r = t.snap(dest).outset(2)
            if let c = clip { r = r.intersection(t.snap(c.rect).outset(2)) }
            return r
        case .glyphs(let run, let origin):
            guard let first = run.glyphs.first else {
                return run.underlineBox.map { t.snap($0.offsetBy(dx: origin.x, dy: origin.y)).outset(2) } ?? .zero
            }
            var x0 = first.x
            var x1 = first.x
            var y0 = first.y
            var y1 = first.y
            for g in run.glyphs {
                x0 = min(x0, g.x)
                x1 = max(x1, g.x)
                y0 = min(y0, g.y)
                y1 = max(y1, g.y)
            }
            // Glyph origins on the baseline: ink within two ems of them in every direction.
            let em = 2 * run.size
            var r = Rect(
                x: t.x(origin.x + x0 - em), y: t.y(origin.y + y0 - em),
                width: t.length(x1 - x0 + 2 * em), height: t.length(y1 - y0 + 2 * em))
            if let u = run.underlineBox { r = union(r, t.snap(u.offsetBy(dx: origin.x, dy: origin.y)).outset(2)) }
            return r.outset(2)
        case .fillPath(let segments, _):
            return pathBox(segments, t)?.outset(2) ?? everything
        case .strokePath(let segments, _, let width, _, _):
            // Miter joins reach up to 10 half-widths (Cairo's default miter limit).
            guard width.isFinite else { return everything }
            return pathBox(segments, t)?.outset(t.length(width) * 5 + 2) ?? everything
        default:
            return everything
        }
    }

    private static func pathBox(_ segments: [PathSegment], _ t: DeviceTransform) -> Rect? {
        var pts: [Point] = []
        for s in segments {
            switch s {
            case .move(let p), .line(let p): pts.append(p)
            case .curve(let to, let c1, let c2): pts += [to, c1, c2]
            case .arc(let c, let r, _, _):
                pts += [Point(x: c.x - abs(r), y: c.y - abs(r)), Point(x: c.x + abs(r), y: c.y + abs(r))]
            case .close: break
            }
        }
        guard let f = pts.first, pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return pts.isEmpty ? .zero : nil
        }
        var x0 = f.x
        var x1 = f.x
        var y0 = f.y
        var y1 = f.y
        for p in pts {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        return Rect(x: t.x(x0), y: t.y(y0), width: t.length(x1 - x0), height: t.length(y1 - y0))
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX)
        let y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// True when the boxes overlap (touching edges do not).
    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}

import Primitives
import Styles

/// A constraint on one axis, handed from a parent to a child ("constraints go down").
enum AxisSpec: Hashable {
    /// The child's border box is exactly this many dp on this axis.
    case exactly(Double)
    /// The child takes its content's size, capped by the space available (nil = unbounded).
    case wrap(Double?)

    /// The size when it is imposed.
    var definite: Double? {
        if case .exactly(let v) = self { return v }
        return nil
    }

    /// The space available: the exact size, or the cap of a wrap.
    var limit: Double? {
        switch self {
        case .exactly(let v): return v
        case .wrap(let cap): return cap
        }
    }
}

/// Box-model arithmetic shared by every layout kind.
enum Box {
    /// Padding plus border widths: what lies between the border box and the content box.
    static func insets(_ s: ResolvedStyle) -> Sides<Double> {
        // Added into `b` rather than made with `Sides(...)`: Primitives' generic initializer is
        // a call here, not inlined (Styles/Sides+InModule.swift).
        var b = s.borderWidths
        b.top += s.padding.top
        b.right += s.padding.right
        b.bottom += s.padding.bottom
        b.left += s.padding.left
        return b
    }

    /// min-* wins over max-*; sizes are never negative.
    static func clamp(_ v: Double, min lo: Double, max hi: Double) -> Double {
        Swift.max(0, Swift.max(lo, Swift.min(v, hi)))
    }

    /// The border-box size on one axis, from the spec and the content size (content box + insets).
    /// Wrap sizes are capped by the space available and by max-*, then raised to min-*.
    static func resolve(_ spec: AxisSpec, natural: Double, min lo: Double, max hi: Double) -> Double {
        switch spec {
        case .exactly(let v): return Swift.max(0, v)
        case .wrap(let cap):
            var v = Swift.min(natural, hi)
            if let cap { v = Swift.min(v, cap) }
            return Swift.max(0, Swift.max(lo, v))
        }
    }

    /// The spec a parent gives a child on one axis. `avail` is the parent's inner size (or cap) on
    /// that axis, `definite` whether it is imposed; `margins` the child's margins on that axis.
    /// Fixed sizes are not capped by the space available; match-parent fills only a definite parent
    /// (otherwise it measures like wrap-content and is stretched once the parent knows its size).
    static func childSpec(
        _ dim: Dimension, min lo: Double, max hi: Double, avail: Double?, definite: Bool,
        margins: Double
    ) -> AxisSpec {
        let room = avail.map { Swift.max(0, $0 - margins) }
        switch dim {
        case .fixed(let v): return .exactly(clamp(v, min: lo, max: hi))
        case .matchParent:
            if definite, let room { return .exactly(clamp(room, min: lo, max: hi)) }
            return .wrap(room)
        case .wrapContent: return .wrap(room)
        }
    }

    /// The inner (content-box) limit of a container on one axis, from its own spec, its max-* and insets.
    static func innerLimit(_ spec: AxisSpec, max hi: Double, insets: Double) -> Double? {
        switch spec {
        case .exactly(let v): return Swift.max(0, v - insets)
        case .wrap(let cap):
            let c = Swift.min(cap ?? .infinity, hi)
            return c.isFinite ? Swift.max(0, c - insets) : nil
        }
    }

    /// Offset of a child's border box inside `inner` along one axis by gravity: the margin box is
    /// aligned (so centring with unequal margins shifts by half their difference).
    static func align(_ pos: AxisAlign, size: Double, before: Double, after: Double, inner: Double) -> Double {
        switch pos {
        case .start: return before
        case .center: return (inner - (size + before + after)) / 2 + before
        case .end: return inner - size - after
        }
    }
}

/// Gravity on one axis.
enum AxisAlign { case start, center, end }

extension Gravity {
    var horizontalAlign: AxisAlign {
        switch horizontal {
        case .center?: return .center
        case .right?: return .end
        default: return .start
        }
    }
    var verticalAlign: AxisAlign {
        switch vertical {
        case .center?: return .center
        case .bottom?: return .end
        default: return .start
        }
    }
}

import Primitives
import Styles
import WidgetTree

/// How the algorithms ask for a child's size and place it: the one entry point (`layoutNode`),
/// the per-spec size cache that keeps nested weighted layouts polynomial, and the dispatch from an
/// element's kind to its algorithm. Like taffy's `compute_child_layout`: each algorithm only sees
/// sizes coming back, never how they were cached.
extension LayoutContext {
    /// Sizes `id` under the specs and returns its border-box size. Sizes are cached per spec, so a
    /// container measuring a child several times (weights, stretching) costs one run per distinct
    /// spec, not one per call: nested weighted layouts stay polynomial. The frames a sizing run
    /// writes may be provisional; `placeNode` redoes the final ones.
    @discardableResult
    func layoutNode(_ id: Int, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        guard depth < Self.maxDepth, let el = tree.elements[id] else { return .zero }
        out.count(LayoutWork.sizeRequests)
        // A container being placed: the last spec it gives each of its children is the final one.
        sizing.noteSpec(child: id, parent: el.parent, FinalSpec(w: w, h: h, depth: depth))
        if let size = sizing.cached(id, w: w, h: h) { return size }
        let size = compute(el, w: w, h: h, depth: depth)
        sizing.store(id, w: w, h: h, size)
        return size
    }

    /// Lays `id` out for good under the specs: its own run writes its children's frames and its
    /// text, then each child is placed with the last spec this run gave it.
    func placeNode(_ id: Int, w: AxisSpec, h: AxisSpec, depth: Int) {
        guard depth < Self.maxDepth, let el = tree.elements[id] else { return }
        withPlacing(id) { _ = compute(el, w: w, h: h, depth: depth) }
    }

    /// Runs `body`, which lays out children of `parent`, then places those children with their final specs.
    func withPlacing(_ parent: Int, _ body: () -> Void) {
        let saved = sizing.beginPlacing(parent)
        body()
        let finals = sizing.endPlacing(restoring: saved)
        for child in finals.keys.sorted() {
            let f = finals[child]!
            placeNode(child, w: f.w, h: f.h, depth: f.depth)
        }
    }

    /// Lays out a child of a container whose inner box is `availW` x `availH` (nil = unbounded);
    /// `definiteW/H` tell whether those are imposed. Returns the child's border-box size.
    func layoutChild(
        _ child: Element, availW: Double?, definiteW: Bool, availH: Double?, definiteH: Bool,
        depth: Int
    ) -> Size {
        let s = style(child)
        let w = Box.childSpec(
            s.width, min: s.minWidth, max: s.maxWidth, avail: availW, definite: definiteW,
            margins: s.margin.horizontal)
        let h = Box.childSpec(
            s.height, min: s.minHeight, max: s.maxHeight, avail: availH, definite: definiteH,
            margins: s.margin.vertical)
        return layoutNode(child.id, w: w, h: h, depth: depth + 1)
    }

    /// One run of the element's layout algorithm.
    private func compute(_ el: Element, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        out.count(LayoutWork.measures)
        let s = style(el)
        switch el.kind {
        case .radioGroup where el.children.isEmpty:
            return LeafMeasure(cx: self).layout(el, s, w: w, h: h)
        case .linearLayout, .tableLayout, .radioGroup:
            return LinearLayout(cx: self).layout(el, s, w: w, h: h, depth: depth)
        case .frameLayout, .eventLayout, .frameView, .application, .navigationView, .dialog, .alertDialog:
            return FrameLayout(cx: self).layout(el, s, w: w, h: h, depth: depth)
        case .scrollLayout:
            return ScrollLayout(cx: self).layout(el, s, w: w, h: h, depth: depth)
        case .flipperLayout, .pager:
            return PagedLayout(cx: self).layout(el, s, w: w, h: h, depth: depth)
        case .autoColumnLayout:
            return AutoColumnLayout(cx: self).layout(el, s, w: w, h: h, depth: depth)
        default:
            return LeafMeasure(cx: self).layout(el, s, w: w, h: h)
        }
    }
}

/// The sizes computed so far in a pass, per element and spec, and the container being placed.
struct SizeCache {
    /// Border-box sizes per element and spec.
    private var sizes: [Int: [(SpecKey, Size)]] = [:]
    /// The container being placed, collecting the final spec of each of its children.
    private var placing: PlacingRecord?

    /// A size computed before under a compatible spec. On each axis: the same spec, or a wrap whose
    /// cap lies between the size that came out and the cap it was computed with (content that came
    /// out at size S under cap A lays out the same under any cap in S...A: what fitted still fits,
    /// and what did not fit in A does not fit in less).
    func cached(_ id: Int, w: AxisSpec, h: AxisSpec) -> Size? {
        guard let entries = sizes[id] else { return nil }
        func fits(_ old: AxisSpec, _ new: AxisSpec, _ got: Double) -> Bool {
            if old == new { return true }
            guard case .wrap(let a) = old, case .wrap(let b) = new, let b else { return false }
            return got <= b + 1e-9 && b <= (a ?? .infinity)
        }
        for (key, size) in entries.reversed() where fits(key.w, w, size.width) && fits(key.h, h, size.height) {
            return size
        }
        return nil
    }

    mutating func store(_ id: Int, w: AxisSpec, h: AxisSpec, _ size: Size) {
        sizes[id, default: []].append((SpecKey(w: w, h: h), size))
    }

    /// Notes the spec a child of the container being placed was last given.
    mutating func noteSpec(child: Int, parent: Int?, _ spec: FinalSpec) {
        if placing?.id == parent { placing?.finals[child] = spec }
    }

    /// Starts collecting final specs for `parent`'s children; returns the record to restore.
    mutating func beginPlacing(_ parent: Int) -> PlacingRecord? {
        let saved = placing
        placing = PlacingRecord(id: parent)
        return saved
    }

    /// The final specs collected since `beginPlacing`, restoring the outer container's record.
    mutating func endPlacing(restoring saved: PlacingRecord?) -> [Int: FinalSpec] {
        let finals = placing?.finals ?? [:]
        placing = saved
        return finals
    }
}

/// Both specs of one layout call.
struct SpecKey: Hashable {
    var w: AxisSpec
    var h: AxisSpec
}

/// The spec a container finally gave a child.
struct FinalSpec {
    var w: AxisSpec
    var h: AxisSpec
    var depth: Int
}

/// The container being placed and the final specs of its children so far.
struct PlacingRecord {
    var id: Int
    var finals: [Int: FinalSpec] = [:]
}

import Primitives
import Styles
import WidgetTree

/// Reads the main / cross parts of boxes for a linear layout's direction.
struct LinearAxes {
    let vertical: Bool
    func main(_ s: Size) -> Double { vertical ? s.height : s.width }
    func cross(_ s: Size) -> Double { vertical ? s.width : s.height }
    func mainDim(_ s: ResolvedStyle) -> Dimension { vertical ? s.height : s.width }
    func crossDim(_ s: ResolvedStyle) -> Dimension { vertical ? s.width : s.height }
    func mainMin(_ s: ResolvedStyle) -> Double { vertical ? s.minHeight : s.minWidth }
    func mainMax(_ s: ResolvedStyle) -> Double { vertical ? s.maxHeight : s.maxWidth }
    func crossMin(_ s: ResolvedStyle) -> Double { vertical ? s.minWidth : s.minHeight }
    func crossMax(_ s: ResolvedStyle) -> Double { vertical ? s.maxWidth : s.maxHeight }
    /// (start, end) along the main axis.
    func mainSides(_ e: Sides<Double>) -> (Double, Double) { vertical ? (e.top, e.bottom) : (e.left, e.right) }
    func crossSides(_ e: Sides<Double>) -> (Double, Double) { vertical ? (e.left, e.right) : (e.top, e.bottom) }
    func crossAlign(_ g: Gravity) -> AxisAlign { vertical ? g.horizontalAlign : g.verticalAlign }
    func rect(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> Rect {
        vertical
            ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
            : Rect(x: main, y: cross, width: mainSize, height: crossSize)
    }
}

/// LinearLayout (and TableLayout rows, RadioGroup columns): semantics section 3 and section 7
/// items 15 and 26. Children without weight are measured first, in order, against the space
/// left; weighted ones after; the leftover (maybe negative) is shared by weight only when the
/// main size is definite.
struct LinearLayout {
    let cx: LayoutContext

    func layout(_ el: Element, _ s: ResolvedStyle, w: AxisSpec, h: AxisSpec, depth: Int) -> Size {
        // A table layout is a row; a radio group a column (its value is the selection, not a direction).
        let ax = LinearAxes(vertical: el.kind == .tableLayout ? false : el.kind == .radioGroup || el.value != 2)
        let ins = Box.insets(s)
        let (mainSpec, crossSpec) = ax.vertical ? (h, w) : (w, h)
        let (mIns0, mIns1) = ax.mainSides(ins)
        let (cIns0, cIns1) = ax.crossSides(ins)
        let mainInner = Box.innerLimit(mainSpec, max: ax.mainMax(s), insets: mIns0 + mIns1)
        let crossLimit = Box.innerLimit(crossSpec, max: ax.crossMax(s), insets: cIns0 + cIns1)
        let crossDefinite = crossSpec.definite != nil
        let kids = cx.flowChildren(el)
        let styles = kids.map(cx.style)
        let n = kids.count

        // Main-axis match-parent without a weight counts as weight 1 (item 15) in the preview; iOS
        // treats it as wrap-content, Android fills what is left at the child's place (later
        // children get the rest, often nothing), as its LinearLayout measures (PlatformProfile).
        let matchRule = cx.profile.mainAxisMatchParent
        let weights: [Double] = styles.map { cs in
            cs.weight > 0 ? cs.weight : (matchRule == .weightOne && ax.mainDim(cs) == .matchParent ? 1 : 0)
        }
        func mainDim(_ cs: ResolvedStyle) -> Dimension {
            let d = ax.mainDim(cs)
            return matchRule == .wrap && d == .matchParent ? .wrapContent : d
        }
        var mainSpecs = [AxisSpec](repeating: .wrap(nil), count: n)
        var sizes = [Size](repeating: .zero, count: n)
        var used = 0.0

        func crossSpecOf(_ i: Int, stretchTo inner: Double? = nil) -> AxisSpec {
            let cs = styles[i]
            let (m0, m1) = ax.crossSides(cs.margin)
            if let inner, ax.crossDim(cs) == .matchParent {
                return .exactly(Box.clamp(inner - m0 - m1, min: ax.crossMin(cs), max: ax.crossMax(cs)))
            }
            return Box.childSpec(
                ax.crossDim(cs), min: ax.crossMin(cs), max: ax.crossMax(cs), avail: crossLimit,
                definite: crossDefinite, margins: m0 + m1)
        }
        func lay(_ i: Int, main: AxisSpec, cross: AxisSpec) -> Size {
            mainSpecs[i] = main
            return ax.vertical
                ? cx.layoutNode(kids[i].id, w: cross, h: main, depth: depth + 1)
                : cx.layoutNode(kids[i].id, w: main, h: cross, depth: depth + 1)
        }
        func mainMargins(_ i: Int) -> Double {
            let (a, b) = ax.mainSides(styles[i].margin)
            return a + b
        }

        // 1. Children without weight, in order, against the space still left.
        for i in 0..<n where weights[i] == 0 {
            let cs = styles[i]
            let left = mainInner.map { $0 - used }
            let spec = Box.childSpec(
                mainDim(cs), min: ax.mainMin(cs), max: ax.mainMax(cs), avail: left,
                definite: matchRule == .fill && mainSpec.definite != nil, margins: mainMargins(i))
            sizes[i] = lay(i, main: spec, cross: crossSpecOf(i))
            used += ax.main(sizes[i]) + mainMargins(i)
        }
        // 2. Weighted children: their own size first (0 for a 0 size: the share is all of it), each
        //    against the space the unweighted ones left (as Android measures them), so that an early
        //    weighted child cannot starve a later one.
        var measured = [Double](repeating: 0, count: n)
        let left = mainInner.map { $0 - used }
        for i in 0..<n where weights[i] > 0 {
            let cs = styles[i]
            if case .fixed(let v) = ax.mainDim(cs) {
                measured[i] = Box.clamp(v, min: ax.mainMin(cs), max: ax.mainMax(cs))
                mainSpecs[i] = .exactly(measured[i])
            } else {
                let spec = AxisSpec.wrap(left.map { max(0, $0 - mainMargins(i)) })
                sizes[i] = lay(i, main: spec, cross: crossSpecOf(i))
                measured[i] = ax.main(sizes[i])
            }
            used += measured[i] + mainMargins(i)
        }
        // 3. Share the leftover when the main size is definite; lay weighted children out at their size.
        if mainSpec.definite != nil, let inner = mainInner, weights.contains(where: { $0 > 0 }) {
            let shared = Self.distribute(leftover: inner - used, measured: measured, weights: weights)
            for i in 0..<n where weights[i] > 0 {
                let cs = styles[i]
                let main = Box.clamp(shared[i], min: ax.mainMin(cs), max: ax.mainMax(cs))
                sizes[i] = lay(i, main: .exactly(main), cross: crossSpecOf(i))
            }
        } else {
            for i in 0..<n where weights[i] > 0 {
                if case .exactly = mainSpecs[i] { sizes[i] = lay(i, main: mainSpecs[i], cross: crossSpecOf(i)) }
            }
        }
        // 4. Own size from the content.
        var contentMain = 0.0
        var contentCross = 0.0
        for i in 0..<n {
            let (c0, c1) = ax.crossSides(styles[i].margin)
            contentMain += ax.main(sizes[i]) + mainMargins(i)
            contentCross = max(contentCross, ax.cross(sizes[i]) + c0 + c1)
        }
        let ownMain = Box.resolve(
            mainSpec, natural: contentMain + mIns0 + mIns1, min: ax.mainMin(s), max: ax.mainMax(s))
        let ownCross = Box.resolve(
            crossSpec, natural: contentCross + cIns0 + cIns1, min: ax.crossMin(s), max: ax.crossMax(s))
        let crossInner = max(0, ownCross - cIns0 - cIns1)
        // 5. Cross-axis match-parent stretches once the cross size is known.
        if !crossDefinite {
            for i in 0..<n where ax.crossDim(styles[i]) == .matchParent {
                sizes[i] = lay(i, main: mainSpecs[i], cross: crossSpecOf(i, stretchTo: crossInner))
            }
        }
        // 6. Place: in order along the main axis, by the cross part of gravity across.
        var cursor = mIns0
        for i in 0..<n {
            let cs = styles[i]
            let (m0, m1) = ax.mainSides(cs.margin)
            let (c0, c1) = ax.crossSides(cs.margin)
            let crossPos =
                ax.crossDim(cs) == .matchParent
                ? c0
                : Box.align(
                    ax.crossAlign(cs.gravity), size: ax.cross(sizes[i]), before: c0, after: c1, inner: crossInner)
            cx.out.setFrame(
                kids[i].id,
                ax.rect(
                    main: cursor + m0, cross: cIns0 + crossPos,
                    mainSize: ax.main(sizes[i]), crossSize: ax.cross(sizes[i])))
            cursor += m0 + ax.main(sizes[i]) + m1
        }
        return ax.vertical ? Size(width: ownCross, height: ownMain) : Size(width: ownMain, height: ownCross)
    }

    /// Each weighted child's measured size plus its share of `leftover` by weight. A negative
    /// leftover never makes a size negative: such a child clamps at 0 and the rest is shared again
    /// among the weighted children still above 0 (item 26).
    static func distribute(leftover: Double, measured: [Double], weights: [Double]) -> [Double] {
        var out = measured
        var clamped = Set<Int>()
        while true {
            let active = weights.indices.filter { weights[$0] > 0 && !clamped.contains($0) }
            let total = active.reduce(0) { $0 + weights[$1] }
            guard total > 0 else { return out }
            let pool = leftover + clamped.reduce(0) { $0 + measured[$1] }
            var again = false
            for i in active {
                out[i] = measured[i] + pool * weights[i] / total
                if out[i] < 0 {
                    out[i] = 0
                    clamped.insert(i)
                    again = true
                }
            }
            if !again { return out }
        }
    }
}

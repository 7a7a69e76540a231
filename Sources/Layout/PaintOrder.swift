import Primitives
import TextLayout
import WidgetTree

extension LayoutPass {
    /// Turns the relative frames into screen frames and lists elements in paint order: each placed
    /// root (application, view, bars, overlays) followed by its laid-out subtree, parents before
    /// children. Iterative, so a deep tree cannot overflow the stack.
    func finish() {
        var visited = Set<Int>()
        for rootId in placedRoots {
            guard local[rootId] != nil else { continue }
            let parentDepth = tree.elements[rootId]?.parent.flatMap { result.depths[$0] }
            var stack: [(id: Int, origin: Point, depth: Int)] = [(rootId, .zero, parentDepth.map { $0 + 1 } ?? 0)]
            while let (id, origin, depth) = stack.popLast() {
                guard visited.insert(id).inserted, let rel = local[id], let el = tree.elements[id] else { continue }
                let frame = rel.offsetBy(dx: origin.x, dy: origin.y)
                result.frames[id] = frame
                // Every framed element's record carries the style the pass resolved (override, fill
                // defaults and error line included); the screen places some without measuring them.
                _ = cx.style(el)
                // Hidden but keeping its space (Android INVISIBLE): a frame, nothing painted.
                if !el.isVisible && !placedSet.contains(id) { continue }
                result.depths[id] = depth
                result.paintOrder.append(id)
                absolutizeExtras(id, frame.origin)
                for child in el.children.reversed() {
                    guard !placedSet.contains(child), local[child] != nil,
                        let c = tree.elements[child], isInFlow(c)
                    else { continue }
                    stack.append((child, frame.origin, depth + 1))
                }
            }
        }
    }

    /// Moves an element's text origins, icon, extra texts and rows from its box to the screen.
    private func absolutizeExtras(_ id: Int, _ o: Point) {
        func move(_ p: Point) -> Point { Point(x: p.x + o.x, y: p.y + o.y) }
        if let p = localText[id] { result.textOrigins[id] = move(p) }
        if let r = localIcons[id] { result.iconFrames[id] = r.offsetBy(dx: o.x, dy: o.y) }
        if let texts = localExtraTexts[id] {
            result.extraTexts[id] = texts.map {
                var t = $0
                t.origin = move(t.origin)
                return t
            }
        }
        if let rows = localRows[id] { result.rows[id] = rows.map { $0.offsetBy(dx: o.x, dy: o.y) } }
    }
}

extension LayoutPass {
    /// The pass's result as painting reads it: the tables turned into one record per element.
    func assemble() -> LayoutResult {
        cx.out.addCountedWork()
        return RecordAssembly(
            tree: tree, device: cx.device, resolver: cx.resolver,
            measurer: cx.measurer, images: cx.images
        ).assemble(result)
    }
}

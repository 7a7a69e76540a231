import SessionFormat

/// Structural edits of the tree. They keep two invariants: `children` and `parent` agree, and no
/// element is ever its own ancestor (semantics.md section 1).
extension WidgetTree {
    /// Ids of `id` and all its descendants, parent first (pre-order). Safe against bad links.
    package func subtree(of id: Int) -> [Int] {
        guard elements[id] != nil else { return [] }
        var out: [Int] = []
        var seen: Set<Int> = []
        var stack = [id]
        while let cur = stack.popLast() {
            guard seen.insert(cur).inserted, let e = elements[cur] else { continue }
            out.append(cur)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }

    /// True when `id` hangs from the root through live parents (so it can be on screen).
    package func isAttachedToRoot(_ id: Int) -> Bool {
        guard let root = rootId else { return false }
        return isAncestor(root, of: id) && elements[id] != nil
    }

    /// Takes `id` out of its parent's children; it stays known, detached.
    mutating func detach(_ id: Int) {
        guard let p = readInPlace(id, { $0.parent }) ?? nil else { return }
        // In place and by id (ChildList): amortised O(1), so emptying a list one by one is linear.
        if let scanned = editInPlace(p, { $0.childList.remove(id) }) { tally.childrenScanned &+= scanned }
        editInPlace(id) { $0.parent = nil }
    }

    /// Moves `child` under `parent` at `index` (clamped: past the end appends). Returns false, and
    /// changes nothing, when that would make `child` its own ancestor.
    @discardableResult
    mutating func attach(_ child: Int, to parent: Int, at index: Int? = nil) -> Bool {
        guard contains(child), contains(parent) else { return false }
        guard cycleCheck(child, under: parent, limit: .max) == false else { return false }
        attachChecked(child, to: parent, at: index)
        return true
    }

    /// Whether putting `child` under `parent` would make `child` its own ancestor; nil when that
    /// could not be decided within `limit` steps (counted in `ReplayWork.ancestorSteps`).
    ///
    /// A childless element is nobody's ancestor but its own, and a child that stays with its
    /// parent makes no cycle: neither walks (walking up from `parent` made building a deep chain
    /// quadratic: 10,000 levels took 30 s). Otherwise the walk goes up from `parent` and down
    /// through `child`'s subtree in turn and stops when either ends, so a move costs the smaller
    /// of the two: a small subtree moved between parents 40,000 deep no longer walks the chain.
    mutating func cycleCheck(_ child: Int, under parent: Int, limit: Int) -> Bool? {
        if child == parent { return true }
        guard let (childless, oldParent) = readInPlace(child, { ($0.childList.isEmpty, $0.parent) }) else {
            return false
        }
        if childless || oldParent == parent { return false }
        let kids = readInPlace(child, { $0.children }) ?? []
        var up: Int? = parent
        var down: [(ids: [Int], next: Int)] = [(kids, 0)]
        var steps = 0
        defer { tally.ancestorSteps &+= steps }
        while steps < limit {
            // One step up: past the root without meeting `child`, it is not an ancestor.
            guard let u = up else { return false }
            if u == child { return true }
            up = readInPlace(u, { $0.parent }) ?? nil
            steps += 1
            // One step down: the whole subtree seen without meeting `parent`, no cycle either.
            while let top = down.last, top.next >= top.ids.count { down.removeLast() }
            guard !down.isEmpty else { return false }
            let d = down[down.count - 1].ids[down[down.count - 1].next]
            down[down.count - 1].next += 1
            if d == parent { return true }
            if let grandchildren = readInPlace(d, { $0.children }), !grandchildren.isEmpty {
                down.append((grandchildren, 0))
            }
            steps += 1
        }
        return nil
    }

    /// `attach` after `cycleCheck` said no.
    mutating func attachChecked(_ child: Int, to parent: Int, at index: Int? = nil) {
        detach(child)
        // Edited in place: copying `children` out and back would make each append O(n).
        tally.childrenScanned &+= editInPlace(parent, { $0.childList.insert(child, at: index) })!
        editInPlace(child) { $0.parent = parent }
    }

    /// DELETE_ELEMENT: the element leaves the screen with its subtree and its id is forgotten.
    /// Its children stay known but detached, because the framework deletes them one by one next.
    mutating func deleteElement(_ id: Int) {
        guard let e = elements[id] else { return }
        let ids = subtree(of: id)
        tally.subtreeElements &+= ids.count
        dropOverlays(in: ids)
        detach(id)
        for c in e.children { elements[c]?.parent = nil }
        elements[id] = nil
        if activeViewId == id { activeViewId = nil }
        if rootId == id { rootId = nil }
    }

    /// REMOVE_CHILD: detaches without forgetting; overlays in the removed subtree stop showing.
    mutating func removeChild(_ id: Int) {
        let ids = subtree(of: id)
        tally.subtreeElements &+= ids.count
        dropOverlays(in: ids)
        detach(id)
    }

    /// REMOVE_CHILD of every child of `id` (CLEAR of an action bar or pager), in one sweep:
    /// the list is emptied at once instead of child by child.
    mutating func removeAllChildren(of id: Int) {
        guard let kids = elements[id]?.children, !kids.isEmpty else { return }
        var ids: [Int] = []
        for k in kids { ids += subtree(of: k) }
        tally.subtreeElements &+= ids.count
        dropOverlays(in: ids)
        elements[id]!.childList.removeAll()
        for k in kids where elements[k]?.parent == id { elements[k]!.parent = nil }
    }

    private mutating func dropOverlays(in ids: [Int]) {
        guard !overlayIds.isEmpty else { return }
        let gone = Set(ids)
        overlayIds.removeAll { gone.contains($0) }
    }
}

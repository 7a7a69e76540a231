import Primitives

/// The kinds of work replay counts on the tree it builds (`WidgetTree.work`), for complexity
/// tests: replaying N steps should touch O(N log N) elements, however the tree is shaped.
public enum ReplayWork {
    /// Steps applied (batch entries included).
    public static let steps = "replay.steps"
    /// Parent links followed to refuse cycles when attaching.
    public static let ancestorSteps = "replay.ancestor-steps"
    /// Children scanned to take one out of its parent's list.
    public static let childrenScanned = "replay.children-scanned"
    /// Elements of the subtrees removed or deleted.
    public static let subtreeElements = "replay.subtree-elements"
}

extension WidgetTree {
    /// `isAncestor(ancestor, of: id)`, with the number of parent links the walk followed.
    func ancestorWalk(_ ancestor: Int, of id: Int) -> (found: Bool, steps: Int) {
        var cur: Int? = id
        var steps = 0
        while let c = cur, steps < 100_000 {
            if c == ancestor { return (true, steps) }
            cur = elements[c]?.parent
            steps += 1
        }
        return (false, steps)
    }
}

import Primitives

/// The kinds of work replay counts on the tree it builds (`WidgetTree.work`), for complexity
/// tests: replaying N steps should touch O(N log N) elements, however the tree is shaped.
package enum ReplayWork {
    /// Steps applied (batch entries included).
    package static let steps = "replay.steps"
    /// Parent links followed to refuse cycles when attaching.
    package static let ancestorSteps = "replay.ancestor-steps"
    /// Children scanned to take one out of its parent's list.
    package static let childrenScanned = "replay.children-scanned"
    /// Elements of the subtrees removed or deleted.
    package static let subtreeElements = "replay.subtree-elements"
}

/// The counts of the `ReplayWork` kinds as plain integers (`WidgetTree.tally`): added to per
/// step and per edit, and turned into `WorkCounts` only when `WidgetTree.work` is read.
struct ReplayTally: Sendable {
    var steps = 0
    var ancestorSteps = 0
    var childrenScanned = 0
    var subtreeElements = 0

    init() {}

    /// The replay kinds of `w`.
    init(_ w: WorkCounts) {
        steps = w[ReplayWork.steps]
        ancestorSteps = w[ReplayWork.ancestorSteps]
        childrenScanned = w[ReplayWork.childrenScanned]
        subtreeElements = w[ReplayWork.subtreeElements]
    }

    /// Adds the counts to `w` (`WorkCounts.add` records no kind for a zero count, as counting
    /// each edit there did).
    func add(to w: inout WorkCounts) {
        w.add(ReplayWork.steps, steps)
        w.add(ReplayWork.ancestorSteps, ancestorSteps)
        w.add(ReplayWork.childrenScanned, childrenScanned)
        w.add(ReplayWork.subtreeElements, subtreeElements)
    }

    static let kinds: Set<String> = [
        ReplayWork.steps, ReplayWork.ancestorSteps, ReplayWork.childrenScanned, ReplayWork.subtreeElements,
    ]

    /// The kinds of `w` that are not the replay's.
    static func others(of w: WorkCounts) -> WorkCounts {
        var out = WorkCounts()
        for kind in w.kinds where !kinds.contains(kind) { out[kind] = w[kind] }
        return out
    }
}

/// The tree-edit work budget of a replay (`ReplayOptions.treeEditWork`, docs/limits.md "Tree
/// edits"). Reordering and moving children cost up to the length of the child lists involved
/// (a shift of the array) plus a cycle check bounded by the smaller of the parent's depth and
/// the child's subtree; hostile streams can make every edit the worst case (20,000 reorders of
/// 20,000 children; moves between parents 40,000 deep), so the total is bounded per render: an
/// edit that does not fit the work left is skipped with one `budget` warning, and the replay
/// ends with a count of the skipped edits. No real app comes near it (a list of 1,000 reordered
/// 1,000 times is about 2 million).
extension ReplayEngine {
    /// The work `tree` has done on edits so far.
    var treeEditWorkSpent: Int { tree.tally.childrenScanned &+ tree.tally.ancestorSteps }

    /// The work left for the cycle check of moving `child` under `parent` once the child lists'
    /// own cost is set aside; nil (and the step skipped with a diagnostic) when even that does not fit.
    mutating func treeEditWorkLeft(moving child: Int, to parent: Int) -> Int? {
        let oldParent = tree.readInPlace(child, { $0.parent }) ?? nil
        let lists =
            (tree.readInPlace(parent, { $0.childList.count }) ?? 0)
            + (oldParent.flatMap { tree.readInPlace($0, { $0.childList.count }) } ?? 0) + 2
        let left = options.treeEditWork - treeEditWorkSpent - lists
        guard left >= 0 else {
            skipTreeEdit("REORDER_CHILD", child: child, parent: parent)
            return nil
        }
        return left
    }

    /// Skips an edit for the budget: the first one of a replay gets a warning on its step.
    mutating func skipTreeEdit(_ what: String, child: Int, parent: Int) {
        treeEditsSkipped += 1
        guard treeEditsSkipped == 1 else { return }
        warn(
            "budget",
            """
            \(what): the render's tree-edit work budget (\(options.treeEditWork) child slots and parent links, \
            docs/limits.md) is spent; moving \(label(child)) under \(label(parent)) and later costly reorders are \
            skipped
            """
        )
    }

    /// At the end of a replay: how many edits the budget skipped.
    mutating func summariseSkippedTreeEdits() {
        guard treeEditsSkipped > 1 else { return }
        warn("budget", "REORDER_CHILD: \(treeEditsSkipped) steps skipped in all for the tree-edit work budget")
    }
}

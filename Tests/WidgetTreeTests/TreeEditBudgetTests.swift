import Primitives
import Testing

@testable import WidgetTree

/// Reorders and moves between parents (issue 28: 20,000 reorders of 20,000 children took 12-16 s;
/// 10,000 moves between parents 40,000 deep took 62 s): the work is counted (`ReplayWork`), a
/// move's cycle check costs the smaller of the parent's depth and the moved subtree, and the
/// total per render is bounded by `ReplayOptions.treeEditWork` with a `budget` diagnostic.
@Suite struct TreeEditBudgetTests {
    static func children(_ n: Int) -> [String] {
        (0..<n).map { #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": \#(100 + $0), "textValue": "x"}"# }
    }

    /// `k` reorders of a list of `n`: child `i % n` moved to index `(i * 7) % n`.
    static func reorders(_ n: Int, _ k: Int) -> [String] {
        (0..<k).map { i in
            #"{"type": "REORDER_CHILD", "internalId": 3, "childInternalId": \#(100 + i % n), "value": \#((i * 7) % n)}"#
        }
    }

    /// The order a plain array gives for the same reorders (the first `applied` of them).
    static func model(_ n: Int, _ k: Int, applied: Int) -> [Int] {
        var a = Array(100..<(100 + n))
        for i in 0..<min(k, applied) {
            a.removeAll { $0 == 100 + i % n }
            a.insert(100 + i % n, at: min((i * 7) % n, a.count))
        }
        return a
    }

    @Test func reordersCostAtMostAFewPassesOverTheListEach() throws {
        let n = 2000
        let r = try replay(([appViewLayout] + Self.children(n) + Self.reorders(n, n)).joined(separator: ",\n"))
        #expect(r.final[3]?.children == Self.model(n, n, applied: n))
        #expect(r.diagnostics("budget").isEmpty)
        // Each reorder scans for the child and shifts the tail twice: about 2 passes of the list,
        // not the 5 of rebuilding and renumbering the map per reorder.
        let scanned = r.final.work[ReplayWork.childrenScanned]
        #expect(scanned > n && scanned <= 3 * n * n, "\(scanned)")
    }

    @Test func reordersPastTheBudgetAreSkippedWithADiagnostic() throws {
        let n = 2000
        var options = ReplayOptions()
        options.treeEditWork = 500_000
        let r = try replay(
            ([appViewLayout] + Self.children(n) + Self.reorders(n, n)).joined(separator: ",\n"), options: options)
        let work = r.final.work[ReplayWork.childrenScanned] + r.final.work[ReplayWork.ancestorSteps]
        #expect(work <= 500_000, "\(work)")
        let d = r.diagnostics("budget")
        #expect(d.count == 2, "\(d.map(\.message))")
        #expect(d.first?.message.contains("tree-edit work budget (500000 child slots and parent links") == true)
        #expect(d.first?.message.contains("later costly reorders are skipped") == true)
        // The steps before the first skipped one were applied; the summary counts the rest.
        let first = try #require(d.first?.step)
        let applied = first - 3 - n
        #expect(applied > 100 && applied < n)
        #expect(d.last?.message == "REORDER_CHILD: \(n - applied) steps skipped in all for the tree-edit work budget")
        #expect(r.final[3]?.children == Self.model(n, n, applied: applied))
    }

    /// A chain `depth` deep under layout 3 (ids 100...), two containers with a child each at the
    /// bottom, moved back and forth between the chain's last two levels `moves` times.
    static func movesInADeepChain(depth: Int, moves: Int) -> [String] {
        var s = (0..<depth).map { i in
            #"""
            {"type": "CREATE_LINEAR_LAYOUT", "internalId": \#(i == 0 ? 3 : 99 + i), "childInternalId": \#(100 + i), \#
            "value": 1}
            """#
        }
        let bottom = 99 + depth
        s.append(#"{"type": "CREATE_LINEAR_LAYOUT", "internalId": \#(bottom), "childInternalId": 5000, "value": 1}"#)
        s.append(#"{"type": "CREATE_TEXT", "internalId": 5000, "childInternalId": 5001, "textValue": "x"}"#)
        for i in 0..<moves {
            let to = i % 2 == 0 ? bottom - 1 : bottom
            s.append(#"{"type": "REORDER_CHILD", "internalId": \#(to), "childInternalId": 5000, "value": 0}"#)
        }
        return s
    }

    @Test func movingASmallSubtreeBetweenDeepParentsDoesNotWalkTheChain() throws {
        func work(_ moves: Int) throws -> (WorkCounts, WidgetTree) {
            let steps = [appViewLayout] + Self.movesInADeepChain(depth: 4000, moves: moves)
            let r = try replay(steps.joined(separator: ",\n"))
            #expect(r.diagnostics("budget").isEmpty && r.diagnostics("cycle").isEmpty)
            return (r.final.work, r.final)
        }
        let (a, ta) = try work(500)
        let (b, tb) = try work(4000)
        #expect(ta[5000]?.parent == 4099 && tb[5000]?.parent == 4099)
        // Walking up 4,000 levels per move would be 2 million and 16 million steps; down the moved
        // container (one child) it is a few per move.
        #expect(a[ReplayWork.ancestorSteps] <= 4 * 500 && b[ReplayWork.ancestorSteps] <= 4 * 4000)
        ReplayComplexityTests.expectNLogN(a, b, n: 500, m: 4000)
    }

    @Test func aCycleIsStillRefusedWhicheverWalkFindsIt() throws {
        // 5000 (with child 5001) sits at the bottom of a chain: moving the chain's top under 5001
        // is found by walking up from 5001; moving 5000 under its own child by walking down.
        let steps =
            [appViewLayout] + Self.movesInADeepChain(depth: 50, moves: 0) + [
                #"{"type": "REORDER_CHILD", "internalId": 5001, "childInternalId": 100, "value": 0}"#,
                #"{"type": "REORDER_CHILD", "internalId": 5001, "childInternalId": 5000, "value": 0}"#,
            ]
        let r = try replay(steps.joined(separator: ",\n"))
        #expect(r.diagnostics("cycle").map(\.step) == [55, 56])
        #expect(r.final[100]?.parent == 3 && r.final[5000]?.parent == 149)
    }

    @Test func aLargeSubtreeMovedUnderADeepParentIsBoundedByTheBudget() throws {
        // Two chains 3,000 deep: the second's top moved under the first's bottom and back. Both
        // walks are long, so each move costs thousands of steps; the budget stops them.
        var s = [appViewLayout]
        for chain in 0..<2 {
            let base = 100 + chain * 10_000
            for i in 0..<3000 {
                let parent = i == 0 ? 3 : base + i - 1
                s.append(
                    #"""
                    {"type": "CREATE_LINEAR_LAYOUT", "internalId": \#(parent), "childInternalId": \#(base + i), \#
                    "value": 1}
                    """#
                )
            }
        }
        for i in 0..<400 {
            let to = i % 2 == 0 ? 3099 : 3
            s.append(#"{"type": "REORDER_CHILD", "internalId": \#(to), "childInternalId": 10100, "value": 0}"#)
        }
        var options = ReplayOptions()
        options.treeEditWork = 300_000
        let r = try replay(s.joined(separator: ",\n"), options: options)
        let work = r.final.work[ReplayWork.childrenScanned] + r.final.work[ReplayWork.ancestorSteps]
        #expect(work <= 300_000, "\(work)")
        #expect(r.diagnostics("budget").count == 2)
        #expect(r.diagnostics("cycle").isEmpty)
    }
}

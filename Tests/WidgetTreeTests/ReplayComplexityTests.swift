import Foundation
import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

/// Replay must stay O(n log n) in the number of steps, whatever the shape of the tree: each test
/// replays a stream of N and of 8N steps and compares the work counted on the final tree
/// (`WidgetTree.work`, kinds in `ReplayWork`), kind by kind. Counts, not time. (Attaching by
/// walking up from the parent made building a deep chain quadratic: 10,000 levels took 30 s.)
@Suite struct ReplayComplexityTests {
    /// Every kind of work grows at most as n log n from `small` (size n) to `large` (size 8n).
    static func expectNLogN(
        _ small: WorkCounts, _ large: WorkCounts, n: Int, m: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(small[ReplayWork.steps] >= n, sourceLocation: sourceLocation)
        for problem in WorkCounts.growthBeyondNLogN(small, large, n: n, m: m) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// The work of replaying `steps` (JSON objects after app 1, view 2, layout 3).
    static func work(_ steps: [String]) throws -> (work: WorkCounts, tree: WidgetTree) {
        let r = try replay(([appViewLayout] + steps).joined(separator: ",\n"))
        return (r.final.work, r.final)
    }

    @Test func aLongListCreatedAndStyledIsLinear() throws {
        func steps(_ n: Int) -> [String] {
            (0..<(n / 2)).flatMap { i in
                [
                    #"""
                    {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": \#(100 + i), "textValue": "row \#
                    \#(i)"}
                    """#,
                    #"""
                    {"type": "SET_STYLE", "internalId": \#(100 + i), "value": 0, "textValue": "color", \#
                    "textValue2": "red"}
                    """#,
                ]
            }
        }
        let (a, ta) = try Self.work(steps(1000))
        let (b, tb) = try Self.work(steps(8000))
        #expect(ta.elements[3]?.children.count == 500 && tb.elements[3]?.children.count == 4000)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func aDeepChainIsLinear() throws {
        // Each layout inside the previous one: attaching must not walk the whole chain up.
        func steps(_ n: Int) -> [String] {
            (0..<n).map { i in
                #"""
                {"type": "CREATE_LINEAR_LAYOUT", "internalId": \#(i == 0 ? 3 : 99 + i), "childInternalId": \#
                \#(100 + i), "value": 1}
                """#
            }
        }
        let (a, ta) = try Self.work(steps(1000))
        let (b, tb) = try Self.work(steps(8000))
        #expect(ta.elements[1099]?.parent == 1098 && tb.elements[8099]?.parent == 8098)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func movingContainersToTheBottomOfADeepChainIsLinear() throws {
        // A chain 200 deep, then containers created at the top and moved, one by one, to its
        // bottom: each move checks for a cycle by walking up the chain and down the container in
        // turn (bounded by the smaller: the container's one child, not the depth, not N).
        func steps(_ n: Int) -> [String] {
            var s = (0..<200).map { i in
                #"""
                {"type": "CREATE_LINEAR_LAYOUT", "internalId": \#(i == 0 ? 3 : 99 + i), "childInternalId": \#
                \#(100 + i), "value": 1}
                """#
            }
            for i in 0..<((n - 200) / 3) {
                s.append(
                    #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": \#(10_000 + i), "value": 1}"#
                )
                s.append(
                    #"""
                    {"type": "CREATE_TEXT", "internalId": \#(10_000 + i), "childInternalId": \#(100_000 + i), \#
                    "textValue": "x"}
                    """#
                )
                s.append(
                    #"""
                    {"type": "REORDER_CHILD", "internalId": 299, "childInternalId": \#(10_000 + i), "value": \#
                    1000000}
                    """#
                )
            }
            return s
        }
        let (a, ta) = try Self.work(steps(1000))
        let (b, tb) = try Self.work(steps(8000))
        #expect(ta.elements[10_265]?.parent == 299 && tb.elements[12_599]?.parent == 299)
        #expect(a[ReplayWork.ancestorSteps] > 0 && a[ReplayWork.ancestorSteps] <= 4 * (1000 - 200) / 3)
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func deletingEveryChildOfALongListIsLinear() throws {
        // Taking a child out of its parent used to scan the parent's whole child list, so
        // emptying a list of N children one by one (from its front) cost N^2 / 2.
        func steps(_ n: Int) -> [String] {
            (0..<(n / 2)).map { i in
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": \#(100 + i), "textValue": "x"}"#
            }
                + (0..<(n / 2)).map { i in #"{"type": "DELETE_ELEMENT", "internalId": \#(100 + i)}"# }
        }
        let (a, ta) = try Self.work(steps(1000))
        let (b, tb) = try Self.work(steps(8000))
        #expect(ta.elements[3]?.children.isEmpty == true && tb.elements[3]?.children.isEmpty == true)
        // A few slots per child (map, tombstone flags, sweeps), not the 8 million of N^2 / 2.
        #expect(b[ReplayWork.childrenScanned] < 10 * 4000, "\(b[ReplayWork.childrenScanned])")
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }

    @Test func removingChildrenFromTheMiddleOutIsLinear() throws {
        // REMOVE_CHILD from the middle outwards (neither end is cheap), a styled sibling between
        // removals, then the survivors' order is checked: tombstones must not show.
        func steps(_ n: Int) -> [String] {
            let k = n / 2
            var s = (0..<k).map { i in
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": \#(100 + i), "textValue": "x"}"#
            }
            for j in 0..<k where j % 4 != 3 {
                let i = j % 2 == 0 ? k / 2 + j / 2 : k / 2 - 1 - j / 2
                s.append(#"{"type": "REMOVE_CHILD", "internalId": 3, "childInternalId": \#(100 + i)}"#)
                s.append(
                    #"{"type": "SET_STYLE", "internalId": 100, "value": 0, "textValue": "color", "textValue2": "red"}"#)
            }
            return s
        }
        let (a, ta) = try Self.work(steps(1000))
        let (b, tb) = try Self.work(steps(8000))
        for (t, k) in [(ta, 500), (tb, 4000)] {
            var left = Array(100..<(100 + k))
            var gone = Set<Int>()
            for j in 0..<k where j % 4 != 3 { gone.insert(100 + (j % 2 == 0 ? k / 2 + j / 2 : k / 2 - 1 - j / 2)) }
            left.removeAll { gone.contains($0) }
            #expect(t.elements[3]?.children == left)
            #expect(t.elements[left[0]]?.parent == 3)
        }
        Self.expectNLogN(a, b, n: 1000, m: 8000)
    }
}

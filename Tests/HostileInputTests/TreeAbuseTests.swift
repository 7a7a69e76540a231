import Foundation
import Testing

/// Streams no framework app sends: broken parenting, reused ids, commands on ids that do not
/// exist. Each renders, with the named diagnostic.
@Suite struct TreeAbuseTests {
    @Test func cyclicParentingIsRefused() throws {
        // 4 under 3, 5 under 4, then 3 is moved under its own descendant 5.
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4}"#,
                #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 4, "childInternalId": 5}"#,
                #"{"type": "REORDER_CHILD", "internalId": 5, "childInternalId": 3, "value": 0}"#,
            ]))
        #expect(o.rendered && o.has("cycle"))
        // The cycle is found by following parent links, a few of them, not by looping.
        #expect(o.work[Hostile.ancestorSteps] <= 8, "\(o.work)")
    }

    @Test func childThatIsItsOwnParent() throws {
        let o = try Hostile.run(
            Hostile.session([#"{"type": "CREATE_BUTTON", "internalId": 7, "childInternalId": 7, "textValue": "me"}"#]))
        #expect(o.rendered && o.has("cycle"))
        #expect(o.message("cycle").contains("its own parent"))
    }

    @Test func reusedIdIsSkipped() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}"#,
                #"{"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "b"}"#,
            ]))
        #expect(o.rendered && o.codes == ["duplicate-id"])
    }

    @Test func deletingTwice() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}"#,
                #"{"type": "DELETE_ELEMENT", "internalId": 4}"#,
                #"{"type": "DELETE_ELEMENT", "internalId": 4}"#,
            ]))
        #expect(o.rendered && o.codes == ["unknown-element"])
        #expect(o.message("unknown-element").contains("was deleted at step 4"))
    }

    @Test func styleOnUnknownId() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "SET_STYLE", "internalId": 999, "value": 0, "textValue": "color", "textValue2": "red"}"#
            ]))
        #expect(o.rendered && o.codes == ["unknown-element"])
    }

    @Test func deletingTheApplicationThenBuildingUnderIt() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "DELETE_ELEMENT", "internalId": 1}"#,
                #"{"type": "CREATE_TEXT", "internalId": 1, "childInternalId": 9, "textValue": "orphan"}"#,
                #"{"type": "SET_TEXT_VALUE", "internalId": 3, "textValue": "x"}"#,
            ]))
        #expect(o.rendered && o.codes == ["unknown-element"])
        #expect(o.size! == (120, 160))
    }

    /// A chain of `n` frame layouts, each inside the previous one.
    static func chain(_ n: Int) -> [UInt8] {
        Hostile.session(
            (0..<n).map { i in
                #"""
                {"type": "CREATE_FRAME_LAYOUT", "internalId": \#(i == 0 ? 3 : 100 + i - 1), "childInternalId": \#
                \#(100 + i)}
                """#
            })
    }

    @Test func tenThousandDeepTreeWarnsOnceAndRenders() throws {
        let small = try Hostile.run(Self.chain(1250))
        let o = try Hostile.run(Self.chain(10_000))
        #expect(o.rendered && o.codes == ["tree-too-deep"])
        // Attaching was O(depth) per create (30 s for this case) before the childless fast path:
        // 8x the depth is then about 64x the parent links followed, far over n log n.
        Hostile.expectNLogN(small, o, n: 1250, m: 10_000)
        #expect(o.work[Hostile.replaySteps] == 10_003)
    }

    /// `n` separators created in a hidden layout: the point is replay and layout bookkeeping,
    /// not drawing 10^5 rows.
    static func hiddenRows(_ n: Int) -> [UInt8] {
        var steps = [
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4, "value": 1}"#,
            #"{"type": "SET_VISIBILITY", "internalId": 4, "value": 0}"#,
        ]
        for i in 0..<n {
            steps.append(#"{"type": "CREATE_SEPARATOR", "internalId": 4, "childInternalId": \#(1000 + i)}"#)
        }
        return Hostile.session(steps)
    }

    @Test func hundredThousandElements() throws {
        let small = try Hostile.run(Self.hiddenRows(12_500))
        let o = try Hostile.run(Self.hiddenRows(100_000))
        #expect(o.rendered && o.codes.isEmpty)
        Hostile.expectNLogN(small, o, n: 12_500, m: 100_000)
        #expect(o.work[Hostile.replaySteps] == 100_005)
    }

    @Test func unknownParentCreatesDetached() throws {
        let o = try Hostile.run(
            Hostile.session([#"{"type": "CREATE_TEXT", "internalId": 4242, "childInternalId": 5, "textValue": "lost"}"#]
            ))
        #expect(o.rendered && o.codes == ["unknown-element"])
    }
}

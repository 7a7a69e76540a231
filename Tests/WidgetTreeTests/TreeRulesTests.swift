import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

@Suite struct TreeRulesTests {
    @Test func createAppendsChildrenInOrderWithTheirFields() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "Hi", "value": 3},
                {"type": "CREATE_SWITCH", "internalId": 3, "childInternalId": 6, "value": 5, "textValue": "On", \#
                "textValue2": "Off"},
                {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 7, "flags": 16}
                """#)
        let t = r.final
        #expect(t.rootId == 1 && t.activeViewId == 2)
        #expect(t[3]?.children == [4, 5, 6, 7])
        #expect(t[4]?.kind == .button && t[4]?.text == "OK" && t[4]?.parent == 3)
        #expect(t[5]?.value == 3)
        #expect(t[6]?.kind == .switchControl && t[6]?.value == 1 && t[6]?.text2 == "Off")
        #expect(t[7]?.flags == 16)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func unknownParentMakesADetachedElementWithADiagnostic() throws {
        let r = try replay(appViewLayout + #", {"type": "CREATE_BUTTON", "internalId": 42, "childInternalId": 8}"#)
        #expect(r.final[8]?.parent == nil)
        #expect(!r.final.isAttachedToRoot(8))
        let d = r.diagnostics("unknown-element")
        #expect(d.count == 1 && d[0].step == 3 && d[0].message.contains("42"))
    }

    @Test func duplicateIdIsSkipped() throws {
        let r = try replay(
            appViewLayout + #", {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 2, "textValue": "dup"}"#)
        #expect(r.final[2]?.kind == .frameView)
        #expect(r.final[3]?.children == [])
        #expect(r.diagnostics("duplicate-id").map(\.step) == [3])
    }

    @Test func anElementNeverBecomesItsOwnAncestor() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_LINEAR_LAYOUT", "internalId": 4, "childInternalId": 5},
                {"type": "REORDER_CHILD", "internalId": 5, "childInternalId": 3, "value": 0},
                {"type": "CREATE_BUTTON", "internalId": 9, "childInternalId": 9}
                """#)
        #expect(r.final[3]?.parent == 2)
        #expect(r.final[5]?.children == [])
        #expect(r.final[9]?.parent == nil)
        #expect(r.diagnostics("cycle").map(\.step) == [5, 6])
    }

    @Test func implicitRootTakesTheFirstFrameViewsParent() throws {
        let r = try replay(
            #"""
            {"type": "CREATE_FRAMEVIEW", "internalId": 7, "childInternalId": 8},
            {"type": "CREATE_TEXT", "internalId": 8, "childInternalId": 9, "textValue": "x"}
            """#)
        #expect(r.final.rootId == 7)
        #expect(r.final[7]?.kind == .application)
        #expect(r.final[7]?.children == [8])
        #expect(r.final.activeViewId == 8)
        #expect(r.diagnostics.isEmpty)
        #expect(r.events("SysInfoEvent").map(\.internalId) == [7, 7])
    }

    @Test func deleteTakesTheSubtreeOffScreenAndLaterDescendantDeletesAreNormal() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_TEXT", "internalId": 4, "childInternalId": 5},
                {"type": "CREATE_TEXT", "internalId": 4, "childInternalId": 6},
                {"type": "snapshot", "name": "before"},
                {"type": "DELETE_ELEMENT", "internalId": 4},
                {"type": "snapshot", "name": "deleted"},
                {"type": "DELETE_ELEMENT", "internalId": 5},
                {"type": "DELETE_ELEMENT", "internalId": 6},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "gone"}
                """#)
        let deleted = r.captures[1].tree
        #expect(deleted[4] == nil)
        #expect(deleted[3]?.children == [])
        #expect(deleted[5]?.parent == nil && !deleted.isAttachedToRoot(5))
        #expect(r.final[5] == nil && r.final[6] == nil)
        let d = r.diagnostics
        #expect(d.count == 1)
        #expect(d[0].code == "unknown-element" && d[0].step == 11 && d[0].message.contains("deleted at step 7"))
    }

    @Test func removeChildDetachesWithoutForgetting() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4},
                {"type": "REMOVE_CHILD", "internalId": 3, "childInternalId": 4},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "still known"},
                {"type": "REMOVE_CHILD", "internalId": 2, "childInternalId": 4}
                """#)
        #expect(r.final[3]?.children == [])
        #expect(r.final[4]?.parent == nil && r.final[4]?.text == "still known")
        #expect(r.diagnostics.map(\.code) == ["not-a-child"])
    }

    @Test func reorderMovesAndPastTheEndAppends() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 6},
                {"type": "REORDER_CHILD", "internalId": 3, "childInternalId": 6, "value": 0},
                {"type": "snapshot", "name": "front"},
                {"type": "REORDER_CHILD", "internalId": 3, "childInternalId": 6, "value": 99},
                {"type": "REORDER_CHILD", "internalId": 3, "childInternalId": 77, "value": 0}
                """#)
        #expect(r.captures[0].tree[3]?.children == [6, 4, 5])
        #expect(r.final[3]?.children == [4, 5, 6])
        #expect(r.diagnostics("unknown-element").map(\.step) == [9])
    }

    @Test func visibilityHidesAndShows() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5},
                {"type": "SET_VISIBILITY", "internalId": 4, "value": 0},
                {"type": "snapshot", "name": "hidden"},
                {"type": "SET_VISIBILITY", "internalId": 4, "value": 1}
                """#)
        #expect(r.captures[0].tree.visibleChildren(of: 3).map(\.id) == [5])
        #expect(r.final.visibleChildren(of: 3).map(\.id) == [4, 5])
    }

    @Test func unknownIdsAreDiagnosedNeverFatal() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "SET_TEXT_VALUE", "internalId": 50, "textValue": "x"},
                {"type": "SET_STYLE", "internalId": 51, "textValue": "color", "textValue2": "red"},
                {"type": "tap", "internalId": 52},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "after"}
                """#)
        #expect(r.diagnostics("unknown-element").map(\.step) == [3, 4, 5])
        #expect(r.final[4]?.text == "after")
    }
}

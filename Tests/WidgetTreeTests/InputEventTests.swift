import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

@Suite struct InputEventTests {
    let controls =
        appViewLayout + #"""
            , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
            {"type": "CREATE_SWITCH", "internalId": 3, "childInternalId": 5},
            {"type": "CREATE_CHECKBOX", "internalId": 3, "childInternalId": 6, "value": 1},
            {"type": "CREATE_EVENT_LAYOUT", "internalId": 3, "childInternalId": 7},
            {"type": "CREATE_TEXT", "internalId": 7, "childInternalId": 8, "textValue": "inside"},
            {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 9},
            {"type": "CREATE_SCROLL_LAYOUT", "internalId": 3, "childInternalId": 10},
            {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 11}
            """#

    @Test func pressIsActiveWithoutAClickReleaseClicks() throws {
        let r = try replay(
            controls + #"""
                , {"type": "press", "internalId": 4}, {"type": "snapshot", "name": "pressed"}, {"type": "release", \#
                "internalId": 4}
                """#)
        #expect(r.captures[0].tree[4]?.isPressed == true)
        #expect(r.final[4]?.isPressed == false)
        let v = r.events("ValueEvent")
        #expect(v.count == 1 && v[0].internalId == 4 && v[0].field("value") == .int(1))
    }

    @Test func clickValueFollowsTheOptions() throws {
        let r = try replay(
            controls + #", {"type": "tap", "internalId": 4}, {"type": "tap", "internalId": 7}"#,
            options: ReplayOptions(clickValue: 0))
        #expect(r.events("ValueEvent").map { $0.field("value") } == [.int(0), .int(0)])
    }

    @Test func tapsToggleSwitchesAndCheckboxes() throws {
        let r = try replay(
            controls + #"""
                , {"type": "tap", "internalId": 5}, {"type": "tap", "internalId": 6}, {"type": "tap", "internalId": 5}
                """#)
        #expect(r.events("ValueEvent").map(\.internalId) == [5, 6, 5])
        #expect(r.events("ValueEvent").map { $0.field("value") } == [.int(1), .int(0), .int(0)])
        #expect(r.final[5]?.value == 0 && r.final[6]?.value == 0)
    }

    @Test func tapInsideAnEventLayoutClicksTheLayout() throws {
        let r = try replay(controls + #", {"type": "tap", "internalId": 8}, {"type": "tap", "internalId": 11}"#)
        #expect(r.events("ValueEvent").map(\.internalId) == [7])
        #expect(r.diagnostics("no-click").map(\.step) == [12])
    }

    @Test func selectScrollAndInput() throws {
        let r = try replay(
            controls + #"""
                , {"type": "select", "internalId": 4, "value": 1},
                {"type": "scroll", "internalId": 10, "value": 300},
                {"type": "input", "internalId": 9, "textValue": "anna"},
                {"type": "input", "internalId": 11, "textValue": "label"},
                {"type": "scroll", "internalId": 4, "value": 3}
                """#)
        #expect(r.final[4]?.isSelected == true)
        #expect(r.final[10]?.value == 300)
        #expect(r.final[9]?.text == "anna" && r.final[11]?.text == "")
        #expect(r.events("ScrollChangedEvent").map { $0.field("scrollPos") } == [.int(300)])
        #expect(r.events("ValueEvent").map { $0.field("text") } == [.string("anna")])
        #expect(r.events("ValueEvent").map(\.internalId) == [9])
        #expect(r.diagnostics.map(\.code) == ["not-editable", "not-scrollable"])
    }

    @Test func actionBarButtonsSendCommandEventsAndMenuOpensTheDrawer() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_NAVIGATIONVIEW", "internalId": 1, "childInternalId": 20},
                {"type": "CREATE_ACTIONBAR", "internalId": 2, "childInternalId": 21, "textValue": "Inbox"},
                {"type": "tap", "internalId": 21, "textValue": "back"},
                {"type": "tap", "internalId": 21, "textValue": "compose"},
                {"type": "tap", "internalId": 21, "textValue": "save"},
                {"type": "tap", "internalId": 21, "textValue": "menu"}
                """#)
        let c = r.events("CommandEvent")
        #expect(c.map { $0.field("elementId") } == [.int(-2), .int(-3), .int(-4), .int(-1)])
        #expect(c.allSatisfy { $0.internalId == 21 })
        #expect(r.final[20]?.isVisible == true)
        #expect(r.events("VisibilityEvent").map(\.internalId) == [20])
        #expect(r.events("ValueEvent").isEmpty)
    }

    @Test func tappingATabSelectsItAlone() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_NAVIGATIONBAR", "internalId": 2, "childInternalId": 30},
                {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 31, "textValue": "Page 1"},
                {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 32, "textValue": "Page 2"},
                {"type": "SET_INT_VALUE", "internalId": 31, "value": 1},
                {"type": "tap", "internalId": 32}
                """#)
        #expect(r.final[31]?.isSelected == false && r.final[32]?.isSelected == true)
        #expect(r.events("ValueEvent").map { $0.field("value") } == [.int(1)])
    }

    @Test func lifecycleEventsGoToTheApplication() throws {
        let r = try replay(
            appViewLayout + #", {"type": "tick", "ms": 10}, {"type": "sys", "textValue": "PAUSE"}, {"type": "back"}"#)
        #expect(r.events.map(\.type) == ["SysInfoEvent", "SysInfoEvent", "SysInfoEvent", "SysEvent"])
        #expect(
            r.events.map { $0.field("sysType") } == [
                .string("START"), .string("RESUME"), .string("PAUSE"), .string("BACK"),
            ])
        #expect(r.events.map(\.time) == [0, 0, 10, 10])
        #expect(r.events.allSatisfy { $0.internalId == 1 })
    }

    @Test func sysEventStepsSendTheirClass() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "sys", "event": "SysEvent", "textValue": "SHOW_DEBUG"},
                {"type": "sys", "event": "SysEvent", "textValue": "BACK"},
                {"type": "sys", "textValue": "MEMORY_WARNING"}
                """#)
        #expect(r.events.dropFirst(2).map(\.type) == ["SysEvent", "SysEvent", "SysInfoEvent"])
        #expect(
            r.events.dropFirst(2).map { $0.field("sysType") } == [
                .string("SHOW_DEBUG"), .string("BACK"), .string("MEMORY_WARNING"),
            ])
        #expect(r.events.allSatisfy { $0.internalId == 1 })
    }
}

@Suite struct OnScreenTests {
    @Test func inputOnHiddenOrInactiveElementsIsFlagged() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 5},
                {"type": "CREATE_BUTTON", "internalId": 5, "childInternalId": 6},
                {"type": "CREATE_NAVIGATIONVIEW", "internalId": 1, "childInternalId": 7},
                {"type": "CREATE_BUTTON", "internalId": 7, "childInternalId": 8},
                {"type": "CREATE_ACTIONBAR", "internalId": 1, "childInternalId": 9},
                {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 10},
                {"type": "CREATE_BUTTON", "internalId": 10, "childInternalId": 11},
                {"type": "tap", "internalId": 4}, {"type": "tap", "internalId": 6}, {"type": "tap", "internalId": 8},
                {"type": "tap", "internalId": 11}, {"type": "tap", "internalId": 9, "textValue": "menu"},
                {"type": "tap", "internalId": 8},
                {"type": "SET_VISIBILITY", "internalId": 3, "value": 0},
                {"type": "tap", "internalId": 4}
                """#)
        #expect(r.diagnostics("not-on-screen").map(\.step) == [12, 13, 18])
        #expect(r.events("ValueEvent").map(\.internalId) == [4, 6, 8, 11, 8, 4])  // still applied
        #expect(r.final.isOnScreen(8) && !r.final.isOnScreen(6) && r.final.isOnScreen(9))
    }
}

import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

@Suite struct ViewSwitchTests {
    let twoViews = #"""
        {"type": "CREATE_APPLICATION", "childInternalId": 1},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 3}
        """#

    @Test func firstFrameViewIsActive() throws {
        #expect(try replay(twoViews).final.activeViewId == 2)
    }

    @Test func frameworkShowSequenceSwitchesOnceWithTwoVisibilityEvents() throws {
        let r = try replay(
            twoViews + #"""
                , {"type": "SET_VISIBILITY", "internalId": 3, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 3, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 3, "value": 1}
                """#)
        #expect(r.final.activeViewId == 3)
        let vis = r.events("VisibilityEvent")
        #expect(vis.map(\.internalId) == [2, 3])
        #expect(vis.map { $0.field("visible") } == [.bool(false), .bool(true)])
    }

    @Test func appLevelSwitchAlone() throws {
        let r = try replay(
            twoViews + #", {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 3, "value": 1}"#)
        #expect(r.final.activeViewId == 3)
        #expect(r.events("VisibilityEvent").count == 2)
    }

    @Test func switchToSomethingThatIsNotAViewIsRefused() throws {
        let r = try replay(
            twoViews + #"""
                , {"type": "CREATE_TEXT", "internalId": 2, "childInternalId": 4},
                {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 4, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 99, "value": 1}
                """#)
        #expect(r.final.activeViewId == 2)
        #expect(r.diagnostics.map(\.code) == ["not-a-view", "unknown-element"])
        #expect(r.events("VisibilityEvent").isEmpty)
    }

    @Test func appBarsGetAPortabilityNoteAtTheFirstSwitch() throws {
        let r = try replay(
            twoViews + #"""
                , {"type": "CREATE_ACTIONBAR", "internalId": 1, "childInternalId": 5, "textValue": "App"},
                {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 3, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 2, "value": 1}
                """#)
        #expect(r.diagnostics("portability").map(\.step) == [4])
    }
}

@Suite struct OverlayTests {
    @Test func overlaysInCreationOrderAndDrawerStartsClosed() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_NAVIGATIONVIEW", "internalId": 1, "childInternalId": 10},
                {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 11, "textValue": "Delete file?"},
                {"type": "CREATE_ACTION_SHEET", "internalId": 1, "childInternalId": 12, "textValue": "Share"},
                {"type": "ADD_OPTION", "internalId": 12, "value": 1, "textValue": "Copy link"},
                {"type": "ADD_OPTION", "internalId": 12, "value": 2, "textValue": "Send"}
                """#)
        #expect(r.final.overlayIds == [10, 11, 12])
        #expect(r.final[10]?.isVisible == false)
        #expect(r.final[11]?.isVisible == true && r.final[11]?.text == "Delete file?")
        #expect(r.final[12]?.options == [Option(id: 1, label: "Copy link"), Option(id: 2, label: "Send")])
    }

    @Test func drawerOpensAndClosesWithVisibilityEventsOnlyOnChange() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_NAVIGATIONVIEW", "internalId": 1, "childInternalId": 10},
                {"type": "SET_VISIBILITY", "internalId": 10, "value": 0},
                {"type": "SET_VISIBILITY", "internalId": 10, "value": 1},
                {"type": "snapshot", "name": "open"},
                {"type": "SET_VISIBILITY", "internalId": 10, "value": 0}
                """#)
        #expect(r.captures[0].tree[10]?.isVisible == true)
        #expect(r.final[10]?.isVisible == false)
        #expect(r.events("VisibilityEvent").map { $0.field("visible") } == [.bool(true), .bool(false)])
    }

    @Test func dialogHiddenByVisibilityOrClearAndGoneWhenRemoved() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 11},
                {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 12},
                {"type": "SET_VISIBILITY", "internalId": 11, "value": 0},
                {"type": "CLEAR", "internalId": 12},
                {"type": "snapshot", "name": "hidden"},
                {"type": "REMOVE_CHILD", "internalId": 1, "childInternalId": 11},
                {"type": "DELETE_ELEMENT", "internalId": 12}
                """#)
        #expect(r.captures[0].tree.overlayIds == [11, 12])
        #expect(r.captures[0].tree[11]?.isVisible == false && r.captures[0].tree[12]?.isVisible == false)
        #expect(r.final.overlayIds == [])
    }

    /// Item 41: the value is the framework's `showToast` duration, not milliseconds. Android and the
    /// preview: 1 is LENGTH_LONG (3500 ms), anything else the theme's short length; iOS: the theme's
    /// length whatever the value.
    @Test(arguments: [
        (PlatformProfile.neutral, 2000, [2000, 3500, 2000, 2000, 2000]),
        (PlatformProfile.android, 2000, [2000, 3500, 2000, 2000, 2000]),
        (PlatformProfile.ios, 1300, [1300, 1300, 1300, 1300, 1300]),
    ])
    func toastsLastAsThePlatformSays(platform: PlatformProfile, short: Int, lengths: [Int]) throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TOAST", "internalId": 2, "value": 0, "textValue": "zero"},
                {"type": "CREATE_TOAST", "internalId": 2, "value": 1, "textValue": "long"},
                {"type": "CREATE_TOAST", "internalId": 2, "value": 2, "textValue": "two"},
                {"type": "CREATE_TOAST", "internalId": 999, "value": 1500, "textValue": "ms"},
                {"type": "CREATE_TOAST", "internalId": 2, "value": -4, "textValue": "negative"},
                {"type": "tick", "ms": 1999},
                {"type": "snapshot", "name": "t1999"},
                {"type": "tick", "ms": 1},
                {"type": "snapshot", "name": "t2000"},
                {"type": "tick", "ms": 1500}
                """#, options: ReplayOptions(toastDuration: short, platform: platform))
        #expect(r.final.toasts.map(\.duration) == lengths)
        #expect(r.final.toasts.map(\.anchorId) == [2, 2, 2, 999, 2])
        let alive = { (t: Int) in lengths.enumerated().filter { t < $0.element }.count }
        #expect(r.captures[0].tree.liveToasts.count == alive(1999))
        #expect(r.captures[1].tree.liveToasts.map(\.text) == (platform == .ios ? [] : ["long"]))
        #expect(r.final.liveToasts.isEmpty)
        #expect(r.diagnostics.isEmpty)
    }
}

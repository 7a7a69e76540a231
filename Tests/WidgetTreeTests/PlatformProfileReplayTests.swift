import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

/// Replay under the iOS and Android profiles (framework-protocol.md 1, 1.1, 8): one test per
/// behavioural difference, against the neutral replay where that differs.
private func replay(_ steps: String, _ profile: PlatformProfile, clickValue: Int = 1) throws -> ReplayResult {
    try replay(steps, options: ReplayOptions(clickValue: clickValue, platform: profile))
}

private let timerSteps =
    appViewLayout + """
        , {"type": "CREATE_TIMER", "internalId": 3, "childInternalId": 9, "value": 250},
        {"type": "tick", "ms": 2000}
        """

@Test func androidFiresTimersEverySecond() throws {
    #expect(
        try replay(timerSteps, .neutral).events("TimerEvent").map(\.time) == [
            250, 500, 750, 1000, 1250, 1500, 1750, 2000,
        ])
    #expect(
        try replay(timerSteps, .ios).events("TimerEvent").map(\.time) == [250, 500, 750, 1000, 1250, 1500, 1750, 2000])
    let android = try replay(timerSteps, .android)
    #expect(android.events("TimerEvent").map(\.time) == [1000, 2000])
    #expect(android.diagnostics("portability").count == 1)
}

@Test func iosSendsTimerEventZeroToElementOne() throws {
    let neutral = try replay(timerSteps, .neutral).events("TimerEvent")
    #expect(neutral.first?.internalId == 3 && neutral.first?.field("timerId") == .int(9))
    let ios = try replay(timerSteps, .ios).events("TimerEvent")
    #expect(ios.allSatisfy { $0.internalId == 1 && $0.field("timerId") == .int(0) })
    let android = try replay(timerSteps, .android).events("TimerEvent")
    #expect(android.first?.internalId == 3 && android.first?.field("timerId") == .int(9))
}

@Test func clickValueFollowsTheOptions() throws {
    let steps =
        appViewLayout + """
            , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
            {"type": "tap", "internalId": 4}
            """
    #expect(
        try replay(steps, .ios, clickValue: PlatformProfile.ios.clickValue).events("ValueEvent").first?.field("value")
            == .int(1))
    #expect(
        try replay(steps, .android, clickValue: PlatformProfile.android.clickValue).events("ValueEvent").first?.field(
            "value") == .int(0))
}

@Test func linearLayoutDirectionPerPlatform() throws {
    func direction(_ value: Int, _ p: PlatformProfile) throws -> Int {
        let steps = """
            {"type": "CREATE_APPLICATION", "childInternalId": 1},
            {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
            {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": \(value)}
            """
        return try replay(steps, p).final[3]!.value
    }
    // Neutral keeps the value (layout: 2 horizontal, else vertical).
    #expect(try direction(0, .neutral) == 0)
    #expect(try direction(3, .neutral) == 3)
    // iOS: only 1 is vertical.
    #expect(try direction(0, .ios) == 2)
    #expect(try direction(3, .ios) == 2)
    #expect(try direction(1, .ios) == 1)
    // Android: only 2 is horizontal.
    #expect(try direction(0, .android) == 1)
    #expect(try direction(3, .android) == 1)
    #expect(try direction(2, .android) == 2)
}

@Test func unsupportedWidgetIsKeptHiddenWithOneDiagnostic() throws {
    let steps =
        appViewLayout + """
            , {"type": "CREATE_CHECKBOX", "internalId": 3, "childInternalId": 4, "textValue": "Agree"},
            {"type": "SET_VISIBILITY", "internalId": 4, "value": 1},
            {"type": "SET_STYLE", "internalId": 4, "textValue": "color", "textValue2": "#ff0000"}
            """
    let ios = try replay(steps, .ios)
    #expect(ios.final[4]?.isPlatformAbsent == true)
    #expect(ios.final[4]?.isVisible == false)
    #expect(ios.diagnostics("portability").filter { $0.message.contains("no checkbox") }.count == 1)
    #expect(ios.diagnostics("unknown-element").isEmpty)
    let android = try replay(steps, .android)
    #expect(android.final[4]?.isVisible == true && android.final[4]?.isPlatformAbsent == false)
    let searchBar = appViewLayout + #", {"type": "CREATE_SEARCHBAR", "internalId": 2, "childInternalId": 4}"#
    #expect(try replay(searchBar, .android).final[4]?.isVisible == false)
    #expect(try replay(searchBar, .ios).final[4]?.isVisible == true)
}

@Test func ignoredCommandsPerPlatform() throws {
    let steps =
        appViewLayout + """
            , {"type": "CREATE_PROGRESS_SPINNER", "internalId": 3, "childInternalId": 4},
            {"type": "STOP", "internalId": 4},
            {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 5},
            {"type": "SET_ERROR", "internalId": 5, "value": 1, "textValue": "Bad"},
            {"type": "SET_ERROR", "internalId": 5, "value": 1, "textValue": "Bad"}
            """
    let neutral = try replay(steps, .neutral)
    #expect(neutral.final[4]?.isStopped == true && neutral.final[5]?.errorText == "Bad")
    let android = try replay(steps, .android)  // STOP ignored: the spinner keeps turning
    #expect(android.final[4]?.isStopped == false && android.final[5]?.errorText == "Bad")
    let ios = try replay(steps, .ios)  // SET_ERROR ignored, one warning for both
    #expect(ios.final[4]?.isStopped == true && ios.final[5]?.errorText == nil)
    #expect(ios.diagnostics("portability").filter { $0.message.contains("SET_ERROR") }.count == 1)
}

private let barsAndTwoViews = """
    {"type": "CREATE_APPLICATION", "childInternalId": 1},
    {"type": "CREATE_ACTIONBAR", "internalId": 1, "childInternalId": 5, "textValue": "Title"},
    {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
    {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 3},
    {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 3, "value": 1},
    {"type": "SET_TEXT_VALUE", "internalId": 5, "textValue": "Later"}
    """

@Test func appBarsDroppedAtViewSwitchOnIOS() throws {
    let ios = try replay(barsAndTwoViews, .ios)
    #expect(ios.final[5]?.parent == nil)  // off the screen
    #expect(ios.final[5]?.text == "Later")  // but still known: no error later
    #expect(ios.diagnostics("unknown-element").isEmpty)
    #expect(try replay(barsAndTwoViews, .android).final[5]?.parent == 1)
    #expect(try replay(barsAndTwoViews, .neutral).final[5]?.parent == 1)
}

@Test func selectedStyleNotStoredOnIOS() throws {
    let steps =
        appViewLayout + """
            , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
            {"type": "SET_STYLE", "internalId": 4, "value": 3, "textValue": "background-color", "textValue2": \
            "#ff0000"},
            {"type": "SET_STYLE", "internalId": 4, "value": 1, "textValue": "padding", "textValue2": "4"},
            {"type": "SET_STYLE", "internalId": 4, "value": 1, "textValue": "color", "textValue2": "#0000ff"},
            {"type": "SET_STYLE", "internalId": 4, "value": 1, "textValue": "background-color", "textValue2": "#00ff00"}
            """
    let ios = try replay(steps, .ios).final[4]!
    #expect(ios.styles[.selected] == nil)
    #expect(ios.styles[.active]?.padding.top == nil)  // NORMAL-only key
    #expect(ios.styles[.active]?.color == nil)  // a text key: NORMAL only
    #expect(ios.styles[.active]?.background == .color(Color(rgb: 0x00ff00)))  // per-state key
    let android = try replay(steps, .android).final[4]!
    #expect(android.styles[.selected]?.background == .color(Color(rgb: 0xff0000)))
    #expect(android.styles[.active]?.padding.top == 4)
}

@Test func badColourDropsTheKeyOnAndroid() throws {
    let steps =
        appViewLayout + """
            , {"type": "SET_STYLE", "internalId": 3, "textValue": "background-color", "textValue2": "#00f"}
            """
    #expect(try replay(steps, .neutral).final[3]?.styles[.normal]?.background == .color(Color(rgb: 0x0000ff)))
    let android = try replay(steps, .android)
    #expect(android.final[3]?.styles[.normal]?.background == nil)
    #expect(android.diagnostics("bad-style").count == 1)
    #expect(try replay(steps, .ios).final[3]?.styles[.normal]?.background == .color(Color(rgb: 0x00000f)))
}

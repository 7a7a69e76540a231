import SessionFormat
import Testing

@testable import Portability

/// Differences in commands and input: widgets, ignored commands, view switches, timers, clicks,
/// directions, visibility and markdown.
@Suite struct CommandFindingTests {
    @Test func widgetsOneBackendDoesNotHave() {
        let f = P.findings([
            P.create(.CREATE_CHECKBOX, 4, in: 3, text: "Agree"), P.create(.CREATE_SEARCHBAR, 5, in: 2),
            P.create(.CREATE_TEXT, 6, in: 4),
        ])
        #expect(f.map(\.kind) == [.unsupportedWidget, .unsupportedWidget])
        #expect(f.map(\.step) == [3, 4] && f.map(\.elementId) == [4, 5])
        #expect(f[0].message.hasPrefix("iOS has no checkbox") && f[1].message.hasPrefix("Android has no searchBar"))
    }

    @Test func commandsOneBackendIgnores() {
        let f = P.findings([
            P.create(.CREATE_PROGRESS_SPINNER, 4, in: 3), P.cmd(.STOP, 4),
            P.create(.CREATE_TEXTFIELD, 5, in: 3), P.cmd(.SET_ERROR, 5, value: 1, text: "Arvo ei kelpaa!"),
        ])
        #expect(f.map(\.kind) == [.ignoredCommand, .ignoredCommand])
        #expect(f.map(\.step) == [4, 6] && f.map(\.elementId) == [4, 5])
        #expect(f[0].message == "Android ignores STOP; iOS applies it")
        #expect(f[1].message == "iOS ignores SET_ERROR; Android applies it")
    }

    @Test func applicationBarsAreDroppedAtAViewSwitchOnIOS() {
        let bar: [StepKind] = [
            P.create(.CREATE_ACTIONBAR, 4, in: 1, text: "Title"), P.create(.CREATE_FRAMEVIEW, 5, in: 1),
        ]
        // No switch (or a switch to the view already active): nothing to report.
        #expect(P.of(.appBarDropped, bar).isEmpty)
        #expect(P.of(.appBarDropped, bar + [P.cmd(.SET_INT_VALUE, 1, child: 2, value: 1)]).isEmpty)
        let f = P.of(
            .appBarDropped,
            bar + [
                P.cmd(.SET_VISIBILITY, 5, value: 1), P.cmd(.SET_INT_VALUE, 5, value: 1),
                P.cmd(.SET_INT_VALUE, 1, child: 5, value: 1), P.cmd(.SET_INT_VALUE, 1, child: 2, value: 1),
            ])
        #expect(f.count == 1 && f[0].step == 6 && f[0].elementId == 4 && f[0].elementKind == .actionBar)
        #expect(f[0].message.contains("iOS removes the application's actionBar 4"))
    }

    @Test func timerIntervalAndTarget() {
        let f = P.findings([P.create(.CREATE_TEXT, 4, in: 3), P.cmd(.CREATE_TIMER, 4, child: 5, value: 250)])
        #expect(f.map(\.kind) == [.timerInterval, .timerTarget])
        #expect(f.allSatisfy { $0.step == 4 && $0.elementId == 4 })
        #expect(f[0].message == "iOS fires every 250 ms, Android every 1000 ms (the interval is ignored there)")
        #expect(f[1].message == "iOS sends TimerEvent(0) to 1, Android TimerEvent(5) to 4")
        // A 1000 ms timer fires alike; only the event differs.
        #expect(P.findings([P.cmd(.CREATE_TIMER, 1, child: 6, value: 1000)]).map(\.kind) == [.timerTarget])
    }

    @Test func clickValuesGoToTheButtonOrEventLayout() {
        let f = P.findings([
            P.create(.CREATE_EVENT_LAYOUT, 4, in: 3), P.create(.CREATE_TEXT, 5, in: 4, text: "Row"),
            .input(.tap, internalId: 5, value: 0, text: ""),
            P.create(.CREATE_SWITCH, 6, in: 3), .input(.tap, internalId: 6, value: 0, text: ""),
        ])
        #expect(
            f.count == 1 && f[0].kind == .clickValue && f[0].step == 5 && f[0].elementId == 4
                && f[0].elementKind == .eventLayout)
        #expect(
            f[0].message
                == "click on eventLayout 4 (tap on 5 inside it): iOS sends ValueEvent(1), Android ValueEvent(0)")
    }

    @Test func navigationBarTapsTurnPagesOnIOSOnly() {
        let bar: [StepKind] = [
            P.create(.CREATE_NAVIGATIONBAR, 10, in: 2),
            P.create(.CREATE_NAVIGATIONBAR_ITEM, 11, in: 10, text: "A"),
            P.create(.CREATE_NAVIGATIONBAR_ITEM, 12, in: 10, text: "B"),
        ]
        // Without a flipper or pager only the item's value differs.
        let plain = P.findings(bar + [.input(.tap, internalId: 12, value: 0, text: "")])
        #expect(plain.count == 1 && plain[0].kind == .navigationTap && plain[0].step == 6 && plain[0].elementId == 12)
        #expect(
            plain[0].message
                == """
                tap on navigationBarItem 12 (item 1): iOS sends ValueEvent(1) to the item (no flipper or pager to \
                turn); Android's item is a button: ValueEvent(0)
                """
        )
        // The first paging layout created is the one iOS turns; a later pager is not.
        let pages = P.findings(
            [P.create(.CREATE_FLIPPER_LAYOUT, 7, in: 3), P.create(.CREATE_PAGER, 8, in: 3)] + bar
                + [.input(.tap, internalId: 12, value: 0, text: ""), .input(.tap, internalId: 11, value: 0, text: "")])
        #expect(pages.map(\.kind) == [.navigationTap, .navigationTap] && pages.map(\.elementId) == [12, 11])
        #expect(
            pages[0].message
                == """
                tap on navigationBarItem 12 (item 1): iOS shows page 1 of flipperLayout 7 and sends it \
                ValueEvent(1) and a visibility event, then ValueEvent(1) to the item; Android's item is a button: \
                ValueEvent(0) only, the page stays
                """
        )
        #expect(pages[1].message.contains("shows page 0 of flipperLayout 7"))
        #expect(!pages.contains { $0.kind == .clickValue })  // reported once, as a navigation tap
    }

    @Test func linearLayoutDirectionsOtherThanOneAndTwo() {
        let f = P.findings([
            P.create(.CREATE_LINEAR_LAYOUT, 4, in: 3, value: 0), P.create(.CREATE_LINEAR_LAYOUT, 5, in: 3, value: 2),
        ])
        #expect(f.count == 1 && f[0].kind == .direction && f[0].step == 3 && f[0].elementId == 4)
        #expect(f[0].message == "direction value 0: iOS lays it out horizontal, Android vertical")
    }

    @Test func matchParentFollowsEachBackendsDirection() {
        // Direction 0: horizontal on iOS (width is the main axis: wrap), vertical on Android (width stretches).
        let f = P.of(
            .mainAxisMatchParent,
            [
                P.create(.CREATE_LINEAR_LAYOUT, 4, in: 3, value: 0), P.create(.CREATE_TEXT, 5, in: 4),
                P.style(5, "width", "match-parent"),
            ])
        #expect(f.count == 1 && f[0].step == 5 && f[0].elementId == 5)
        #expect(
            f[0].message.contains(
                """
                iOS wraps its content (main axis of the horizontal layout); Android stretches across the vertical \
                layout
                """
            ))
    }

    @Test func hiddenWidgetsKeepTheirSpaceOnAndroid() {
        let f = P.findings([
            P.create(.CREATE_BUTTON, 4, in: 3), P.create(.CREATE_LINEAR_LAYOUT, 5, in: 3, value: 1),
            P.cmd(.SET_VISIBILITY, 4, value: 0), P.cmd(.SET_VISIBILITY, 5, value: 0),
            P.cmd(.SET_VISIBILITY, 4, value: 1),
        ])
        #expect(f.count == 1 && f[0].kind == .hiddenKeepsSpace && f[0].step == 5 && f[0].elementId == 4)
        #expect(f[0].message.hasPrefix("Android hides the button but keeps its space (INVISIBLE); iOS collapses it"))
    }

    @Test func textFieldFlagsOnlyOnAndroid() {
        let pw = StepKind.command(Command(type: .CREATE_TEXTFIELD, internalId: 3, childInternalId: 4, flags: 16))
        let f = P.findings([pw, P.create(.CREATE_TEXTFIELD, 5, in: 3)])
        #expect(
            f.count == 1 && f[0].kind == .textFieldFlags && f[0].step == 3 && f[0].elementId == 4
                && f[0].elementKind == .textField)
        #expect(
            f[0].message
                == "Android masks the text (flag 16, password); iOS ignores the flags and shows the password as typed")
    }

    @Test func visibilityOfAPagerIsIgnoredOnAndroid() {
        let f = P.findings([P.create(.CREATE_PAGER, 4, in: 3), P.cmd(.SET_VISIBILITY, 4, value: 0)])
        #expect(f.count == 1 && f[0].kind == .visibilityIgnored && f[0].step == 4 && f[0].elementId == 4)
        #expect(f[0].message == "Android ignores SET_VISIBILITY on a pager; iOS hides it")
    }

    @Test func toastDurations() {
        let f = P.findings([
            P.cmd(.CREATE_TOAST, 3, value: 0, text: "Saved"), P.cmd(.CREATE_TOAST, 3, value: 1, text: "Long"),
        ])
        #expect(f.count == 2 && f.allSatisfy { $0.kind == .toastDuration && $0.elementId == 3 })
        #expect(f.map(\.step) == [3, 4])
        #expect(f[0].message == "toast \"Saved\" with value 0: iOS shows it for 1300 ms, Android for 2000 ms")
        #expect(f[1].message == "toast \"Long\" with value 1: iOS shows it for 1300 ms, Android for 3500 ms")
    }

    @Test func markdownHeadingsOnlyOnIOS() {
        let f = P.findings([
            P.create(.CREATE_TEXT, 4, in: 3, value: 2, text: "# Title\nbody"),
            P.create(.CREATE_TEXT, 5, in: 3, value: 2, text: "no heading"),
        ])
        #expect(f.count == 1 && f[0].kind == .markdown && f[0].step == 3 && f[0].elementId == 4)
    }

    @Test func orderIsStepThenKindAndTheTextIsStable() {
        let s = P.session([
            P.create(.CREATE_TEXT, 4, in: 3), P.cmd(.CREATE_TIMER, 4, child: 5, value: 250),
            P.style(4, "padding", "1 2"), P.style(4, "color", "#abc"),
        ])
        let r = PortabilityReport.make(s)
        #expect(r.findings.map(\.kind) == [.timerInterval, .timerTarget, .shorthandList, .iosColour, .androidColour])
        #expect(
            r.summary
                == """
                summary: 5 findings: shorthand-list 1, ios-colour 1, android-colour 1, timer-interval 1, \
                timer-target 1
                """
        )
        let lines = r.text.split(separator: "\n")
        #expect(
            lines[3]
                == """
                step 5 (SET_STYLE 4 padding \"1 2\"): shorthand-list: iOS reads 1 on every side; Android 1 2 2 2 \
                (top right bottom left)
                """
        )
        #expect(r.text == PortabilityReport.make(s).text && r.json == PortabilityReport.make(s).json)
        #expect(
            r.json.contains(
                """
                \"kind\": \"shorthand-list\", \"command\": \"SET_STYLE 4 padding \\\"1 2\\\"\", \"elementId\": 4, \
                \"elementKind\": \"text\"
                """
            ))
    }
}

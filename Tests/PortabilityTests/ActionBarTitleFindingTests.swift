import SessionFormat
import Testing

@testable import Portability

/// An action bar's title and subtitle show on iOS only: Android's FWActionBar is created without
/// them and ignores SET_TEXT_VALUE (framework `NativeCommand.java`, `FWActionBar.java`).
@Suite struct ActionBarTitleFindingTests {
    @Test func titleAndSubtitleAtCreationAndBySetTextValue() {
        let f = P.of(
            .actionBarTitle,
            [
                P.cmd(.CREATE_ACTIONBAR, 1, child: 4, text: "Activity", text2: "This week"),
                P.cmd(.SET_TEXT_VALUE, 4, text: "Later"), P.cmd(.SET_TEXT_VALUE, 4, text: "", text2: "Sub only"),
            ])
        #expect(f.map(\.step) == [3, 4, 5] && f.allSatisfy { $0.elementId == 4 && $0.elementKind == .actionBar })
        #expect(f.map(\.value) == ["Activity", "Later", ""])
        #expect(
            f[0].message
                == """
                iOS shows the action bar's title "Activity" and subtitle "This week"; Android's bar shows no title \
                (empty)
                """)
        #expect(f[2].message.hasPrefix("iOS shows the action bar's subtitle \"Sub only\";"))
        #expect(f[0].command == "CREATE_ACTIONBAR 4 in 1" && f[1].command == "SET_TEXT_VALUE 4 \"Later\"")
    }

    @Test func noTitleOrAnotherKindIsNoFinding() {
        #expect(
            P.of(
                .actionBarTitle,
                [
                    P.create(.CREATE_ACTIONBAR, 4, in: 1), P.cmd(.SET_TEXT_VALUE, 4, text: ""),
                    P.create(.CREATE_TEXT, 5, in: 3, text: "Label"), P.cmd(.SET_TEXT_VALUE, 5, text: "New"),
                    P.cmd(.SET_TEXT_VALUE, 99, text: "Unknown element"),
                    P.cmd(.CREATE_ACTIONBAR, 77, child: 6, text: "In no parent"),
                ]
            ).isEmpty)
    }

    @Test func aBarDroppedAtAnIOSViewSwitchIsOnNoScreenThere() {
        let f = P.findings([
            P.cmd(.CREATE_ACTIONBAR, 1, child: 4, text: "Before"), P.create(.CREATE_FRAMEVIEW, 5, in: 1),
            P.cmd(.SET_INT_VALUE, 1, child: 5, value: 1), P.cmd(.SET_TEXT_VALUE, 4, text: "After"),
        ])
        #expect(f.map(\.kind) == [.actionBarTitle, .appBarDropped])
    }

    @Test func theSampleSessionsWithATitledBarSayIt() throws {
        let r = PortabilityReport.make(try ExampleReportTests.load("canvas-surface"))
        #expect(r.findings.map(\.kind) == [.actionBarTitle])
        #expect(r.findings.first?.step == 3 && r.findings.first?.elementId == 3)
        #expect(r.summary == "summary: 1 finding: action-bar-title 1")
        let front = PortabilityReport.make(try ExampleReportTests.load("example1-front-view"))
        #expect(front.findings.contains { $0.kind == .actionBarTitle && $0.command.hasPrefix("SET_TEXT_VALUE 3") })
    }
}

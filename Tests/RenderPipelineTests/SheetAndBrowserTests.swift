import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// Action sheets are answered (semantics.md item 40) and the in-app browser opens and closes
/// (item 42), through the engine's one touch rule, in each look.
@Suite struct SheetAndBrowserTests {
    /// The hit-test scene with action sheet 30 "Share" (options 7 "Copy link", 9 "Email") open.
    static func sheetScene(theme: String = "default") throws -> HeadlessBackend {
        let b = try HitTestTests.scene(theme: theme)
        b.send(Command(type: .CREATE_ACTION_SHEET, internalId: 1, childInternalId: 30, textValue: "Share"))
        b.send(Command(type: .ADD_OPTION, internalId: 30, value: 7, textValue: "Copy link"))
        b.send(Command(type: .ADD_OPTION, internalId: 30, value: 9, textValue: "Email"))
        _ = b.pollEvents()
        return b
    }

    /// The ValueEvents since the last poll, as (target, value).
    static func answers(_ b: HeadlessBackend) -> [(Int, Int)] {
        b.pollEvents().filter { $0.type == "ValueEvent" }.map {
            guard case .int(let v)? = $0.field("value") else { return ($0.internalId, Int.min) }
            return ($0.internalId, v)
        }
    }

    static func rows(_ b: HeadlessBackend) throws -> [HitMap.Row] { try #require(b.hitMap().entry(30)).rows }

    @Test(arguments: ["default", "ios", "android"])
    func theHitMapListsTheOptionRowsThenCancelButNotTheTitle(theme: String) throws {
        let b = try Self.sheetScene(theme: theme)
        let sheet = try #require(b.hitMap().entry(30))
        #expect(sheet.rows.map(\.label) == ["Copy link", "Email", "Cancel"])
        // Stacked from the top of the panel down to its bottom safe area, below the title row.
        let rows = sheet.rows.map(\.frame)
        #expect(rows[0].minY > sheet.frame.minY && rows[2].maxY <= sheet.frame.maxY)
        #expect(rows[0].maxY == rows[1].minY && rows[1].maxY == rows[2].minY)
    }

    @Test func aTapOnAnOptionRowAtAPointAnswersWithItsIdAndCloses() throws {
        let b = try Self.sheetScene()
        let email = try Self.rows(b)[1].frame
        b.tap(at: Point(x: email.midX, y: email.midY))
        #expect(b.lastInput == InputOutcome(delivered: true, element: 30))
        #expect(Self.answers(b).map { [$0.0, $0.1] } == [[30, 9]])
        #expect(b.tree[30]?.isVisible == false)
        #expect(b.hitMap().entry(30) == nil)
        b.tap(4)  // the view is reachable again
        #expect(Self.answers(b).map(\.0) == [4])
    }

    @Test func theCancelRowAnswersZero() throws {
        let b = try Self.sheetScene()
        let cancel = try Self.rows(b)[2].frame
        b.tap(at: Point(x: cancel.midX, y: cancel.midY))
        #expect(Self.answers(b).map { [$0.0, $0.1] } == [[30, 0]])
        #expect(b.tree[30]?.isVisible == false)
    }

    @Test func aTargetWithTheOptionsTextAnswersIt() throws {
        let b = try Self.sheetScene()
        b.tap(Locator(text: "Copy link"))
        #expect(b.lastInput == InputOutcome(delivered: true, element: 30))
        #expect(Self.answers(b).map { [$0.0, $0.1] } == [[30, 7]])
    }

    @Test func aTargetMatchingSeveralRowsIsRefusedWithTheRows() throws {
        let b = try Self.sheetScene()
        b.send(Command(type: .ADD_OPTION, internalId: 30, value: 11, textValue: "Email later"))
        b.tap(Locator(textContains: "Email"))
        #expect(b.lastInput?.delivered == false)
        #expect(
            b.lastInput?.message
                == """
                tap: {"textContains":"Email"} matches 2 rows of actionSheet 30: row 1 "Email"; row 2 "Email later"; \
                give the tap's `row` instead; skipped
                """)
        #expect(b.tree[30]?.isVisible == true)
    }

    @Test func aTapStepsRowNamesTheRowAndIsWrittenBack() throws {
        let b = try Self.sheetScene()
        let (step, warnings) = try InputStepDecoder.decode(#"{"type": "tap", "internalId": 30, "row": 2}"#)
        #expect(warnings.isEmpty)
        b.apply(input: step)
        #expect(Self.answers(b).map { [$0.0, $0.1] } == [[30, 0]])  // row 2 = Cancel after two options
        let written = String(decoding: SessionWriter.step(step.kind), as: UTF8.self)
        #expect(written == #"{"type":"tap","internalId":30,"row":2}"#)
    }

    @Test func aRowPastCancelIsNotDelivered() throws {
        let b = try Self.sheetScene()
        b.apply(input: try InputStepDecoder.decode(#"{"type": "tap", "internalId": 30, "row": 3}"#).0)
        #expect(Self.answers(b).isEmpty)
        #expect(
            b.diagnostics.last?.message
                == "tap on actionSheet 30 row 3: the sheet has rows 0 ... 2 (2 option(s), then Cancel); not delivered")
        #expect(b.diagnostics.last?.severity == .error)
        #expect(b.tree[30]?.isVisible == true)
    }

    @Test func aTapOnTheSheetWithoutARowSendsNothing() throws {
        let b = try Self.sheetScene()
        b.tap(30)
        #expect(Self.answers(b).isEmpty)
        #expect(b.diagnostics.last?.code == "no-click")
        #expect(b.tree[30]?.isVisible == true)
    }

    @Test func theRowKeyIsATapsOnly() throws {
        #expect(throws: InputStepDecoder.Failure.self) {
            try InputStepDecoder.decode(#"{"type": "press", "internalId": 30, "row": 1}"#)
        }
        #expect(throws: InputStepDecoder.Failure.self) {
            try InputStepDecoder.decode(#"{"type": "tap", "internalId": 30, "row": -1}"#)
        }
    }

    /// iOS calls the Cancel action for a touch outside the sheet; Android's PopupMenu is dismissed
    /// and FWActionSheet's OnDismissListener sends 0: every look cancels, and nothing below is hit.
    @Test(arguments: ["default", "ios", "android"])
    func aTouchOnTheDimmingLayerCancels(theme: String) throws {
        let b = try Self.sheetScene(theme: theme)
        let save = try HitTestTests.center(b, 4)
        b.tap(at: save)
        #expect(b.lastInput == InputOutcome(delivered: true, element: nil))
        #expect(Self.answers(b).map { [$0.0, $0.1] } == [[30, 0]])
        #expect(b.tree[30]?.isVisible == false)
    }

    @Test func selectOnASheetIsRefusedWithHowToAnswerIt() throws {
        let b = try Self.sheetScene()
        b.select(30)
        #expect(b.lastInput?.delivered == false)
        #expect(
            b.lastInput?.message
                == """
                select on actionSheet 30: an action sheet has no selected state; answer it with a tap on a row \
                (`row`, a target with the option's text, or a point); not delivered
                """)
        #expect(b.tree[30]?.isSelected == false)
        #expect(Self.answers(b).isEmpty)
    }

    @Test func backCancelsAnOpenSheetInsteadOfReachingTheApp() throws {
        let b = try Self.sheetScene()
        b.back()
        let events = b.pollEvents()
        #expect(events.map(\.type) == ["ValueEvent"])
        #expect(events.first?.internalId == 30 && events.first?.field("value") == .int(0))
        b.back()
        #expect(b.pollEvents().map(\.type) == ["SysEvent"])
    }

    // MARK: - The in-app browser

    static func browserScene(theme: String) throws -> HeadlessBackend {
        let b = try HitTestTests.scene(theme: theme)
        b.send(Command(type: .LAUNCH_BROWSER, internalId: 4, textValue: "https://example.com/terms"))
        return b
    }

    static func lifecycle(_ events: [AppEvent]) -> [String] {
        events.filter { $0.type == "SysInfoEvent" }.compactMap {
            guard case .string(let s)? = $0.field("sysType") else { return nil }
            return s
        }
    }

    /// Android starts an activity (the app is paused and stopped, then started and resumed when
    /// it is closed); iOS and the preview show a view over the app, which hears nothing.
    @Test(arguments: [
        ("default", [String](), [String]()), ("ios", [], []), ("android", ["PAUSE", "STOP"], ["START", "RESUME"]),
    ])
    func openingAndClosingTellTheAppWhatThePlatformDoes(theme: String, open: [String], close: [String]) throws {
        let b = try Self.browserScene(theme: theme)
        #expect(Self.lifecycle(b.pollEvents()) == open)
        #expect(b.tree.browsers.map(\.url) == ["https://example.com/terms"])
        #expect(b.diagnostics.last?.severity == .info && b.diagnostics.last?.code == "web-content")
        // Everything under the page is out of reach.
        b.tap(4)
        #expect(
            b.lastInput?.message?.hasSuffix(
                "is under the in-app browser (close it first: a tap on its close control or `back`); not delivered")
                == true)
        let closeArea = try #require(b.hitMap().browser).close
        b.tap(at: Point(x: closeArea.midX, y: closeArea.midY))
        #expect(b.lastInput == InputOutcome(delivered: true, element: nil))
        #expect(b.tree.browsers.isEmpty)
        let events = b.pollEvents()
        #expect(Self.lifecycle(events) == close)
        #expect(!events.contains { $0.type == "SysEvent" })
        b.tap(4)
        #expect(b.lastInput?.delivered == true)
    }

    @Test(arguments: ["default", "ios", "android"])
    func backClosesTheBrowserAndTheAppHearsNoBack(theme: String) throws {
        let b = try Self.browserScene(theme: theme)
        _ = b.pollEvents()
        b.back()
        #expect(b.tree.browsers.isEmpty)
        #expect(!b.pollEvents().contains { $0.type == "SysEvent" })
    }

    @Test func aTouchOnThePageIsAWarningAndKeepsItOpen() throws {
        let b = try Self.browserScene(theme: "default")
        b.tap(at: Point(x: 180, y: 400))
        #expect(b.lastInput?.delivered == false)
        #expect(b.diagnostics.last?.severity == .warning)
        #expect(b.tree.browsers.count == 1)
    }
}

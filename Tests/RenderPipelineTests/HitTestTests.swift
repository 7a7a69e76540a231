import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// Where touches land (semantics.md item 39) through the engine's one rule: dialogs, sheets and
/// drawers over the view, scrolled-out and hidden elements, pages not shown, taps by id and by point.
@Suite struct HitTestTests {
    static let device = Device(width: 360, height: 640, scale: 2, statusBar: 24)

    /// App 1, view 2, a vertical layout 3 with button 4 "Save", an event layout 5 holding text 6
    /// "Row", a 200 dp scroll layout 7 whose content 8 holds a 100 dp spacer 9 and button 10 "Far"
    /// 300 dp down, a hidden layout 11 with text 12, and a pager 13 with pages 14 (button 15 "A")
    /// and 16 (button 17 "B").
    static func scene(theme: String = "default") throws -> HeadlessBackend {
        let b = try HeadlessBackend(device: device, renderer: PipelineHarness.renderer(theme: theme))
        func style(_ id: Int, _ k: String, _ v: String) {
            b.send(Command(type: .SET_STYLE, internalId: id, textValue: k, textValue2: v, selector: .normal))
        }
        b.beginBatch()
        b.send(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "hit"))
        b.send(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2))
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1))
        b.send(Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 4, textValue: "Save"))
        b.send(Command(type: .CREATE_EVENT_LAYOUT, internalId: 3, childInternalId: 5))
        b.send(Command(type: .CREATE_TEXT, internalId: 5, childInternalId: 6, textValue: "Row"))
        b.send(Command(type: .CREATE_SCROLL_LAYOUT, internalId: 3, childInternalId: 7))
        style(7, "height", "200")
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 7, childInternalId: 8, value: 1))
        b.send(Command(type: .CREATE_TEXT, internalId: 8, childInternalId: 9, textValue: "spacer"))
        style(9, "height", "300")
        b.send(Command(type: .CREATE_BUTTON, internalId: 8, childInternalId: 10, textValue: "Far"))
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 3, childInternalId: 11, value: 1))
        b.send(Command(type: .CREATE_TEXT, internalId: 11, childInternalId: 12, textValue: "Secret"))
        b.send(Command(type: .SET_VISIBILITY, internalId: 11, value: 0))
        b.send(Command(type: .CREATE_PAGER, internalId: 3, childInternalId: 13))
        style(13, "height", "60")
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 13, childInternalId: 14, value: 1))
        b.send(Command(type: .CREATE_BUTTON, internalId: 14, childInternalId: 15, textValue: "A"))
        b.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 13, childInternalId: 16, value: 1))
        b.send(Command(type: .CREATE_BUTTON, internalId: 16, childInternalId: 17, textValue: "B"))
        b.commitBatch()
        _ = b.pollEvents()
        return b
    }

    static func center(_ b: HeadlessBackend, _ id: Int) throws -> Point {
        let f = try #require(b.hitMap().entry(id)).frame
        return Point(x: f.midX, y: f.midY)
    }

    static func clicks(_ b: HeadlessBackend) -> [Int] {
        b.pollEvents().filter { $0.type == "ValueEvent" }.map(\.internalId)
    }

    @Test func aTapByIdOrPointReachesAnUncoveredButton() throws {
        let b = try Self.scene()
        b.tap(4)
        #expect(b.lastInput == InputOutcome(delivered: true, element: 4))
        #expect(Self.clicks(b) == [4])
        b.tap(at: try Self.center(b, 4))
        #expect(Self.clicks(b) == [4])
        #expect(b.element(at: try Self.center(b, 4)) == 4)
    }

    @Test func aLabelInAnEventLayoutDeliversToTheLayout() throws {
        let b = try Self.scene()
        let p = try Self.center(b, 6)
        #expect(b.element(at: p) == 6)
        b.tap(at: p)
        #expect(b.lastInput?.element == 5)
        #expect(Self.clicks(b) == [5])
    }

    @Test func aModalDialogTakesEveryTouchOutsideItsPanel() throws {
        let b = try Self.scene()
        let save = try Self.center(b, 4)
        b.send(Command(type: .CREATE_DIALOG, internalId: 1, childInternalId: 20, textValue: "Delete file?"))
        b.send(Command(type: .CREATE_BUTTON, internalId: 20, childInternalId: 21, textValue: "Delete"))
        _ = b.pollEvents()
        b.tap(4)
        #expect(b.lastInput?.delivered == false)
        #expect(b.lastInput?.message == "tap on button 4: button 4 is under dialog 20; not delivered")
        #expect(b.diagnostics.last?.severity == .error)
        #expect(Self.clicks(b) == [])
        #expect(b.element(at: save) == nil)
        #expect(b.hitMap().touch(at: save) == .blocked(by: 20))
        b.tap(at: save)
        #expect(b.lastInput?.delivered == false)
        #expect(b.lastInput?.message?.contains("outside dialog 20's panel") == true)
        b.tap(at: try Self.center(b, 21))
        #expect(Self.clicks(b) == [21])
        b.tap(21)
        #expect(Self.clicks(b) == [21])
    }

    @Test func anActionSheetTakesTouchesOutsideItsPanel() throws {
        let b = try Self.scene()
        b.send(Command(type: .CREATE_ACTION_SHEET, internalId: 1, childInternalId: 30, textValue: "Choose"))
        _ = b.pollEvents()
        b.tap(4)
        #expect(b.lastInput?.message == "tap on button 4: button 4 is under actionSheet 30; not delivered")
        #expect(Self.clicks(b) == [])
    }

    @Test func anOpenDrawersScrimClosesItAndCoversTheView() throws {
        let b = try Self.scene()
        b.send(Command(type: .CREATE_NAVIGATIONVIEW, internalId: 1, childInternalId: 40))
        b.send(Command(type: .CREATE_BUTTON, internalId: 40, childInternalId: 41, textValue: "Inbox"))
        b.send(Command(type: .SET_VISIBILITY, internalId: 40, value: 1))
        _ = b.pollEvents()
        b.tap(4)
        #expect(b.lastInput?.message == "tap on button 4: button 4 is under navigationView 40; not delivered")
        b.tap(41)
        #expect(Self.clicks(b) == [41])
        // Right of the drawer (screen width - 75 wide): the scrim.
        b.tap(at: Point(x: 350, y: 400))
        #expect(b.tree[40]?.isVisible == false)
        let events = b.pollEvents()
        #expect(events.map(\.type) == ["ValueEvent", "VisibilityEvent"])
        #expect(events.first?.internalId == 40 && events.first?.field("value") == .int(0))
        #expect(events.last?.internalId == 40 && events.last?.field("visible") == .bool(false))
        b.tap(4)
        #expect(Self.clicks(b) == [4])
    }

    @Test func scrolledOutContentIsUnreachableUntilScrolledIn() throws {
        let b = try Self.scene()
        b.tap(10)
        #expect(b.lastInput?.message == "tap on button 10: button 10 is scrolled out of scrollLayout 7; not delivered")
        b.scroll(at: try Self.center(b, 9), to: 250)
        #expect(b.lastInput == InputOutcome(delivered: true, element: 7))
        _ = b.pollEvents()
        b.tap(10)
        #expect(Self.clicks(b) == [10])
        // The spacer's part scrolled out above the scroll layout takes no touch either.
        let visible = try #require(b.hitMap().entry(9)?.visible)
        #expect(visible.minY == (try #require(b.hitMap().entry(7)?.frame)).minY)
    }

    @Test func hiddenViewsAndPagesNotShownTakeNoTouch() throws {
        let b = try Self.scene()
        b.tap(12)
        #expect(b.lastInput?.message == "tap on text 12: text 12 is in hidden linearLayout 11; not delivered")
        b.tap(17)
        #expect(
            b.lastInput?.message
                == "tap on button 17: button 17 is on a page of pager 13 that is not shown; not delivered")
        b.tap(15)
        #expect(Self.clicks(b) == [15])
        b.send(Command(type: .SET_INT_VALUE, internalId: 13, value: 1))
        _ = b.pollEvents()
        b.tap(15)
        #expect(b.lastInput?.delivered == false)
        b.tap(17)
        #expect(Self.clicks(b) == [17])
    }

    @Test func aReleaseGoesToThePressedElementEvenWhenCovered() throws {
        let b = try Self.scene()
        let save = try Self.center(b, 4)
        b.press(at: save)
        #expect(b.tree[4]?.isPressed == true)
        b.send(Command(type: .CREATE_DIALOG, internalId: 1, childInternalId: 20, textValue: "Hi"))
        _ = b.pollEvents()
        b.release(at: Point(x: 1, y: 630))
        #expect(b.lastInput == InputOutcome(delivered: true, element: 4))
        #expect(b.tree[4]?.isPressed == false)
        #expect(Self.clicks(b) == [4])
    }

    @Test func backTickAndSysAreNotTouches() throws {
        let b = try Self.scene()
        b.send(Command(type: .CREATE_DIALOG, internalId: 1, childInternalId: 20, textValue: "Hi"))
        _ = b.pollEvents()
        let before = b.diagnostics.count
        b.back()
        b.tick(16)
        b.sys("PAUSE")
        #expect(b.diagnostics.count == before)
        #expect(b.pollEvents().map(\.type) == ["SysEvent", "SysInfoEvent"])
    }

    @Test func onlyInputStepsLayOutDuringReplay() throws {
        let r = try PipelineHarness.renderer()
        let json = #"""
            {"format": "framework-session", "version": 1, "name": "count", "device": {"width": 360, "height": 640, \#
            "scale": 2}, "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_BUTTON", "internalId": 2, "childInternalId": 3, "textValue": "Go"},
              {"type": "tick", "ms": 16},
              {"type": "tap", "internalId": 3},
              {"type": "tap", "target": {"text": "Go"}},
              {"type": "back"},
              {"type": "tap", "x": 5, "y": 5}
            ]}
            """#
        let (session, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "count.json")
        var o = r.replayOptions
        let source = r.hitMapSource(for: session)
        o.hitMaps = source
        let replay = Replayer(session: session, options: o).run()
        #expect(source.layouts == 3)
        #expect(replay.events.filter { $0.type == "ValueEvent" }.map(\.internalId) == [3, 3, 3])
    }
}

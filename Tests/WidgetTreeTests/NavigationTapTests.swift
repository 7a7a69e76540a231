import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

/// semantics.md 7 item 37: a tap on a navigation bar item turns the first paging layout's page
/// (iOS and the preview) and tells the app in order; on Android the item is a button.
@Suite struct NavigationTapTests {
    /// A view with a flipper of 3 pages (20, 21, 22), a later pager (40) and a bar of 3 items (31-33).
    let pages =
        appViewLayout + #"""
            , {"type": "CREATE_FLIPPER_LAYOUT", "internalId": 3, "childInternalId": 15},
            {"type": "CREATE_LINEAR_LAYOUT", "internalId": 15, "childInternalId": 20, "value": 1},
            {"type": "CREATE_LINEAR_LAYOUT", "internalId": 15, "childInternalId": 21, "value": 1},
            {"type": "CREATE_LINEAR_LAYOUT", "internalId": 15, "childInternalId": 22, "value": 1},
            {"type": "CREATE_PAGER", "internalId": 3, "childInternalId": 40},
            {"type": "CREATE_NAVIGATIONBAR", "internalId": 2, "childInternalId": 30},
            {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 31, "textValue": "Page 1"},
            {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 32, "textValue": "Page 2"},
            {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 33, "textValue": "Page 3"},
            {"type": "tick", "ms": 100}
            """#

    func replay(_ steps: String, _ profile: PlatformProfile) throws -> ReplayResult {
        try WidgetTreeTests.replay(steps, options: ReplayOptions(clickValue: profile.clickValue, platform: profile))
    }

    /// (type, target, value) of the events after START and RESUME.
    func tail(_ r: ReplayResult) -> [String] {
        r.events.dropFirst(2).map { e in
            "\(e.time) \(e.type) \(e.internalId) "
                + (e.field("value").map { "\($0)" } ?? e.field("visible").map { "\($0)" } ?? "")
        }
    }

    @Test func iosAndThePreviewTurnTheFirstPagingLayout() throws {
        for profile in [PlatformProfile.neutral, .ios] {
            let r = try replay(
                pages + #", {"type": "tap", "internalId": 33}, {"type": "snapshot", "name": "after"}"#, profile)
            #expect(
                tail(r) == [
                    "100 ValueEvent 15 int(2)", "100 VisibilityEvent 15 bool(true)", "100 ValueEvent 33 int(1)",
                ],
                "\(profile.platform)")
            #expect(r.final[15]?.value == 2)  // the flipper shows page 3
            #expect(r.final[40]?.value == 0)  // a later pager is not the page view
            #expect(r.final[33]?.isSelected == true && r.final[31]?.isSelected == false)
            #expect(r.diagnostics("portability").isEmpty)
        }
    }

    @Test func androidItemIsAButton() throws {
        let r = try replay(pages + #", {"type": "tap", "internalId": 32}"#, .android)
        #expect(tail(r) == ["100 ValueEvent 32 int(0)"])
        #expect(r.final[15]?.value == 0)
        #expect(r.final[32]?.isSelected == true)
        let notes = r.diagnostics("portability")
        #expect(
            notes.count == 1 && notes[0].message.contains("flipperLayout 15 stays on its page (iOS would show page 1)"))
    }

    @Test func theAppsContentAfterTheTapIsOnTheShownPage() throws {
        // Page 2 is empty at the tap; the app fills it in reply, and a later tap on item 1 turns back.
        let r = try replay(
            pages + #"""
                , {"type": "tap", "internalId": 32},
                {"type": "CREATE_TEXT", "internalId": 21, "childInternalId": 50, "textValue": "SECOND PAGE"},
                {"type": "snapshot", "name": "second"},
                {"type": "tap", "internalId": 31}
                """#, .ios)
        let second = r.captures.first { $0.name == "second" }!.tree
        #expect(second[15]?.value == 1 && second[50]?.parent == 21)
        #expect(r.final[15]?.value == 0)
        #expect(r.events("ValueEvent").filter { $0.internalId == 15 }.map { $0.field("value") } == [.int(1), .int(0)])
    }

    @Test func withoutAPageViewOnlyTheItemHears() throws {
        let bar =
            appViewLayout + #"""
                , {"type": "CREATE_NAVIGATIONBAR", "internalId": 2, "childInternalId": 30},
                {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 31, "textValue": "A"},
                {"type": "CREATE_NAVIGATIONBAR_ITEM", "internalId": 30, "childInternalId": 32, "textValue": "B"},
                {"type": "tap", "internalId": 32}
                """#
        #expect(tail(try replay(bar, .ios)) == ["0 ValueEvent 32 int(1)"])
        // A deleted page view turns nothing either (iOS's page view is the first one, never a later one).
        let deleted = try replay(
            pages + #", {"type": "DELETE_ELEMENT", "internalId": 15}, {"type": "tap", "internalId": 32}"#, .ios)
        #expect(tail(deleted) == ["100 ValueEvent 32 int(1)"])
        #expect(deleted.final[40]?.value == 0)
    }
}

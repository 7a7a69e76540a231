import Foundation
import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

/// Snapshot names of each example session, in order (the final capture follows them).
let exampleSnapshots: [(String, [String])] = [
    ("browser", ["help", "browser", "closed"]),
    ("canvas-surface", ["chart"]),
    ("card-list", ["top", "scrolled-500"]),
    (
        "dialog-and-toast",
        [
            "list", "dialog", "toast-500ms", "toast-1000ms", "toast-1850ms-half-faded", "toast-2000ms-gone",
            "action-sheet",
        ]
    ),
    ("example1-front-view", ["front-view", "front-view-after-timer"]),
    ("example1-secondary-page", ["front-view", "secondary-page", "secondary-page-after-timer"]),
    ("example1-third-page", ["before-tap", "third-page"]),
    ("frame-gravity", ["gravity"]),
    ("image-formats", ["placeholders", "decoded"]),
    ("linear-weights", ["layout"]),
    ("login-form", ["empty", "filled", "pressed"]),
    ("navigation-drawer", ["closed", "open"]),
    ("settings", ["defaults", "loaded"]),
    ("states-matrix", ["normal", "selected", "pressed"]),
    ("text-wrapping", ["top", "bottom"]),
    ("timers-and-spinner", ["t500-half", "t1000-done"]),
]

@Suite struct ExampleReplayTests {
    @Test func everyExampleIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(files == exampleSnapshots.map(\.0))
    }

    @Test(arguments: exampleSnapshots)
    func capturesAreNamedAsInTheSession(name: String, snapshots: [String]) throws {
        let r = try replayExample(name)
        #expect(r.captures.map(\.name) == snapshots + [nil])
        #expect(r.captures.last?.kind == .final)
        #expect(!r.diagnostics.contains { $0.severity == .error }, "\(r.diagnostics)")
        // Only portability notes and the known queued REORDER_CHILD are expected of the samples.
        let codes = Set(r.diagnostics.map(\.code))
        #expect(codes.isSubset(of: ["portability", "unknown-element", "web-content"]), "\(codes)")
        #expect(r.events.prefix(2).map { $0.field("sysType") } == [.string("START"), .string("RESUME")])
        // Times never run backwards.
        #expect(zip(r.events, r.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test func loginFormSendsTwoTypedValuesAndNoClick() throws {
        let r = try replayExample("login-form")
        let v = r.events("ValueEvent")
        #expect(v.map(\.internalId) == [9, 11])
        #expect(v.map { $0.field("text") } == [.string("anna.virtanen@example.com"), .string("hunter22")])
        #expect(r.final[12]?.isPressed == true)
        #expect(r.final[11]?.text == "hunter22" && r.final[11]?.flags == 16)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func example1SecondaryPage() throws {
        let r = try replayExample("example1-secondary-page")
        // One diagnostic for the queued REORDER_CHILD naming 133 before it exists.
        let unknown = r.diagnostics("unknown-element")
        #expect(unknown.count == 1 && unknown[0].message.contains("133"))
        #expect(r.final.activeViewId == 14)
        #expect(r.final[3]?.text == "Yläotsikko ilman alaotsikkoa" && r.final[3]?.text2 == "")
        #expect(r.final[23]?.text == "1")
        let order = r.events.filter { ["TimerEvent", "ValueEvent", "VisibilityEvent"].contains($0.type) }
        #expect(order.map(\.type) == ["TimerEvent", "ValueEvent", "VisibilityEvent", "VisibilityEvent", "TimerEvent"])
        #expect(order.map(\.internalId) == [1, 12, 10, 14, 1])
        #expect(order.map(\.time) == [1000, 1500, 1500, 1500, 2000])
        let first = try #require(r.final[33]?.children.first)
        #expect(r.final[first]?.text == "Number: 97")
        let snap = try #require(r.captures.first { $0.name == "secondary-page" })
        #expect(snap.tree[snap.tree[33]!.children[0]]?.text == "Number: 98")
    }

    @Test func example1FrontViewKeepsTheDrawerClosedAndFiresTimerTwoOnce() throws {
        let r = try replayExample("example1-front-view")
        #expect(r.final.activeViewId == 10)
        #expect(r.final.overlayIds == [4] && r.final[4]?.isVisible == false)
        #expect(r.events("TimerEvent").map { $0.field("timerId") } == [.int(2)])
        #expect(r.diagnostics("unknown-element").isEmpty)
    }

    @Test func dialogAndToastSession() throws {
        let r = try replayExample("dialog-and-toast")
        #expect(r.events("ValueEvent").map(\.internalId) == [19, 26, 18])
        let dialog = try #require(r.captures.first { $0.name == "dialog" })
        #expect(dialog.tree.overlayIds == [20] && dialog.tree[20]?.isVisible == true)
        let toast = try #require(r.captures.first { $0.name == "toast-1000ms" })
        #expect(toast.tree.overlayIds.isEmpty)
        #expect(toast.tree.liveToasts.map(\.text) == ["Quarterly report.pdf deleted"])
        #expect(toast.tree[4]?.children.contains(5) == false)
        let gone = try #require(r.captures.first { $0.name == "toast-2000ms-gone" })
        #expect(gone.tree.liveToasts.isEmpty)
        #expect(r.final.overlayIds == [27] && r.final[27]?.options.count == 3)
        #expect(r.diagnostics("unknown-element").isEmpty)
    }

    @Test func navigationDrawerOpensWithOneVisibilityEvent() throws {
        let r = try replayExample("navigation-drawer")
        #expect(r.events("VisibilityEvent").map(\.internalId) == [2])
        #expect(r.captures[0].tree[2]?.isVisible == false)
        #expect(r.final[2]?.isVisible == true && r.final[2]?.children == [3])
    }

    @Test func cardListScrollsTo500() throws {
        let r = try replayExample("card-list")
        let s = r.events("ScrollChangedEvent")
        #expect(s.count == 1 && s[0].field("scrollPos") == .int(500))
        #expect(r.final[s[0].internalId]?.value == 500)
    }
}

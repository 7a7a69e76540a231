import Foundation
import Testing

@testable import Snapshots

/// Changed goldens grouped by cause (issue 50): the words, the ids, several causes, pixel changes,
/// the report, JUnit and a merge carrying them, and an accept file read and planned.
struct ChangeGroupsTests {
    typealias S = Support

    static func outcome(
        _ name: String, session: String, status: SnapshotOutcome.Status = .failed, changes: [ElementChange] = [],
        environment: [String] = [], paintedIn: String? = nil
    ) -> SnapshotOutcome {
        var o = SnapshotOutcome(
            name: name, session: session, snapshot: name.split(separator: "@").dropFirst().first.map(String.init),
            status: status, golden: name + ".png", reproduce: "render check \(session)", message: name)
        o.changes = changes
        o.environmentChanges = environment
        o.paintedIn = paintedIn
        o.mismatch = 0.1
        return o
    }

    static func diff(_ old: [SnapshotSidecar.ElementRecord], _ new: [SnapshotSidecar.ElementRecord]) -> [ElementChange]
    {
        SemanticDiff.changes(expected: old, actual: new)
    }

    static func text(_ id: Int, _ color: String, y: Double = 0, text: String = "Hi") -> SnapshotSidecar.ElementRecord {
        S.record(id, "text", [0, y, 100, 20], text: text, lines: 1, colors: ["color": color])
    }

    @Test func sameColourChangeOnManyScreensIsOneGroupNamedInWords() {
        var outcomes: [SnapshotOutcome] = []
        // 21 snapshots in 5 sessions, the element ids differing from screen to screen.
        for i in 0..<21 {
            let c = Self.diff([Self.text(i + 3, "#212121")], [Self.text(i + 3, "#303030")])
            outcomes.append(Self.outcome("s\(i % 5)@snap\(i)", session: "s\(i % 5).json", changes: c))
        }
        outcomes.append(Self.outcome("clean", session: "s0.json", status: .passed))
        let groups = ChangeGroup.groups(of: outcomes)
        #expect(groups.count == 1)
        #expect(groups[0].words == "text color #212121 -> #303030: 21 snapshots in 5 sessions")
        #expect(groups[0].kind == "restyled" && groups[0].snapshots.count == 21 && groups[0].sessions.count == 5)
        #expect(groups[0].id.count == 10 && groups[0].id == ChangeCause(kind: "restyled", words: groups[0].cause).id)
    }

    @Test func aSecondColourInOneSnapshotFormsItsOwnGroup() {
        var outcomes: [SnapshotOutcome] = []
        for i in 0..<21 {
            var new = [Self.text(1, "#303030")]
            var old = [Self.text(1, "#212121")]
            if i == 7 {
                old.append(Self.text(2, "#757575", y: 30, text: "Hint"))
                new.append(Self.text(2, "#9e9e9e", y: 30, text: "Hint"))
            }
            outcomes.append(Self.outcome("s@\(i)", session: "s\(i % 5).json", changes: Self.diff(old, new)))
        }
        let groups = ChangeGroup.groups(of: outcomes)
        #expect(
            groups.map(\.words) == [
                "text color #212121 -> #303030: 21 snapshots in 5 sessions",
                "text color #757575 -> #9e9e9e: 1 snapshot in 1 session",
            ])
        // The snapshot with both changes is in both groups.
        #expect(groups[0].snapshots.contains("s@7") && groups[1].snapshots == ["s@7"])
    }

    @Test func movesResizesAddedRemovedTextAndCutSayWhatAndByHowMuch() {
        let button = S.record(7, "button", [10, 20, 80, 40], text: "OK", lines: 1)
        var moved = button
        moved.frame = [10, 24, 80, 40]
        var child = S.record(8, "text", [12, 22, 40, 20], text: "OK", lines: 1)
        let before = [button, child]
        child.frame = [12, 26, 40, 20]
        var wide = button
        wide.frame = [10, 20, 96, 40]
        var renamed = button
        renamed.text = "Okay"
        var cut = S.record(9, "text", [0, 0, 50, 20], text: "A long title", lines: 1)
        cut.cut = false
        let whole = cut
        cut.cut = true
        var wrapped = whole
        wrapped.lines = 2
        let cases: [([SnapshotSidecar.ElementRecord], [SnapshotSidecar.ElementRecord], [String])] = [
            (before, [moved, child], ["button 'OK' moved 4 dp down"]),
            ([button], [wide], ["button 'OK' resized 80x40 -> 96x40 dp"]),
            ([button], [renamed], ["button text \"OK\" -> \"Okay\""]),
            ([button], [], ["button 'OK' removed"]),
            ([], [button], ["button 'OK' added"]),
            ([whole], [cut], ["text 'A long title' text now cut short"]),
            ([cut], [whole], ["text 'A long title' text no longer cut short"]),
            ([whole], [wrapped], ["text 'A long title' now wraps to 2 lines (was 1)"]),
            // A sidecar written before cut text was recorded says nothing about it: pixels alone changed.
            (
                [S.record(9, "text", [0, 0, 50, 20], text: "A long title", lines: 1)], [cut],
                ["pixels changed in a alone, no element changed"]
            ),
            (
                [S.record(3, "layout", [0, 0, 10, 10])], [S.record(3, "layout", [0, -2, 10, 10])],
                ["layout moved 2 dp up"]
            ),
        ]
        for (old, new, words) in cases {
            let o = Self.outcome("a", session: "a.json", changes: Self.diff(old, new))
            #expect(ChangeCause.causes(of: o).map(\.words) == words)
        }
    }

    @Test func pixelChangesGroupByEnvironmentOrElementElseStandAlone() {
        let outcomes = [
            Self.outcome("a", session: "a.json", environment: ["renderer version 1 -> 2"]),
            Self.outcome("b", session: "b.json", environment: ["renderer version 1 -> 2"]),
            Self.outcome("c", session: "c.json", paintedIn: "button 'OK'"),
            Self.outcome("d", session: "d.json", paintedIn: "button 'OK'"),
            Self.outcome("e", session: "e.json"),
        ]
        let groups = ChangeGroup.groups(of: outcomes)
        #expect(
            groups.map(\.words) == [
                "pixels changed inside button 'OK', no element changed: 2 snapshots in 2 sessions",
                "pixels changed with the environment: renderer version 1 -> 2: 2 snapshots in 2 sessions",
                "pixels changed in e alone, no element changed: 1 snapshot in 1 session",
            ])
    }

    /// `--a11y`: a new finding repeated over screens (a theme's low-contrast grey) is one group, said
    /// without the element's id or text; findings already in the baseline are not.
    @Test func newAccessibilityFindingsGroupAsChangesDo() {
        func screen(_ name: String, _ id: Int, _ text: String, state: A11yFinding.State) -> SnapshotOutcome {
            var o = Self.outcome(name, session: name.split(separator: "@")[0] + ".json", status: .passed)
            let finding = A11yFinding(
                state: state, screen: "final", check: "contrast", element: id, type: "text", text: text,
                frame: [0, 0, 30, 19], locator: #"{"text":"\#(text)"}"#, measured: 2.32, needed: 4.5,
                message: "text \(id) \"\(text)\": contrast 2.32:1 on #ffffff, needs 4.5:1")
            o.a11y = A11yResult(
                baseline: name + ".a11y.json", status: .failed, screen: [390, 844], findings: [finding], message: "")
            o.a11y?.accept = "render check \(o.session) --accept \(name) --snapshots Snapshots --a11y"
            return o
        }
        let outcomes = [
            screen("a@x", 4, "Low: grey", state: .new), screen("b", 9, "Hint", state: .new),
            screen("c", 2, "Old", state: .present),
        ]
        let groups = ChangeGroup.groups(of: outcomes)
        #expect(
            groups.map(\.words) == [
                "new accessibility finding: text contrast 2.32:1 on #ffffff, needs 4.5:1: 2 snapshots in 2 sessions"
            ])
        #expect(groups.first?.kind == "a11y")
        #expect(
            AcceptAll.groupCommand(groups[0], outcomes: outcomes)
                == "render check a.json b.json --accept-group \(groups[0].id) --snapshots Snapshots --a11y")
    }

    @Test func thePaintedElementIsTheInnermostHoldingEveryChangedPixel() {
        let sidecar = SnapshotSidecar(
            environment: .init(rendererVersion: "1", fonts: [:], theme: "default", device: "100x100@2"),
            elements: [
                S.record(1, "layout", [0, 0, 100, 100]), S.record(2, "button", [10, 10, 40, 20], text: "OK"),
            ])
        // Device pixels at scale 2: 24,24 10x10 px is 12,12 5x5 dp, inside the button.
        #expect(
            PaintedElement.name(regions: [PixelBox(x: 24, y: 24, width: 10, height: 10)], sidecar: sidecar)
                == "button 'OK'")
        #expect(
            PaintedElement.name(
                regions: [PixelBox(x: 24, y: 24, width: 4, height: 4), PixelBox(x: 150, y: 150, width: 4, height: 4)],
                sidecar: sidecar) == "layout")
    }

    @Test func reportJUnitAndMergeCarryTheGroups() throws {
        let c = Self.diff([Self.text(1, "#212121")], [Self.text(1, "#303030")])
        let a = CheckReport(
            rendererVersion: "1", recordMode: .never, tolerance: Tolerance(),
            outcomes: [Self.outcome("a@x", session: "a.json", changes: c)]
        ).grouped()
        let b = CheckReport(
            rendererVersion: "1", recordMode: .never, tolerance: Tolerance(),
            outcomes: [Self.outcome("b@y", session: "b.json", changes: c), Self.outcome("b", session: "b.json")]
        ).grouped()
        let json = String(decoding: try a.json(), as: UTF8.self)
        let id = try #require(a.groups?.first?.id)
        #expect(json.contains("\"words\" : \"text color #212121 -> #303030: 1 snapshot in 1 session\""))
        let merged = try CheckReport.merged([a, b])
        #expect(
            merged.groups?.map(\.words) == [
                "text color #212121 -> #303030: 2 snapshots in 2 sessions",
                "pixels changed in b alone, no element changed: 1 snapshot in 1 session",
            ])
        #expect(merged.groups?.first?.id == id)
        let xml = merged.junit()
        #expect(
            xml.contains(
                "<property name=\"\(id)\" value=\"text color #212121 -&gt; #303030: 2 snapshots in 2 sessions\"/>"))
        #expect(xml.contains("change group \(id): text color #212121 -&gt; #303030"))
        #expect(xml.contains("<testsuites name=\"render check\" tests=\"3\" failures=\"3\""))
        // A clean run's report has no groups at all (its bytes are what they were).
        let clean = CheckReport(
            rendererVersion: "1", recordMode: .never, tolerance: Tolerance(),
            outcomes: [Self.outcome("c", session: "c.json", status: .passed)]
        ).grouped()
        let cleanJSON = String(decoding: try clean.json(), as: UTF8.self)
        #expect(clean.groups == nil && !cleanJSON.contains("groups"))
    }

    @Test func acceptFilesAreReadAndPlannedAgainstTheRun() throws {
        let red = Self.diff([Self.text(1, "#212121")], [Self.text(1, "#303030")])
        let moved = Self.diff([S.record(2, "button", [0, 0, 10, 10])], [S.record(2, "button", [0, 4, 10, 10])])
        let report = CheckReport(
            rendererVersion: "1", recordMode: .never, tolerance: Tolerance(),
            outcomes: [
                Self.outcome("a@x", session: "a.json", changes: red),
                Self.outcome("a@y", session: "a.json", changes: red + moved),
                Self.outcome("b", session: "b.json", changes: moved),
                Self.outcome("c", session: "c.json", status: .passed),
            ]
        ).grouped()
        let groups = try #require(report.groups)
        let colour = try #require(groups.first { $0.kind == "restyled" })
        let move = try #require(groups.first { $0.kind == "moved" })
        let sel = try AcceptSelection.parse(
            "# accepts\ngroup \(colour.id)  # the colour\n\nb\nreject group \(move.id)\n", file: "f.txt")
        #expect(sel == AcceptSelection(groups: [colour.id], names: ["b"], rejects: [move.id]))
        // b is in the rejected group: accepting it by name contradicts the rejection.
        #expect(throws: AcceptFileError.self) { try sel.plan(report) }
        let plan = try AcceptSelection(groups: [colour.id], names: ["c"]).plan(report)
        #expect(plan.names == ["a@x", "a@y"])
        #expect(plan.accept.map(\.session) == ["a.json"] && plan.accept[0].snapshots == ["x", "y"])
        let note =
            "a@y is also in group \(move.id) (button moved 4 dp down): accepting its picture accepts that change too"
        #expect(plan.notes == [note])
        #expect(throws: AcceptFileError.self) { try AcceptSelection(groups: ["0000000000"]).plan(report) }
        #expect(throws: AcceptFileError.self) { try AcceptSelection(names: ["nope"]).plan(report) }
        #expect(throws: AcceptFileError.self) { try AcceptSelection.parse("group\n", file: "f") }
        do {
            _ = try AcceptSelection.parse("ok\ngroup a b\n", file: "f.txt")
            Issue.record("a malformed line was read")
        } catch {
            #expect("\(error)".hasPrefix("f.txt:2: 'group a b' is not an entry"))
        }
        // Marks: a rejection is kept, an accept removes it.
        let marks = ReviewMarks().applying(try AcceptSelection(rejects: [move.id]).plan(report))
        #expect(marks.rejected[move.id]?.cause == "button moved 4 dp down")
        #expect(report.grouped(marks: marks).groups?.first { $0.id == move.id }?.rejected == true)
        #expect(marks.applying(try AcceptSelection(groups: [move.id]).plan(report)).rejected.isEmpty)
        let dir = S.tempDir("marks")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try marks.write(folder: dir + "/review")
        #expect(try ReviewMarks.read(folder: dir + "/review") == marks)
        #expect(try ReviewMarks.read(folder: dir + "/none") == ReviewMarks())
    }
}

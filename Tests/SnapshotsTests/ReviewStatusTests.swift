import Foundation
import Primitives
import Testing

@testable import Snapshots

/// Issue 29: the review tells changes apart. Pixels same or different, environment same or
/// different, a golden present, missing or recorded: a golden whose pixels differ is changed
/// whatever else changed, the environment is a note on it, and only matching pixels in a new
/// environment pass as "environment changed".
struct ReviewStatusTests {
    typealias S = Support

    func settings(_ dir: String, _ mode: RecordMode, restamp: Bool = false) -> SnapshotSettings {
        var s = SnapshotSettings(snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: mode)
        s.restamp = restamp
        return s
    }

    func sidecar(version: String = "0.1.0") -> SnapshotSidecar {
        var env = S.env
        env.rendererVersion = version
        return SnapshotSidecar(
            environment: env, elements: [S.record(7, "button", [10, 10, 40, 20], text: "OK", lines: 1)])
    }

    func evaluate(_ st: SnapshotSettings, _ b: Bitmap, _ s: SnapshotSidecar) throws -> SnapshotOutcome {
        try GoldenComparison(settings: st).evaluate(
            name: "card", session: "Examples/card.json", snapshot: nil, actual: b, sidecar: s,
            reproduce: "render check Examples/card.json")
    }

    static let white = S.bitmap(8, 8, (255, 255, 255))
    static let black = S.bitmap(8, 8, (0, 0, 0))

    /// (pixels differ, environment differs, record mode) -> status, passes, an environment note.
    static let cases: [(Bool, Bool, RecordMode, SnapshotOutcome.Status, Bool, Bool)] = [
        (false, false, .never, .passed, true, false),
        (false, true, .never, .environmentChanged, true, true),
        (true, false, .never, .failed, false, false),
        (true, true, .never, .failed, false, true),
        (false, false, .failed, .passed, true, false),
        (false, true, .failed, .environmentChanged, true, true),
        (true, false, .failed, .recorded, false, false),
        (true, true, .failed, .recorded, false, true),
    ]

    @Test(arguments: 0..<8) func goldenPresent(_ i: Int) throws {
        let (pixels, env, mode, status, passes, note) = Self.cases[i]
        let dir = S.tempDir("review-\(i)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), Self.white, sidecar())
        let o = try evaluate(
            settings(dir, mode), pixels ? Self.black : Self.white, sidecar(version: env ? "9.9" : "0.1.0"))
        #expect(o.status == status, "case \(i): \(o.status)")
        #expect(o.passed == passes)
        #expect(o.notes.contains { $0.contains("renderer version 0.1.0 -> 9.9") } == note, "\(o.notes)")
        if status == .failed {
            // The first line is the verdict on the pixels; the environment only a note after it.
            #expect(o.message.split(separator: "\n").first?.contains("of pixels differ") == true)
            #expect(o.message.contains("  note: the environment changed too") == env)
        }
    }

    @Test(arguments: [false, true]) func goldenMissing(_ env: Bool) throws {
        let dir = S.tempDir("review-missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = sidecar(version: env ? "9.9" : "0.1.0")
        #expect(try evaluate(settings(dir, .never), Self.white, s).status == .missing)
        let recorded = try evaluate(settings(dir, .missing), Self.white, s)
        #expect(recorded.status == .recorded && !recorded.passed)
    }

    @Test func summaryAndJUnitCountEachKindInWords() throws {
        func o(_ name: String, _ s: SnapshotOutcome.Status, notes: [String] = []) -> SnapshotOutcome {
            var x = SnapshotOutcome(
                name: name, session: "A.json", snapshot: nil, status: s, golden: "S/\(name).png", reproduce: "r",
                message: "\(name): m")
            x.notes = notes
            return x
        }
        let r = CheckReport(
            rendererVersion: "0.3.0", recordMode: .never, tolerance: Tolerance(),
            outcomes: [
                o("a", .failed), o("b", .failed), o("c", .environmentChanged, notes: ["environment changed: v"]),
                o("d", .passed),
            ])
        #expect(r.summary == "4 checked: 2 changed, 1 passed with a new environment, 1 passed")
        #expect(!r.summary.contains("environmentChanged"))
        let x = r.junit()
        #expect(x.contains("tests=\"4\" failures=\"2\" errors=\"0\""))
        #expect(
            x.contains(
                """
                <testcase classname="snapshots" name="c" time="0.000">
                      <system-out>environment changed: v</system-out>
                    </testcase>
                """))
        #expect(x.contains("<testcase classname=\"snapshots\" name=\"d\" time=\"0.000\"/>"))
    }

    @Test func restampRewritesOnlyIdenticalGoldensSidecars() throws {
        let dir = S.tempDir("restamp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try evaluate(settings(dir, .missing), Self.white, sidecar())
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png"))
        // Pixels identical, new environment: the sidecar gets it, the PNG keeps its bytes.
        let o = try evaluate(settings(dir, .never, restamp: true), Self.white, sidecar(version: "9.9"))
        #expect(o.status == .restamped && o.passed)
        #expect(SnapshotSidecar.read(dir + "/snaps/card.json")?.environment.rendererVersion == "9.9")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png")) == png)
        // Run again: nothing left to re-stamp.
        #expect(
            try evaluate(settings(dir, .never, restamp: true), Self.white, sidecar(version: "9.9")).status == .passed)
        // Within tolerance but not identical: left as it is, and said why.
        var near = Self.white
        S.set(&near, 3, 3, (250, 255, 255))
        let n = try evaluate(settings(dir, .never, restamp: true), near, sidecar(version: "10.0"))
        #expect(n.status == .environmentChanged && n.notes.contains { $0.contains("not re-stamped") })
        #expect(SnapshotSidecar.read(dir + "/snaps/card.json")?.environment.rendererVersion == "9.9")
        // Pixels differ: changed, the golden and its sidecar left as they are.
        let d = try evaluate(settings(dir, .never, restamp: true), Self.black, sidecar(version: "10.0"))
        #expect(d.status == .failed)
        #expect(SnapshotSidecar.read(dir + "/snaps/card.json")?.environment.rendererVersion == "9.9")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png")) == png)
    }

    @Test func acceptAllJoinsEveryAcceptLineIntoOneCommand() {
        func o(_ session: String, _ name: String, ticks: Bool = false) -> SnapshotOutcome {
            var x = SnapshotOutcome(
                name: name, session: session, snapshot: nil, status: .failed, golden: "S/\(name).png",
                reproduce: "r", message: "m")
            x.accept =
                "render check \(SnapshotChecker.shellQuote(session)) --accept \(SnapshotChecker.shellQuote(name)) "
                + "--snapshots Snapshots --theme ios" + (ticks ? " --ticks" : "")
            return x
        }
        let all = AcceptAll.command([
            o("Examples/a.json", "a"), o("Examples/a.json", "a@filled"), o("Ex amples/b.json", "b.frames", ticks: true),
        ])
        #expect(
            all
                == """
                render check Examples/a.json 'Ex amples/b.json' --accept a a@filled b.frames --snapshots Snapshots \
                --theme ios --ticks
                """)
        #expect(AcceptAll.command([]) == nil)
    }
}

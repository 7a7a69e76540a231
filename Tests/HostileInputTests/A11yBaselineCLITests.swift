import Foundation
import TestSupport
import Testing

/// `render check --a11y` against the baselines beside the goldens (issue 34): a first run
/// complains, `--record missing` writes the baseline, a new finding fails with 6 unless
/// `--a11y=warn`, a fixed screen is "resolved", `--accept` rewrites the file, `--unused` knows the
/// baselines, and the reports of two shards merge with their findings. The goldens are compared
/// with every pixel allowed to differ, so the exit codes are the baseline's alone.
@Suite struct A11yBaselineCLITests {
    static func check(_ args: [String]) throws -> Subprocess {
        guard let binary = Repository.renderBinary() else { throw UsageMessageTests.Missing() }
        return try Subprocess.run(binary, ["check"] + args + ["--jobs", "1"], in: Hostile.root)
    }

    /// A white screen with texts of the given colours (#aaaaaa on white: 2.32:1, a finding).
    static func write(_ path: String, _ texts: [(String, String)]) throws {
        var steps = [
            ##"{"type": "SET_STYLE", "internalId": 3, "textValue": "background-color", "textValue2": "#ffffff"}"##
        ]
        for (i, (text, color)) in texts.enumerated() {
            steps.append(
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": \#(4 + i), "textValue": "\#(text)"}"#)
            steps.append(
                ##"{"type": "SET_STYLE", "internalId": \##(4 + i), "textValue": "color", "textValue2": "\##(color)"}"##)
        }
        try Data(Hostile.session(steps)).write(to: URL(fileURLWithPath: path))
    }

    @Test func baselineLifecycle() throws {
        let dir = try TemporaryFolder.make("baseline-lifecycle")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = dir + "/card.json"
        let baseline = dir + "/snaps/card.a11y.json"
        let opts = ["--snapshots", dir + "/snaps", "--failures", dir + "/fail", "--max-mismatch", "1", "--pixels-only"]
        try Self.write(session, [("Low", "#aaaaaa")])

        // No golden, no baseline: the golden is missing and the finding is new; nothing written.
        let first = try Self.check([session, "--a11y"] + opts)
        #expect(first.status == 6)
        #expect(
            first.stderr.contains("A11Y    card: 1 new accessibility finding against \(baseline)"), "\(first.stderr)")
        #expect(first.stderr.contains(#"new  final 0,0 "#) && first.stderr.contains(#"text 4 "Low": contrast"#))
        #expect(!FileManager.default.fileExists(atPath: baseline))

        // --record missing writes the golden and the baseline (one finding per line), and fails as recording does.
        let recorded = try Self.check([session, "--a11y", "--record", "missing"] + opts)
        #expect(recorded.status == 6)
        #expect(recorded.stderr.contains("card: recorded the accessibility baseline \(baseline) (1 findings)"))
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(
            written.split(separator: "\n").map { String($0.prefix(40)) } == [
                "[", #"{"screen":"final","check":"contrast","el"#, "]",
            ])

        // The same finding: still present, passes.
        let same = try Self.check([session, "--a11y"] + opts)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("1 checked: 1 passed; 0 new, 1 still present, 0 resolved accessibility findings"))

        // Without --a11y: no audit, no word of it, a report without the field.
        let plain = try Self.check([session, "--report", dir + "/plain.json", "--junit", dir + "/plain.xml"] + opts)
        #expect(plain.status == 0 && !plain.stdout.contains("accessib") && !plain.stderr.contains("a11y"))
        #expect(try !String(contentsOfFile: dir + "/plain.json", encoding: .utf8).contains("a11y"))
        #expect(try !String(contentsOfFile: dir + "/plain.xml", encoding: .utf8).contains("a11y"))

        // A new problem: fails with 6, in the JSON report and the JUnit file; --a11y=warn reports it and passes.
        try Self.write(session, [("Low", "#aaaaaa"), ("Dim", "#bbbbbb")])
        let reports = ["--report", dir + "/r/check.json", "--junit", dir + "/r/check.xml"]
        let new = try Self.check([session, "--a11y"] + opts + reports)
        #expect(new.status == 6)
        #expect(new.stderr.contains("card: 1 new accessibility finding against"))
        #expect(new.stderr.contains(#"text 5 "Dim""#) && new.stderr.contains("accept: render check"))
        #expect(new.stderr.contains("--accept card --snapshots \(dir)/snaps --a11y"))
        let json = try String(contentsOfFile: dir + "/r/check.json", encoding: .utf8)
        #expect(json.contains(#""a11y" : "fail""#) && json.contains(#""state" : "new""#))
        #expect(json.contains(#""state" : "present""#) && json.contains(#""baseline" : "card.a11y.json""#))
        let xml = try String(contentsOfFile: dir + "/r/check.xml", encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="render check" tests="2" failures="1""#))
        #expect(
            xml.contains(#"<testcase classname="a11y" name="card" time="0.000">"#)
                && xml.contains(#"type="a11y-failed""#))
        let warn = try Self.check([session, "--a11y=warn"] + opts)
        #expect(warn.status == 0, "\(warn.stderr)")
        #expect(warn.stdout.contains("a11y    card: 1 new accessibility finding"))

        // Fixed: both resolved, passes, and says --accept drops them; the file is as it was.
        try Self.write(session, [("Low", "#000000"), ("Dim", "#000000")])
        let fixed = try Self.check([session, "--a11y"] + opts)
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("card: no new accessibility findings (0 still present, 1 resolved)"))
        #expect(fixed.stdout.contains(#"resolved  final 0,0 "#))
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == written)

        // --accept writes what is found now (nothing) into the baseline.
        let accepted = try Self.check([session, "--accept", "--a11y"] + opts)
        #expect(accepted.status == 6)
        #expect(accepted.stderr.contains("card: accepted the accessibility findings: wrote \(baseline) (0 findings"))
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == "[]\n")
        #expect(try Self.check([session, "--a11y"] + opts).status == 0)

        // --unused: a baseline no session owns is listed, the session's own is not.
        try "[]\n".write(toFile: dir + "/snaps/gone@start.a11y.json", atomically: true, encoding: .utf8)
        let unused = try Self.check([session, "--unused", "--snapshots", dir + "/snaps"])
        #expect(unused.status == 6)
        #expect(unused.stdout.contains("unused \(dir)/snaps/gone@start.a11y.json"))
        #expect(!unused.stdout.contains("card.a11y.json") && unused.stdout.contains("1 unused files"))

        // A baseline that is not one fails, naming the file and what is wrong.
        try #"[{"screen": "final"}]"#.write(toFile: baseline, atomically: true, encoding: .utf8)
        let broken = try Self.check([session, "--a11y=warn"] + opts)
        #expect(broken.status == 6)
        #expect(
            broken.stderr.contains(
                #"card: \#(baseline) is not an accessibility baseline: finding 1: no string "check" (record it again"#),
            "\(broken.stderr)")
    }

    /// 64-bit FNV-1a, as `--shard` hashes session names.
    static func shard(_ name: String, of n: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h % n + 1
    }

    @Test func shardsMergeWithTheirFindings() throws {
        let dir = try TemporaryFolder.make("shard-merge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // One session in each of two shards.
        let names = ["a", "b", "c", "d", "e", "f"]
        let one = try #require(names.first { Self.shard($0, of: 2) == 1 })
        let two = try #require(names.first { Self.shard($0, of: 2) == 2 })
        let sessions = [one, two].map { dir + "/s/\($0).json" }
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        for s in sessions { try Self.write(s, [("Low", "#aaaaaa")]) }
        let snaps = ["--snapshots", dir + "/snaps"]
        _ = try Self.check(sessions + snaps + ["--record", "missing"])
        for k in [1, 2] {
            let r = try Self.check(
                sessions + snaps + ["--a11y=warn", "--shard", "\(k)/2", "--report", dir + "/shard\(k)/check.json"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        guard let binary = Repository.renderBinary() else { throw UsageMessageTests.Missing() }
        let merged = try Subprocess.run(
            binary, ["report", "merge", dir + "/shard1", dir + "/shard2", "-o", dir + "/merged"], in: Hostile.root)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("2 reports merged; 2 checked: 2 passed; 2 new, 0 still present, 0 resolved"))
        let json = try String(contentsOfFile: dir + "/merged/check.json", encoding: .utf8)
        #expect(json.components(separatedBy: #""state" : "new""#).count == 3 && json.contains(#""a11y" : "warn""#))
        let xml = try String(contentsOfFile: dir + "/merged/check.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: #"<testcase classname="a11y""#).count == 3)
        let page = try String(contentsOfFile: dir + "/merged/review/index.html", encoding: .utf8)
        #expect(page.contains(#"<i class="a11y-box new" title="text 4 &quot;Low&quot;: contrast"#))
        #expect(page.contains("Accessibility: 1 new, 0 still present, 0 resolved"))
        // A shard run without --a11y is another run: refused, naming why.
        _ = try Self.check(sessions + snaps + ["--shard", "1/2", "--report", dir + "/shard1/check.json"])
        let mixed = try Subprocess.run(
            binary, ["report", "merge", dir + "/shard1", dir + "/shard2", "-o", dir + "/merged2"], in: Hostile.root)
        #expect(mixed.status == 1 && mixed.stderr.contains("a11y warn vs off"), "\(mixed.stderr)")

        // The gallery shows them on its cards (outline and wording) and in gallery.json; it writes no baseline.
        let gallery = try Subprocess.run(
            binary,
            [
                "gallery", sessions[0], "-o", dir + "/gallery", "--themes", "default", "--no-states", "--a11y", "-q",
                "--snapshots", dir + "/snaps",
            ], in: Hostile.root)
        #expect(gallery.status == 0, "\(gallery.stderr)")
        let cards = try String(contentsOfFile: dir + "/gallery/index.html", encoding: .utf8)
        #expect(cards.contains(#"<span class="frame"><img loading="lazy""#) && cards.contains(#"class="a11y-box new""#))
        #expect(cards.contains("Accessibility: 1 new, 0 still present, 0 resolved"))
        let manifest = try String(contentsOfFile: dir + "/gallery/gallery.json", encoding: .utf8)
        #expect(manifest.contains(#""check" : "contrast""#) && manifest.contains(#""state" : "new""#))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/snaps").filter { $0.contains("a11y") } == [])
    }
}

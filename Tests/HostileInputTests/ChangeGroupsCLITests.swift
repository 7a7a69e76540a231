import Foundation
import TestSupport
import Testing

/// `render check` with changes grouped by cause (issue 50): one colour change over two sessions is one
/// group with a stable id in the JSON report and JUnit; `--accept-group` re-records exactly its goldens
/// (the other group still fails), `--reject-group` keeps its mark in the report folder, and ids or
/// names the run does not have are errors naming what it has.
@Suite struct ChangeGroupsCLITests {
    static func write(_ dir: String, _ name: String, color: String) throws -> String {
        let path = dir + "/s/" + name + ".json"
        try Data(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Card"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "textValue": "background", "textValue2": "\#(color)"}"#,
            ])
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func groups(_ report: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return json["groups"] as? [[String: Any]] ?? []
    }

    @Test func acceptOneGroupRejectAnotherAndSayWhatIsUnknown() throws {
        let dir = try TemporaryFolder.make("change-groups")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        for n in ["a", "b", "c"] { _ = try Self.write(dir, n, color: "#3366cc") }
        let snaps = ["--snapshots", dir + "/snaps", "--failures", dir + "/fail"]
        #expect(try CheckReviewCLITests.check([dir + "/s", "--record", "missing"] + snaps).status == 6)
        _ = try Self.write(dir, "a", color: "#00aa00")
        _ = try Self.write(dir, "b", color: "#00aa00")
        _ = try Self.write(dir, "c", color: "#aa0000")

        let first = try CheckReviewCLITests.check(
            [dir + "/s", "--report", dir + "/r/check.json", "--junit", dir + "/r/check.xml"] + snaps)
        #expect(first.status == 6)
        let groups = try Self.groups(dir + "/r/check.json")
        #expect(
            groups.map { $0["words"] as? String } == [
                "text background #3366cc -> #00aa00: 2 snapshots in 2 sessions",
                "text background #3366cc -> #aa0000: 1 snapshot in 1 session",
            ])
        let green = try #require(groups.first?["id"] as? String)
        let red = try #require(groups.last?["id"] as? String)
        let junit = try String(contentsOfFile: dir + "/r/check.xml", encoding: .utf8)
        #expect(
            junit.contains("<property name=\"\(green)\" value=\"text background #3366cc -&gt; #00aa00: 2 snapshots"))

        // Unknown ids and names: exit 1, naming what the run has; nothing is written.
        let unknown = try CheckReviewCLITests.check([dir + "/s", "--accept-group", "0000000000"] + snaps)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no change group 0000000000 in this run (groups: \(green) (text background"))
        try "nope\n".write(toFile: dir + "/accepts.txt", atomically: true, encoding: .utf8)
        let name = try CheckReviewCLITests.check([dir + "/s", "--accept-file", dir + "/accepts.txt"] + snaps)
        #expect(name.status == 1 && name.stderr.contains("accepts.txt: no golden named nope in this run"))
        try "group\n".write(toFile: dir + "/accepts.txt", atomically: true, encoding: .utf8)
        let bad = try CheckReviewCLITests.check([dir + "/s", "--accept-file", dir + "/accepts.txt"] + snaps)
        #expect(bad.status == 1 && bad.stderr.contains("accepts.txt:1: 'group' is not an entry"), "\(bad.stderr)")
        let noFolder = try CheckReviewCLITests.check([dir + "/s", "--reject-group", red] + snaps)
        #expect(noFolder.status == 64 && noFolder.stderr.contains("--reject-group keeps its mark in the report folder"))

        // Accept the green group, reject the red one: exactly a and b are re-recorded.
        let cBefore = try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/c.png"))
        try "group \(green)  # the green cards\nreject group \(red)\n".write(
            toFile: dir + "/accepts.txt", atomically: true, encoding: .utf8)
        let applied = try CheckReviewCLITests.check(
            [dir + "/s", "--accept-file", dir + "/accepts.txt", "--report", dir + "/r/check.json"] + snaps)
        #expect(applied.status == 6)
        #expect(
            applied.stdout.contains("accepted group \(green): text background #3366cc -> #00aa00"), "\(applied.stdout)")
        #expect(applied.stdout.contains("rejected group \(red)"))
        #expect(applied.stderr.contains("ACCEPT  a: accepted the new picture"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/c.png")) == cBefore)
        let marks = try String(contentsOfFile: dir + "/r/review-marks.json", encoding: .utf8)
        #expect(marks.contains("\"\(red)\"") && marks.contains("\"cause\" : \"text background #3366cc -> #aa0000\""))

        // Checked again: a and b pass, c still fails, and its group is shown rejected.
        let again = try CheckReviewCLITests.check([dir + "/s", "--report", dir + "/r/check.json"] + snaps)
        #expect(again.status == 6 && again.stdout.contains("3 checked: 1 changed, 2 passed"), "\(again.stdout)")
        let now = try Self.groups(dir + "/r/check.json")
        #expect(now.count == 1 && now[0]["id"] as? String == red && now[0]["rejected"] as? Bool == true)
        // Accepting the rejected group removes its mark; then everything passes.
        #expect(
            try CheckReviewCLITests.check(
                [dir + "/s", "--accept-group", red, "--report", dir + "/r/check.json"] + snaps
            ).status == 6)
        #expect(!(try String(contentsOfFile: dir + "/r/review-marks.json", encoding: .utf8)).contains(red))
        #expect(try CheckReviewCLITests.check([dir + "/s"] + snaps).status == 0)
    }
}

import Foundation
import Testing

/// Batches with broken sessions (issue 16 "Batches"): `validate`, `portability`, `check` and
/// `gallery` report each rejected session by name and reason, give every other session its result
/// and still write their reports.
@Suite struct BatchTests {
    /// good.json renders; broken.json is not JSON; huge.json exceeds the device limit (exit 7).
    static func folder() throws -> String {
        let dir = try OutputFileTests.tempDir()
        let text = #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Hello"}"#
        try Data(Hostile.session([text])).write(to: URL(fileURLWithPath: dir + "/good.json"))
        try Data("not json".utf8).write(to: URL(fileURLWithPath: dir + "/broken.json"))
        try Data(Hostile.session([], device: #"{"width": 10000, "height": 100, "scale": 1}"#)).write(
            to: URL(fileURLWithPath: dir + "/huge.json"))
        return dir
    }

    @Test func validateRendersAndReportsEveryFailure() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let r = try OutputFileTests.render(["validate", dir]) else { return }
        let out = String(decoding: r.stdout, as: UTF8.self)
        #expect(out.contains("good.json: OK"), "\(out)")
        #expect(out.contains("1 of 3 sessions validated"))
        #expect(r.stderr.contains("broken.json") && r.stderr.contains("huge.json"), "\(r.stderr)")
        #expect(r.status == 1 || r.status == 7)
    }

    @Test func portabilityKeepsGoingAndWritesTheReport() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard
            let r = try OutputFileTests.render([
                "portability", dir, "--json", dir + "/p.json", "--markdown", dir + "/p.md",
            ])
        else { return }
        let out = String(decoding: r.stdout, as: UTF8.self)
        #expect(r.status != 0)
        #expect(out.contains("rejected") && out.contains("broken.json") && out.contains("huge.json"), "\(out)")
        let json = (try? String(contentsOfFile: dir + "/p.json", encoding: .utf8)) ?? ""
        #expect(json.contains("good"), "\(json.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: dir + "/p.md"))
    }

    @Test func checkReportsTheBrokenSessionAndWritesReports() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard
            let r = try OutputFileTests.render([
                "check", dir, "--snapshots", dir + "/goldens", "--record", "missing",
                "--report", dir + "/c.json", "--junit", dir + "/c.xml",
            ])
        else { return }
        #expect(r.status != 0)
        let report = (try? String(contentsOfFile: dir + "/c.json", encoding: .utf8)) ?? ""
        #expect(
            report.contains("broken") && report.contains("good") && report.contains("huge"), "\(report.prefix(500))")
        #expect(FileManager.default.fileExists(atPath: dir + "/c.xml"))
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/good.png"))
    }

    @Test func galleryHasAnErrorCardAndAnIndex() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let r = try OutputFileTests.render(["gallery", dir, "-o", dir + "/g", "--themes", "default"]) else {
            return
        }
        let index = (try? String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)) ?? ""
        #expect(index.contains("broken") && index.contains("good"), "status \(r.status) \(r.stderr)")
        #expect(OutputFileTests.hidden(dir).isEmpty)
    }
}

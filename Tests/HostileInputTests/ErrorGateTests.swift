import Foundation
import Testing

/// Issue 46, "Errors fail the gate by default": every command that judges sessions lists a session's
/// error diagnostics (file, step, message) and exits 5 when one has any; `--allow-errors` lets them
/// through, `--strict` fails on warnings too.
@Suite struct ErrorGateTests {
    /// typo.json: a misspelt step type (an error diagnostic, step 3); clean.json: nothing to say;
    /// warned.json: a two-value padding (a portability warning, no error).
    static func folder() throws -> String {
        let dir = try OutputFileTests.tempDir()
        let text = #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Hello"}"#
        let typo = #"{"type": "CREATE_TEXTT", "internalId": 3, "childInternalId": 5, "textValue": "x"}"#
        let padding =
            #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "padding", "textValue2": "4 8"}"#
        try Data(Hostile.session([typo, text])).write(to: URL(fileURLWithPath: dir + "/typo.json"))
        try Data(Hostile.session([text])).write(to: URL(fileURLWithPath: dir + "/clean.json"))
        try Data(Hostile.session([text, padding])).write(to: URL(fileURLWithPath: dir + "/warned.json"))
        return dir
    }

    static let typoLine = "typo.json:step 3: error: step skipped: unknown step type \"CREATE_TEXTT\""

    @Test func validateFailsOnAnErrorAndListsIt() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let r = try OutputFileTests.render(["validate", dir]) else { return }
        #expect(r.status == 5, "\(r.stderr)")
        #expect(r.stderr.contains("1 error in 1 session (exit 5"), "\(r.stderr)")
        #expect(r.stderr.contains(Self.typoLine), "\(r.stderr)")
        guard let allowed = try OutputFileTests.render(["validate", dir, "--allow-errors"]) else { return }
        #expect(allowed.status == 0, "\(allowed.stderr)")
        // Warnings fail with --strict only; the clean session alone passes it.
        guard let strict = try OutputFileTests.render(["validate", dir + "/warned.json", "--strict"]) else { return }
        #expect(strict.status == 5 && strict.stderr.contains("1 warning (--strict)"), "\(strict.stderr)")
        guard let clean = try OutputFileTests.render(["validate", dir + "/clean.json", "--strict"]) else { return }
        #expect(clean.status == 0, "\(clean.stderr)")
        guard let both = try OutputFileTests.render(["validate", dir, "--strict", "--allow-errors"]) else { return }
        #expect(both.status == 64, "\(both.stderr)")
    }

    @Test func checkListsErrorsInSummaryReportJUnitAndPageAndMergeFailsToo() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.removeItem(atPath: dir + "/warned.json")
        let shard = dir + "/shard"
        let args = [
            "check", dir, "--snapshots", dir + "/goldens", "--record", "missing", "--report", shard + "/c.json",
            "--junit", dir + "/c.xml", "--html", dir + "/review",
        ]
        // The first run records the goldens (exit 6 alone would hide the typo): the typo fails it first.
        guard let first = try OutputFileTests.render(args) else { return }
        #expect(first.status == 5, "\(first.stderr)")
        guard let r = try OutputFileTests.render(args) else { return }
        #expect(r.status == 5, "\(r.stderr)")
        #expect(String(decoding: r.stdout, as: UTF8.self).contains("2 checked: 2 passed"))
        #expect(r.stderr.contains(Self.typoLine), "\(r.stderr)")
        let report = (try? String(contentsOfFile: shard + "/c.json", encoding: .utf8)) ?? ""
        #expect(report.contains("\"diagnostics\"") && report.contains("CREATE_TEXTT"), "\(report.prefix(400))")
        let junit = (try? String(contentsOfFile: dir + "/c.xml", encoding: .utf8)) ?? ""
        #expect(junit.contains("classname=\"diagnostics\"") && junit.contains("type=\"error-diagnostic\""), "\(junit)")
        #expect(junit.contains("failures=\"1\""), "\(junit)")
        // Every test case carries its time (issue 46), the session's suite their sum.
        let cases = junit.components(separatedBy: "<testcase ").dropFirst()
        #expect(cases.count == 3 && cases.allSatisfy { $0.contains(" time=\"") }, "\(junit)")
        #expect(junit.contains("<testsuite name=") && junit.contains("errors=\"0\" time=\""), "\(junit)")
        let page = (try? String(contentsOfFile: dir + "/review/index.html", encoding: .utf8)) ?? ""
        #expect(page.contains("Sessions with errors (1)") && page.contains("CREATE_TEXTT"))
        guard let allowed = try OutputFileTests.render(args + ["--allow-errors"]) else { return }
        #expect(allowed.status == 0, "\(allowed.stderr)")
        // The merge of that report fails the same way, and lets it through the same way.
        let merge = try UsageMessageTests.render(["report", "merge", shard, "-o", dir + "/merged"])
        #expect(merge.status == 5 && merge.stderr.contains(Self.typoLine), "\(merge.stderr)")
        let merged = (try? String(contentsOfFile: dir + "/merged/check.xml", encoding: .utf8)) ?? ""
        #expect(merged.contains("type=\"error-diagnostic\""), "\(merged)")
        let through = try UsageMessageTests.render(["report", "merge", shard, "-o", dir + "/m2", "--allow-errors"])
        #expect(through.status == 0, "\(through.stderr)")
    }

    @Test func a11yGalleryAndOutDirFailOnErrors() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let typo = dir + "/typo.json"
        guard let a = try OutputFileTests.render(["a11y", typo, "--no-large-text"]) else { return }
        #expect(a.status == 5 && a.stderr.contains(Self.typoLine), "\(a.status) \(a.stderr)")
        guard let g = try OutputFileTests.render(["gallery", typo, "-o", dir + "/g", "--themes", "default"]) else {
            return
        }
        #expect(g.status == 5 && g.stderr.contains(Self.typoLine), "\(g.status) \(g.stderr)")
        let manifest = (try? String(contentsOfFile: dir + "/g/gallery.json", encoding: .utf8)) ?? ""
        #expect(manifest.contains("CREATE_TEXTT"))
        let galleryPage = (try? String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)) ?? ""
        #expect(galleryPage.contains("Sessions with errors (1)") && galleryPage.contains("CREATE_TEXTT"))
        guard let o = try OutputFileTests.render([typo, dir + "/clean.json", "--out-dir", dir + "/out"]) else {
            return
        }
        #expect(o.status == 5 && o.stderr.contains(Self.typoLine), "\(o.status) \(o.stderr)")
        // Every session is still drawn.
        #expect(FileManager.default.fileExists(atPath: dir + "/out/typo.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out/clean.png"))
        guard let allowed = try OutputFileTests.render([typo, "--out-dir", dir + "/out", "--allow-errors"]) else {
            return
        }
        #expect(allowed.status == 0, "\(allowed.stderr)")
        // The draw command of one session draws and exits 0 as before (5 with --strict only).
        guard let one = try OutputFileTests.render([typo, "-o", dir + "/one.png"]) else { return }
        #expect(one.status == 0 && FileManager.default.fileExists(atPath: dir + "/one.png"), "\(one.stderr)")
    }
}

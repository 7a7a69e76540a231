import Foundation
import TestSupport
import Testing

/// The output sizes, pixel probes and event facts of Examples/*.expect.json (points whose colour
/// follows from the spec alone), checked by `scripts/check-expectations`, the one implementation
/// of their rules (`make check-expectations` runs it on the release build), here against the
/// `render` that `swift test` builds.
struct ExpectationProbeTests {
    @Test func everySampleMeetsItsExpectations() throws {
        guard let render = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try TemporaryFolder.make("check-expectations")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Subprocess.run(
            "/usr/bin/env",
            [
                "python3", Repository.root + "/scripts/check-expectations",
                "--render", render, Repository.examples,
            ],
            in: dir, environment: ["PREVIEW_RENDERER_FONTS": Repository.fonts])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for failure in lines where failure.hasPrefix("FAIL ") { Issue.record(Comment(rawValue: failure)) }
        let summary = lines.last ?? ""
        #expect(run.status == 0, "check-expectations: \(summary)\n\(run.stderr)")
        #expect(summary.hasSuffix(" 0 failed") && !summary.hasPrefix("0 passed"), "\(summary)")
    }
}

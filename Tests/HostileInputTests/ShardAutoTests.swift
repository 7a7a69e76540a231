import Foundation
import TestSupport
import Testing

/// `--shard auto` through `render` (issue 29): the CI's variables select the same sessions as the
/// explicit `--shard K/N`; with none set it is a usage error (64) naming them. And the reports of a
/// shard go into folders that do not exist yet, as the README's shard example writes them.
@Suite struct ShardAutoTests {
    /// Every CI variable `--shard auto` reads, unset (an empty value counts as unset), so the machine
    /// running the tests cannot choose a shard.
    static let noCI = ["CI_NODE_INDEX": "", "CI_NODE_TOTAL": "", "JOB_COMPLETION_INDEX": ""]

    static func validated(_ binary: String, _ args: [String], env: [String: String]) throws -> [String] {
        let r = try BatchIsolationTests.run(
            binary, ["validate", "Examples"] + args, env: noCI.merging(env) { $1 })
        return r.stdout.split(separator: "\n").filter { $0.contains(": OK") || $0.contains(": errors") }.map(
            String.init)
    }

    @Test func autoTakesTheShardTheVariablesName() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        for k in 1...3 {
            let explicit = try Self.validated(binary, ["--shard", "\(k)/3"], env: [:])
            #expect(!explicit.isEmpty)
            let gitLab = try Self.validated(
                binary, ["--shard", "auto"], env: ["CI_NODE_INDEX": "\(k)", "CI_NODE_TOTAL": "3"])
            let kubernetes = try Self.validated(
                binary, ["--shard", "auto", "--shard-count", "3"], env: ["JOB_COMPLETION_INDEX": "\(k - 1)"])
            #expect(gitLab == explicit, "shard \(k) of 3 (GitLab)")
            #expect(kubernetes == explicit, "shard \(k) of 3 (Kubernetes)")
        }
    }

    @Test func autoWithoutVariablesIsAUsageErrorNamingThem() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let none = try BatchIsolationTests.run(binary, ["check", "Examples", "--shard", "auto"], env: Self.noCI)
        #expect(none.status == 64)
        for v in ["CI_NODE_INDEX", "CI_NODE_TOTAL", "JOB_COMPLETION_INDEX", "--shard-count"] {
            #expect(none.stderr.contains(v), "\(v): \(none.stderr)")
        }
        let noCount = try BatchIsolationTests.run(
            binary, ["validate", "Examples", "--shard", "auto"],
            env: Self.noCI.merging(["JOB_COMPLETION_INDEX": "1"]) { $1 })
        #expect(noCount.status == 64 && noCount.stderr.contains("needs --shard-count N"), "\(noCount.stderr)")
        let countAlone = try BatchIsolationTests.run(
            binary, ["validate", "Examples", "--shard-count", "3"], env: Self.noCI)
        #expect(countAlone.status == 64 && countAlone.stderr.contains("--shard-count goes with --shard auto"))
    }

    /// `--report`, `--junit`, `--html` and `--failures` into folders that do not exist: all written.
    @Test func reportsGoIntoNewFolders() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try TemporaryFolder.make("shard-reports")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out/shard"
        let r = try BatchIsolationTests.run(
            binary,
            [
                "check", "Examples/linear-weights.json", "Examples/frame-gravity.json", "--snapshots",
                dir + "/goldens/none", "--record", "missing", "-q", "--report", out + "/a/check.json",
                "--junit", out + "/b/check.xml", "--html", out + "/review", "--failures", out + "/failures",
            ])
        #expect(r.status == 6, "\(r.stderr)")  // recorded goldens never pass
        for f in ["/a/check.json", "/b/check.xml", "/review/index.html"] {
            #expect(FileManager.default.fileExists(atPath: out + f), "\(f): \(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/none/linear-weights.png"))
    }
}

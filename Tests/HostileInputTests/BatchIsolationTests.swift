import Foundation
import TestSupport
import Testing

/// The batch runner (Sources/render/Batch): sessions run in warm worker processes; a worker that
/// crashes or hangs is replaced, its session reported, and every other result is what `render`
/// alone gives. The same batch with 1 and 2 workers writes the same files and reports in the same
/// order. The faults come from a worker that misbehaves on purpose (`scripts/misbehaving-batch-worker`,
/// started instead of `render --batch-worker` through `PREVIEW_RENDERER_BATCH_WORKER`): it passes
/// every job to a real worker except the sessions it is told to crash or hang on. Nothing of it is in
/// the shipping binary.
@Suite(.serialized) struct BatchIsolationTests {
    /// Small samples (fast in a debug build); card-list crashes its worker.
    static let sessions = [
        "linear-weights", "card-list", "states-matrix", "settings", "timers-and-spinner", "image-formats",
    ]
    .map { "Examples/\($0).json" }
    /// The runs with real renders never reach their timeout (a debug build on a loaded machine
    /// takes seconds a session): hangs are tested where every job hangs
    /// (`hungWorkersAreKilledAtTheTimeoutAndReplaced`), so a short timeout cuts nothing real.
    static let timeout = "600"

    /// The environment that makes `binary` start the misbehaving worker with these faults
    /// (`crash:NAME,hang:NAME`; `hang:*` hangs on every job without starting a real worker).
    static func faults(_ spec: String, binary: String) -> [String: String] {
        [
            "PREVIEW_RENDERER_BATCH_WORKER": Hostile.root + "/scripts/misbehaving-batch-worker",
            "MISBEHAVING_WORKER_RENDER": binary, "MISBEHAVING_WORKER_FAULTS": spec,
        ]
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ binary: String, _ args: [String], env: [String: String] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: Hostile.root)
        p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("batch-out-\(UUID().uuidString)").path
        let err = out + ".err"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        p.standardOutput = FileHandle(forWritingAtPath: out)
        p.standardError = FileHandle(forWritingAtPath: err)
        try p.run()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Every file under `dir` (relative path -> bytes).
    static func files(_ dir: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for case let rel as String in FileManager.default.enumerator(atPath: dir) ?? FileManager.default.enumerator(
            atPath: "/")!
        {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: dir + "/" + rel)
            }
        }
        return out
    }

    /// The per-session report lines and the failure lines, without timings (which vary).
    static func reportLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("[") || $0.contains(": error: crashed") || $0.contains(": error: timed out") }
            .map { $0.replacingOccurrences(of: #" \([0-9.]+ s\)$"#, with: "", options: .regularExpression) }
    }

    static func temporaryFolder() throws -> String { try TemporaryFolder.make("batch") }

    @Test func outDirSurvivesACrashAndDoesNotDependOnJobs() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var runs: [Run] = []
        for jobs in [1, 2] {
            let out = "\(dir)/jobs\(jobs)"
            let r = try Self.run(
                binary,
                Self.sessions + [
                    "--out-dir", out, "--events", out + "/events", "--jobs", "\(jobs)", "--timeout", Self.timeout,
                ],
                env: Self.faults("crash:card-list", binary: binary))
            runs.append(r)
            // The crash reported by name and cause; the batch exits with "rendering failed".
            #expect(r.status == 3)
            #expect(r.stderr.contains("Examples/card-list.json: error: crashed (signal 11, SIGSEGV)"))
            #expect(r.stdout.contains("5 of 6 sessions rendered (1 crashed)"), "\(r.stdout)")
            let names = Set(Self.files(out).keys)
            #expect(!names.contains("card-list.png"))
            for s in ["linear-weights", "states-matrix", "settings", "timers-and-spinner", "image-formats"] {
                #expect(names.contains("\(s).png"), "\(s).png missing")
                #expect(names.contains("events/\(s).events.jsonl"), "events of \(s) missing")
            }
            #expect(names.contains("image-formats@decoded.png") && names.contains("linear-weights@layout.png"))
        }
        // 1 and 2 workers: the same files, byte for byte, and the same report lines in the same order.
        let one = Self.files("\(dir)/jobs1")
        let two = Self.files("\(dir)/jobs2")
        #expect(one.count >= 12)
        #expect(one == two)
        #expect(Self.reportLines(runs[0].stderr) == Self.reportLines(runs[1].stderr))
        #expect(Self.reportLines(runs[0].stderr).count == 7)

        // Each picture is what `render` alone writes for that session (and snapshot).
        for (session, snapshot, name) in [
            ("linear-weights", nil, "linear-weights.png"), ("image-formats", "decoded", "image-formats@decoded.png"),
        ] {
            let single = dir + "/single.png"
            let r = try Self.run(
                binary, ["Examples/\(session).json", "-o", single, "-q"] + (snapshot.map { ["--snapshot", $0] } ?? []))
            #expect(r.status == 0)
            #expect(FileManager.default.contents(atPath: single) == one[name], "\(name) differs from a single render")
        }
    }

    @Test func checkReportsTheCrashAndPassesTheRest() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var reports: [[[String: Any]]] = []
        for jobs in [1, 2] {
            let report = "\(dir)/check\(jobs).json"
            let r = try Self.run(
                binary,
                ["check"] + Self.sessions + [
                    "--report", report, "--jobs", "\(jobs)", "--timeout", Self.timeout,
                    "--failures", dir + "/failures",
                ], env: Self.faults("crash:card-list", binary: binary))
            #expect(r.status == 3)  // a session that could not be rendered
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
            let outcomes = json?["outcomes"] as? [[String: Any]] ?? []
            reports.append(outcomes)
            let status = Dictionary(outcomes.map { (($0["name"] as? String) ?? "", ($0["status"] as? String) ?? "") }) {
                a, _ in a
            }
            #expect(status["card-list"] == "error")
            let messages = Dictionary(
                outcomes.map { (($0["name"] as? String) ?? "", ($0["message"] as? String) ?? "") }
            ) { a, _ in a }
            #expect(messages["card-list", default: ""].contains("crashed (signal 11"))
            // Every other golden (final frames and named snapshots) passes.
            let others = outcomes.filter { $0["name"] as? String != "card-list" }
            #expect(others.count >= 10)
            #expect(others.allSatisfy { $0["status"] as? String == "passed" })
            #expect(r.stdout.contains("checked: 1 could not be rendered, \(others.count) passed"), "\(r.stdout)")
        }
        // The same outcomes in the same order with 1 and 2 workers.
        let names = reports.map { $0.map { "\($0["name"] ?? "") \($0["status"] ?? "")" } }
        #expect(names[0] == names[1])
    }

    /// A worker that never answers is killed at the timeout and replaced, for every session it
    /// hangs on; nothing else runs, so a short timeout cannot cut a real render short.
    @Test func hungWorkersAreKilledAtTheTimeoutAndReplaced() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let r = try Self.run(
            binary,
            ["validate", "Examples/settings.json", "Examples/card-list.json", "--jobs", "1", "--timeout", "0.25"],
            env: Self.faults("hang:*", binary: binary))
        #expect(r.status == 3, "\(r.stderr)")
        for name in ["settings", "card-list"] {
            #expect(
                r.stderr.contains("Examples/\(name).json: error: timed out after 0.25 s (worker killed)"), "\(r.stderr)"
            )
        }
        // An injected worker that cannot be started is named.
        let missing = try Self.run(
            binary, ["validate", "Examples/settings.json"],
            env: ["PREVIEW_RENDERER_BATCH_WORKER": "/nonexistent/worker"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("cannot start a worker (/nonexistent/worker)"), "\(missing.stderr)")
    }

    @Test func shardsSplitByNameAndQuietIsQuiet() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        // Three shards of `validate Examples` take every session exactly once.
        let all = try Self.run(binary, ["validate", "Examples", "--jobs", "2"])
        let everyOne = all.stdout.split(separator: "\n").filter { $0.contains(": OK") || $0.contains(": errors") }.map(
            String.init)
        #expect(everyOne.count >= 14)
        var union: [String] = []
        for k in 1...3 {
            let r = try Self.run(binary, ["validate", "Examples", "--jobs", "2", "--shard", "\(k)/3"])
            #expect(r.status == all.status)
            let lines = r.stdout.split(separator: "\n").filter { $0.contains(": OK") || $0.contains(": errors") }.map(
                String.init)
            #expect(!lines.isEmpty && lines.count < everyOne.count)
            union += lines
        }
        #expect(union.sorted() == everyOne.sorted())
        #expect(try Self.run(binary, ["validate", "Examples", "--shard", "4/3"]).status == 64)
        // -q: no progress, no per-session lines; -v (or a log): one line per session, in order.
        let quiet = try Self.run(binary, ["validate", "Examples", "-q"])
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let progress = Self.reportLines(all.stderr)
        #expect(progress.count == everyOne.count)
        #expect(progress.first?.hasPrefix("[1/\(everyOne.count)] ") == true)
    }

    /// Issue 22: three shards of a check, each with its JSON, JUnit and HTML report, merged by
    /// `render report merge`, equal an unsharded run's reports, and the merge exits as it would.
    @Test func threeShardsMergeIntoTheUnshardedReport() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Goldens of the five sessions, one of them missing (so the run fails with 6).
        let names = ["linear-weights", "states-matrix", "timers-and-spinner", "image-formats", "frame-gravity"]
        let goldens = dir + "/goldens"
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        for f in try FileManager.default.contentsOfDirectory(atPath: Hostile.root + "/Snapshots")
        where names.contains(where: { f.hasPrefix($0 + ".") || f.hasPrefix($0 + "@") }) && f != "frame-gravity.png" {
            try FileManager.default.copyItem(atPath: Hostile.root + "/Snapshots/" + f, toPath: goldens + "/" + f)
        }
        // as a folder gives them (merged reports are by path)
        let sessions = names.sorted().map { "Examples/\($0).json" }
        func check(_ out: String, _ extra: [String]) throws -> Int32 {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            return try Self.run(
                binary,
                ["check"] + sessions + [
                    "--snapshots", goldens, "--failures", dir + "/failures", "-q",
                    "--report", out + "/check.json", "--junit", out + "/check.xml",
                    "--html", out + "/review",
                ] + extra
            ).status
        }
        #expect(try check(dir + "/all", []) == 6)
        var sizes: [Int] = []
        for k in 1...3 {
            _ = try check(dir + "/shard\(k)", ["--shard", "\(k)/3"])
            let report =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: dir + "/shard\(k)/check.json"))) as? [String: Any]
            sizes.append((report?["outcomes"] as? [Any])?.count ?? 0)
        }
        #expect(sizes.filter { $0 > 0 }.count >= 2)  // the sessions really are spread
        let merge = try Self.run(
            binary, ["report", "merge", dir + "/shard1", dir + "/shard2", dir + "/shard3", "-o", dir + "/merged"])
        #expect(merge.status == 6)
        #expect(merge.stdout.contains("3 reports merged"))
        for f in ["check.json", "check.xml", "review/index.html"] {
            let a = ReportTimes.removed(FileManager.default.contents(atPath: dir + "/all/" + f), file: f)
            let b = ReportTimes.removed(FileManager.default.contents(atPath: dir + "/merged/" + f), file: f)
            #expect(a != nil && a == b, "\(f): the merged report differs from the unsharded one (times aside)")
        }
        #expect(
            String(
                decoding: FileManager.default.contents(atPath: dir + "/merged/review/index.html") ?? Data(),
                as: UTF8.self
            )
            .contains("<section class=\"entry card missing\" id=\"frame-gravity\""))
        // A shard given twice overlaps: refused.
        #expect(
            try Self.run(binary, ["report", "merge", dir + "/shard1", dir + "/shard1", "-o", dir + "/twice"]).status
                == 1)
    }
}

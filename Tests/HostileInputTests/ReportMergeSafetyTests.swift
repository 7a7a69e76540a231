import Foundation
import TestSupport
import Testing

/// Issue 28: a check report is input. `render report merge` copies only PNGs inside each shard's
/// folder, reads goldens from the goldens folder only, and the README's and docs/ci's shard
/// commands still work as written (run here through the binary, in a project of their own).
struct ReportMergeSafetyTests {
    typealias P = PathConfinementTests

    /// A shard report naming a secret, paths out of the shard and a link out of it; only the one
    /// real PNG inside the shard reaches the merged report and its page.
    @Test func mergeCopiesOnlyPNGsInsideTheShardFolder() throws {
        guard let render = P.binary() else { return }
        let dir = try TemporaryFolder.make("merge-hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        let png = try Data(contentsOf: URL(fileURLWithPath: Repository.snapshots + "/frame-gravity.png"))
        let secretPNG = try Data(contentsOf: URL(fileURLWithPath: Repository.snapshots + "/linear-weights.png"))
        let secret = Data("TOKEN=abc\n".utf8)
        try fm.createDirectory(atPath: dir + "/shard/images", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/goldens", withIntermediateDirectories: true)
        try secret.write(to: URL(fileURLWithPath: dir + "/secret.txt"))
        try secretPNG.write(to: URL(fileURLWithPath: dir + "/outside.png"))
        try png.write(to: URL(fileURLWithPath: dir + "/shard/images/real.png"))
        try secret.write(to: URL(fileURLWithPath: dir + "/shard/images/fake.png"))
        try fm.createSymbolicLink(atPath: dir + "/shard/images/link.png", withDestinationPath: dir + "/outside.png")
        try fm.createSymbolicLink(atPath: dir + "/goldens/g.png", withDestinationPath: dir + "/outside.png")
        try png.write(to: URL(fileURLWithPath: dir + "/goldens/real.png"))
        func outcome(_ name: String, golden: String, diff: String?, actual: String?) -> String {
            let d = diff.map { #", "diffImage": "\#($0)""# } ?? ""
            let a = actual.map { #", "actualImage": "\#($0)""# } ?? ""
            return #"""
                {"name": "\#(name)", "session": "x.json", "status": "failed", "golden": "\#(golden)",
                 "reproduce": "r", "message": "m", "regions": [], "changes": [], "environmentChanges": [],
                 "notes": []\#(d)\#(a)}
                """#
        }
        let outcomes = [
            outcome("a", golden: "../outside.png", diff: dir + "/secret.txt", actual: "/proc/self/environ"),
            outcome("b", golden: "/etc/passwd", diff: "../outside.png", actual: "images/link.png"),
            outcome("c", golden: "g.png", diff: "images/fake.png", actual: "images/../../secret.txt"),
            outcome("d", golden: "../goldens/g.png", diff: "images/real.png", actual: nil),
            outcome("e", golden: "real.png", diff: "images/real.png", actual: "images/real.png"),
        ]
        let report = #"""
            {"rendererVersion": "v", "recordMode": "never", "snapshots": "goldens",
             "tolerance": {"threshold": 40, "maxMismatch": 0.001, "semantic": true},
             "outcomes": [\#(outcomes.joined(separator: ","))]}
            """#
        try Data(report.utf8).write(to: URL(fileURLWithPath: dir + "/shard/check.json"))
        let r = try P.run(render, ["report", "merge", "shard", "-o", "out"], in: dir)
        // The refused images are named, and the merge fails (issue 46: a page without its pictures is no review).
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("images not found"), "\(r.stderr)")
        #expect(r.stderr.contains("shard: a: golden ../outside.png") && r.stderr.contains("shard: b: diff image"))
        // Only the real PNG inside the shard was copied, once, by its content hash.
        let copied = P.files(under: dir + "/out/images")
        #expect(copied.count == 1, "\(copied)")
        let pageImages = P.files(under: dir + "/out/review/img").map { "review/img/" + $0 }
        #expect(pageImages.count == 1, "\(pageImages)")
        for f in copied.map({ "images/" + $0 }) + pageImages {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/" + f))
            #expect(bytes == png, "\(f) is not the shard's own PNG")
        }
        let merged = try String(contentsOfFile: dir + "/out/check.json", encoding: .utf8)
        #expect(!merged.contains("secret") && !merged.contains("/proc") && !merged.contains("link.png"), "\(merged)")
        #expect(merged.contains(#""diffImage" : "images/"#))
        // The same report with a goldens folder given on the command line: the link there is not followed either.
        let g = try P.run(render, ["report", "merge", "shard", "-o", "out2", "--snapshots", "goldens"], in: dir)
        #expect(g.status == 1)
        #expect(P.files(under: dir + "/out2/review/img").count == 1)
    }

    /// Issue 46: a shard's report folder holds every picture its page needs, the goldens it compared
    /// included, so a merge where no goldens folder exists (a CI job without a checkout) writes a page
    /// with every picture; a merge that cannot find one names it and fails.
    @Test func aMergeWithoutTheGoldensFolderShowsEveryPicture() throws {
        guard let render = P.binary() else { return }
        let dir = try TemporaryFolder.make("merge-pictures")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        let text = #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Hello"}"#
        try fm.createDirectory(atPath: dir + "/co", withIntermediateDirectories: true)
        try Data(Hostile.session([text])).write(to: URL(fileURLWithPath: dir + "/co/a.json"))
        try Data(Hostile.session([text, text.replacingOccurrences(of: "4", with: "5")])).write(
            to: URL(fileURLWithPath: dir + "/co/b.json"))
        let fonts = ["--fonts-dir", Repository.fonts]
        let record = try P.run(
            render, ["check", "a.json", "b.json", "--record", "missing", "-q"] + fonts, in: dir + "/co")
        #expect(record.status == 6, "\(record.stderr)")
        let check = try P.run(
            render, ["check", "a.json", "b.json", "--report", "../shard/check.json", "-q"] + fonts, in: dir + "/co")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(P.files(under: dir + "/shard/images").count == 2)
        // No checkout: the merge runs beside the shard folder alone.
        try fm.removeItem(atPath: dir + "/co")
        let merge = try P.run(render, ["report", "merge", "shard", "-o", "out"], in: dir)
        #expect(merge.status == 0, "\(merge.stderr)")
        let page = (try? String(contentsOfFile: dir + "/out/review/index.html", encoding: .utf8)) ?? ""
        let shown = page.components(separatedBy: "<img ").count - 1
        #expect(shown == 2, "\(shown) pictures")
        #expect(P.files(under: dir + "/out/review/img").count == 2)
        // A copy gone: named, and the merge fails.
        let gone = P.files(under: dir + "/shard/images")[0]
        try fm.removeItem(atPath: dir + "/shard/images/" + gone)
        let lost = try P.run(render, ["report", "merge", "shard", "-o", "out2"], in: dir)
        #expect(lost.status == 1, "\(lost.stderr)")
        #expect(lost.stderr.contains("1 image not found") && lost.stderr.contains("golden"), "\(lost.stderr)")
        #expect(lost.stderr.contains(gone), "\(lost.stderr)")
    }

    /// The README's shard example and both docs/ci files, their `render` lines run as written (with
    /// `.build/release/render` being this build) in a project with three sessions, one failing.
    @Test func theReadmeAndCIShardCommandsWork() throws {
        guard let render = P.binary() else { return }
        let project = try TemporaryFolder.make("merge-docs")
        defer { try? FileManager.default.removeItem(atPath: project) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: project + "/.build/release", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: project + "/.build/release/render", withDestinationPath: render)
        try fm.createDirectory(atPath: project + "/bin", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: project + "/bin/render", withDestinationPath: render)
        try fm.createDirectory(atPath: project + "/Examples", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: project + "/Snapshots", withIntermediateDirectories: true)
        var goldens = 0
        for (i, name) in ["a", "b", "c"].enumerated() {
            _ = try P.session(in: project + "/Examples", name: name, label: "v\(i)", snapshots: ["snap"])
            goldens += 2
        }
        let record = try P.run(render, ["check", "Examples", "--record", "missing", "-q"], in: project)
        #expect(record.status == 6, "\(record.stderr)")
        _ = try P.session(in: project + "/Examples", name: "b", label: "changed", snapshots: ["snap"])

        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let shardLine = try #require(Self.commands(readme).first { $0.contains("--shard 2/3") })
        let mergeLine = try #require(Self.commands(readme).first { $0.contains("report merge") })
        for k in 1...3 {  // as written: no folder made first
            let line = shardLine.replacingOccurrences(of: "2/3", with: "\(k)/3")
                .replacingOccurrences(of: "out/s2", with: "out/s\(k)")
            _ = try Self.shell(line, in: project)
        }
        try Self.expectMerged(try Self.shell(mergeLine, in: project), project + "/out/report", goldens: goldens)
        // With a failing golden (images copied beside each report), still byte for byte an unsharded run's.
        let all = try P.run(
            render, ["check", "Examples", "--report", "out/all/check.json", "--html", "out/all/review", "-q"],
            in: project)
        #expect(all.status == 6)
        for f in ["check.json", "review/index.html"] {
            let a = ReportTimes.removed(fm.contents(atPath: project + "/out/all/" + f), file: f)
            #expect(
                a != nil && a == ReportTimes.removed(fm.contents(atPath: project + "/out/report/" + f), file: f), "\(f)"
            )
        }

        // GitHub Actions: each shard on its own machine, its out/shard uploaded and downloaded to shards/.
        let github = try String(contentsOfFile: Repository.root + "/docs/ci/github-actions.yml", encoding: .utf8)
        let ghCheck = try #require(Self.commands(github).first { $0.contains("check Examples") })
        let ghMerge = try #require(Self.commands(github).first { $0.contains("report merge") })
        try? fm.removeItem(atPath: project + "/out")
        for k in 1...3 {
            try fm.createDirectory(atPath: project + "/out/shard", withIntermediateDirectories: true)
            let line = ghCheck.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(k)")
                .replacingOccurrences(of: "${{ strategy.job-total }}", with: "3")
            _ = try Self.shell(line, in: project)
            try fm.createDirectory(atPath: project + "/shards", withIntermediateDirectories: true)
            try fm.moveItem(atPath: project + "/out/shard", toPath: project + "/shards/check-shard-\(k)")
        }
        try Self.expectMerged(try Self.shell(ghMerge, in: project), project + "/out/report", goldens: goldens)

        // GitLab: `parallel: 3` with CI_NODE_INDEX / CI_NODE_TOTAL.
        let gitlab = try String(contentsOfFile: Repository.root + "/docs/ci/gitlab-ci.yml", encoding: .utf8)
        let glCheck = try #require(Self.commands(gitlab).first { $0.contains("check Examples") })
        let glMerge = try #require(Self.commands(gitlab).first { $0.contains("report merge") })
        try? fm.removeItem(atPath: project + "/out")
        for k in 1...3 {
            let env = ["CI_NODE_INDEX": "\(k)", "CI_NODE_TOTAL": "3"]
            _ = try Self.shell("mkdir -p out/shard-$CI_NODE_INDEX", in: project, env: env)
            _ = try Self.shell(glCheck, in: project, env: env)
        }
        try Self.expectMerged(try Self.shell(glMerge, in: project), project + "/out/report", goldens: goldens)
    }

    /// The merge of three shards where one golden fails: exit 6, every golden in the report, and the
    /// failing one's images beside the report and on the page.
    static func expectMerged(_ r: Subprocess, _ out: String, goldens: Int) throws {
        #expect(r.status == 6, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("3 reports merged"), "\(r.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/check.json")))
                as? [String: Any])
        let outcomes = try #require(json["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == goldens)
        let failed = outcomes.filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 2)
        for o in failed {
            for key in ["diffImage", "actualImage"] {
                let path = try #require(o[key] as? String)
                #expect(path.hasPrefix("images/") && FileManager.default.fileExists(atPath: out + "/" + path))
            }
        }
        let html = try String(contentsOfFile: out + "/review/index.html", encoding: .utf8)
        let images = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // Both failures show golden, actual and diff; the four passing goldens show theirs.
        #expect(Set(images).count >= 5, "\(images)")
        for n in Set(images) { #expect(FileManager.default.fileExists(atPath: out + "/review/" + n), "\(n)") }
    }

    /// The `render` command lines of a README or CI file: lines with `.build/release/render` (after
    /// `- `, `run: ` or `  `), joined with their continuation lines (`\` or YAML's folded lines), with
    /// a trailing `# comment` removed.
    static func commands(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            var body = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["- run: ", "run: ", "- "] where body.hasPrefix(prefix) { body.removeFirst(prefix.count) }
            guard body.hasPrefix(".build/release/render ") || body.hasPrefix("render ") else {
                i += 1
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            var cmd = body
            i += 1
            while i < lines.count {
                let next = lines[i]
                let nIndent = next.prefix { $0 == " " }.count
                let body = next.trimmingCharacters(in: .whitespaces)
                let continued = cmd.hasSuffix("\\")
                guard continued || (nIndent > indent && !body.isEmpty && !body.hasPrefix("- ") && !body.hasPrefix("#"))
                else { break }
                if continued { cmd.removeLast() }
                cmd += " " + body
                i += 1
            }
            if let hash = cmd.range(of: "   #") { cmd = String(cmd[..<hash.lowerBound]) }
            out.append(cmd.trimmingCharacters(in: .whitespaces))
        }
        return out
    }

    /// Runs a line with `sh` in `dir`, with `dir/bin` (the installed package's `render`) first on PATH.
    static func shell(_ line: String, in dir: String, env: [String: String] = [:]) throws -> Subprocess {
        let path = dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Subprocess.run("/bin/sh", ["-c", line], in: dir, environment: env.merging(["PATH": path]) { $1 })
    }
}

import Foundation
import TestSupport
import Testing

/// What the sessions of a batch print reaches the batch's own stderr whole, once, and in session
/// order, whatever the number of workers: the parent reads each worker's captured output after each
/// session and empties it for the next (BatchPool), also when most sessions print nothing.
@Suite(.serialized) struct BatchOutputTests {
    /// Four copies of an example that prints nothing; two carry a top-level key of their own, which
    /// `render` warns about by name.
    static func sessions(in dir: String) throws -> [String] {
        let source = try Data(contentsOf: URL(fileURLWithPath: Hostile.root + "/Examples/login-form.json"))
        // Its images beside the copies, as beside the original (80 KB).
        try FileManager.default.copyItem(atPath: Hostile.root + "/Examples/assets", toPath: dir + "/assets")
        var object = try #require(try JSONSerialization.jsonObject(with: source) as? [String: Any])
        var paths: [String] = []
        for (name, key) in [("a-quiet", nil), ("b-loud", "bKey"), ("c-quiet", nil), ("d-loud", "dKey")] {
            object.removeValue(forKey: "bKey")
            if let key { object[key] = 1 }
            let path = "\(dir)/\(name).json"
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// stderr without timings (which vary): the progress lines' seconds, the stage times of `-v`'s
    /// "wrote" lines, and the output folder's name (out1, out2).
    static func withoutTimings(_ s: String) -> [String] {
        s.split(separator: "\n").map {
            $0.replacingOccurrences(of: #" \([0-9.]+ s\)$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"; decode .*$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"/out[12]/"#, with: "/out/", options: .regularExpression)
        }
    }

    @Test func eachSessionsWarningsArePassedOnOnceInSessionOrder() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try TemporaryFolder.make("batch-output")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sessions = try Self.sessions(in: dir)
        var lines: [[String]] = []
        for jobs in [1, 2] {
            let r = try BatchIsolationTests.run(
                binary, sessions + ["--out-dir", "\(dir)/out\(jobs)", "--jobs", "\(jobs)", "-v"])
            #expect(r.status == 0)
            let got = Self.withoutTimings(r.stderr)
            // Each loud session's warning once, right before its own progress line.
            for (i, name, key) in [(1, "b-loud", "bKey"), (3, "d-loud", "dKey")] {
                let warning = "\(sessions[i]): warning: unknown top-level key \"\(key)\" ignored"
                #expect(got.filter { $0 == warning }.count == 1, "\(warning) in \(got)")
                let at = try #require(got.firstIndex(of: warning))
                let progress = try #require(got.firstIndex { $0.hasPrefix("[\(i + 1)/4] \(sessions[i]): ok") })
                #expect(at < progress && progress - at <= 4, "\(name)'s warning is not its own")
                if i > 0 {
                    let before = try #require(got.firstIndex { $0.hasPrefix("[\(i)/4] ") })
                    #expect(before < at, "\(name)'s warning came before the previous session finished")
                }
            }
            // The quiet sessions' lines follow each other with nothing from another session between.
            #expect(got.filter { $0.contains("warning: unknown top-level key") }.count == 2)
            lines.append(got)
        }
        #expect(lines[0] == lines[1])
    }
}

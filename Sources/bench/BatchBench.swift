import Foundation

/// The batch runner against one process per screen, side by side in one run: `count` variants of
/// the benchmark screen, each with its own texts (so no output of one can stand for another's),
/// rendered by `render DIR --out-dir OUT` and by `count` `render` processes two at a time; then
/// checked against goldens by one `render check DIR` and by `count` `render check FILE` processes.
struct BatchBench {
    let render: String
    let screen: String
    let outputDirectory: String
    let count: Int
    let jobs: Int
    /// An older `render` whose `--out-dir` and processes are timed in the same rounds (`--baseline`).
    var baseline: String? = nil

    /// Wall seconds per round, and CPU seconds (user + system, workers included) of the same runs:
    /// on a machine shared with other work the CPU time moves less than the wall time.
    struct Result {
        var batch: [Double] = [], processes: [Double] = [], check: [Double] = [], checkProcesses: [Double] = []
        var batchCPU: [Double] = [], processesCPU: [Double] = []
        var baselineBatch: [Double] = [], baselineProcesses: [Double] = []
        var baselineBatchCPU: [Double] = [], baselineProcessesCPU: [Double] = []
        var identical = true
        /// The baseline's `--out-dir` PNGs are byte for byte this build's.
        var identicalToBaseline = true
    }

    /// Writes the variants (`variant-NNN.json`: every text prefixed with its number, assets by absolute path).
    func writeVariants(into dir: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: screen),
            let base = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let steps = base["steps"] as? [[String: Any]]
        else { throw BenchError("\(screen): not a session object with steps") }
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let textual: Set<String> = ["CREATE_TEXT", "SET_TEXT_VALUE", "CREATE_BUTTON"]
        var paths: [String] = []
        for i in 0..<count {
            var s = base
            s["name"] = String(format: "variant-%03d", i)
            s["assets"] =
                (screen as NSString).deletingLastPathComponent + "/" + ((base["assets"] as? String) ?? "assets")
            s["steps"] = steps.map { step -> [String: Any] in
                guard let t = step["type"] as? String, textual.contains(t), let text = step["textValue"] as? String
                else { return step }
                var changed = step
                changed["textValue"] = "\(i + 1) \(text)"
                return changed
            }
            let path = dir + String(format: "/variant-%03d.json", i)
            try JSONSerialization.data(withJSONObject: s, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// `rounds` rounds of the four runs in turn, so all face the same machine.
    func run(rounds: Int) throws -> Result {
        let dir = outputDirectory + "/variants"
        let goldens = outputDirectory + "/variant-goldens"
        let paths = try writeVariants(into: dir)
        // Goldens once (recording exits 6 by design).
        try? FileManager.default.removeItem(atPath: goldens)
        _ = try ChildProcess.run([render, "check", dir, "--snapshots", goldens, "--record", "all", "-q"])
        var r = Result()
        for round in 0..<rounds {
            let batchOut = outputDirectory + "/batch-out"
            let procOut = outputDirectory + "/process-out"
            let baselineOut = outputDirectory + "/baseline-batch-out"
            let baselineProcOut = outputDirectory + "/baseline-process-out"
            try? FileManager.default.removeItem(atPath: batchOut)
            try? FileManager.default.removeItem(atPath: procOut)
            try FileManager.default.createDirectory(atPath: procOut, withIntermediateDirectories: true)
            let b = try timed([render, dir, "--out-dir", batchOut, "--jobs", "\(jobs)", "-q"])
            r.batch.append(b.seconds)
            r.batchCPU.append(b.cpu)
            let p = try parallel(paths.map { [render, $0, "-o", procOut + "/" + Self.name($0) + ".png", "-q"] })
            r.processes.append(p.seconds)
            r.processesCPU.append(p.cpu)
            if let old = baseline {
                try? FileManager.default.removeItem(atPath: baselineOut)
                try? FileManager.default.removeItem(atPath: baselineProcOut)
                try FileManager.default.createDirectory(atPath: baselineProcOut, withIntermediateDirectories: true)
                let bb = try timed([old, dir, "--out-dir", baselineOut, "--jobs", "\(jobs)", "-q"])
                r.baselineBatch.append(bb.seconds)
                r.baselineBatchCPU.append(bb.cpu)
                let bp = try parallel(
                    paths.map { [old, $0, "-o", baselineProcOut + "/" + Self.name($0) + ".png", "-q"] })
                r.baselineProcesses.append(bp.seconds)
                r.baselineProcessesCPU.append(bp.cpu)
            }
            r.check.append(
                try timed([render, "check", dir, "--snapshots", goldens, "--jobs", "\(jobs)", "-q"]).seconds)
            r.checkProcesses.append(
                try parallel(paths.map { [render, "check", $0, "--snapshots", goldens, "-q"] }).seconds)
            if round == 0 {
                for p in paths {
                    let n = Self.name(p)
                    let png = FileManager.default.contents(atPath: batchOut + "/" + n + ".png")
                    if png != FileManager.default.contents(atPath: procOut + "/" + n + ".png") { r.identical = false }
                    if baseline != nil, png != FileManager.default.contents(atPath: baselineOut + "/" + n + ".png") {
                        r.identicalToBaseline = false
                    }
                }
            }
        }
        return r
    }

    static func name(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// One process that must succeed; wall and CPU seconds.
    func timed(_ argv: [String]) throws -> (seconds: Double, cpu: Double) {
        let r = try ChildProcess.run(argv)
        guard r.status == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited with \(r.status)") }
        return (r.seconds, r.cpu)
    }

    /// Every command, `jobs` at a time; wall seconds for all, and their CPU seconds summed.
    func parallel(_ commands: [[String]]) throws -> (seconds: Double, cpu: Double) {
        let t0 = Stats.now()
        let cpu = try ChildProcess.pool(commands, jobs: jobs)
        return (Stats.now() - t0, cpu)
    }
}

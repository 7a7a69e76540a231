import Foundation

/// The long session's memory check in a process of its own: resident memory in the main bench
/// process carries whatever the earlier measurements left allocated, so the figures of "frame 10
/// vs frame 1000" come from a fresh `bench --tick-child SESSION RESULT` child instead.
enum MemoryRun {
    struct Result {
        var frames: Int
        var medianFrame: Double
        var fps: Double
        var resident: [(frame: Int, kb: Int)]
        var lastFrameMatchesFullRender: Bool
        func kb(atFrame f: Int) -> Int? { resident.first { $0.frame == f }?.kb }
    }

    /// Runs the child and reads its result file.
    static func run(bench: String, session: String, fontsDirectory: String, outputDirectory: String) throws -> Result {
        let resultPath = outputDirectory + "/tick-child.txt"
        try? FileManager.default.removeItem(atPath: resultPath)
        let r = try ChildProcess.run([bench, "--tick-child", session, resultPath, "--fonts", fontsDirectory])
        guard r.status == 0, let text = try? String(contentsOfFile: resultPath, encoding: .utf8) else {
            throw BenchError("the memory run of \(session) failed (exit \(r.status))")
        }
        var out = Result(frames: 0, medianFrame: 0, fps: 0, resident: [], lastFrameMatchesFullRender: false)
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            guard f.count >= 2 else { continue }
            switch f[0] {
            case "frames": out.frames = Int(f[1]) ?? 0
            case "median": out.medianFrame = Double(f[1]) ?? 0
            case "fps": out.fps = Double(f[1]) ?? 0
            case "same": out.lastFrameMatchesFullRender = f[1] == "1"
            case "resident": if f.count >= 3, let fr = Int(f[1]), let kb = Int(f[2]) { out.resident.append((fr, kb)) }
            default: break
            }
        }
        return out
    }

    /// The child's side: renders the session and writes the figures, one per line.
    static func child(session: String, resultPath: String, fontsDirectory: String) throws {
        let r = try TickBench(session: session, fontsDirectory: fontsDirectory).run()
        var lines = [
            "frames \(r.frames)", "median \(r.medianFrame)", "fps \(r.fps)",
            "same \(r.lastFrameMatchesFullRender ? 1 : 0)",
        ]
        lines += r.resident.map { "resident \($0.frame) \($0.kb)" }
        try lines.joined(separator: "\n").write(toFile: resultPath, atomically: true, encoding: .utf8)
    }
}

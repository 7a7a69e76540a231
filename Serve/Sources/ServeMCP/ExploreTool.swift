import Foundation
import MCP
import ServeCore
import ServeProtocol

/// explore: the app's own `--explore` walk (docs/explore.md) as a child process with a time limit, into
/// .render-mcp/explore/; its explore.json worded, and on request the screens' pictures (their sessions
/// drawn by the worker, shrunk).
extension MCPTools {
    func explore(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["depth", "budget", "max_paths", "images"])
        guard let app = options.app else {
            throw ToolError("explore: start render mcp with --app BIN (the app to walk)")
        }
        let depth = try a.int("depth", in: 1...6) ?? 2
        let budget = try a.number("budget", in: 1...300) ?? 30
        let paths = try a.int("max_paths", in: 1...2000) ?? 200
        let out = (root.out as NSString).appendingPathComponent("explore")
        _ = try root.outFolder(".")
        let args =
            [
                "--explore", "--out", out, "--depth", String(depth), "--max-paths", String(paths), "--budget",
                Self.n(budget),
                "--no-gallery", "--render", options.render,
            ] + options.appArguments
        let run = await Task.detached { ChildRun.run(app, args, seconds: budget + 120) }.value
        if run.timedOut { throw ToolError("explore: the walk took more than \(Int(budget + 120)) s; it was ended") }
        let file = (out as NSString).appendingPathComponent("explore.json")
        guard run.exitCode == 0, let d = FileManager.default.contents(atPath: file),
            let o = try? JSONSerialization.jsonObject(with: d) as? [String: Any]
        else {
            throw ToolError(
                "explore: the walk failed (exit \(run.exitCode.map(String.init) ?? "signal")): \(run.stderrTail)")
        }
        let screens = o["screens"] as? [[String: Any]] ?? []
        let failures = o["failures"] as? [[String: Any]] ?? []
        var lines = [
            "\(screens.count) screens, \(o["paths"] as? Int ?? 0) paths, \(failures.count) failures; "
                + ((o["complete"] as? Bool ?? false) ? "complete" : "cut by \(o["stoppedBy"] as? String ?? "a limit")"),
            "files: \(root.relative(out))/ (explore.json, sessions/, scripts/, screens/, map.html)",
        ]
        for s in screens.prefix(60) {
            let name = s["name"] as? String ?? "?"
            // Its path in words (the taps from the first screen) and its session, which render and tree draw.
            let steps = s["path"] as? [String] ?? []
            let path = steps.isEmpty ? "the first screen" : steps.joined(separator: " -> ")
            let session = root.relative((out as NSString).appendingPathComponent(s["session"] as? String ?? ""))
            lines.append(
                "- \(name) (depth \(s["depth"] as? Int ?? 0)) \(s["title"] as? String ?? ""): \(path); \(session)")
        }
        for f in failures.prefix(20) {
            lines.append(
                "- failure \(f["kind"] as? String ?? ""): \(f["path"] as? String ?? ""): "
                    + "\(f["message"] as? String ?? "")"
            )
        }
        var content: [Tool.Content] = []
        if try a.bool("images") == true {
            for s in screens.prefix(8) {
                guard let name = s["name"] as? String else { continue }
                let session = (out as NSString).appendingPathComponent("sessions/\(name).json")
                guard let stamp = FileStamp.of(session) else { continue }
                let spec = StateSpec(
                    state: "explore|\(session)|\(stamp)", path: session, theme: "default", themeGeneration: "0",
                    device: "session", fontScale: "1", capture: "final")
                let answer = await worker.call(.scaled(spec, maxSide: 400))
                if (try? Self.reply(answer, FrameMeta.self)) != nil {
                    content.append(Self.image(answer.png))
                    content.append(Self.words("above: \(name)"))
                }
            }
        }
        return CallTool.Result(content: [Self.words(lines.joined(separator: "\n"))] + content, isError: false)
    }
}

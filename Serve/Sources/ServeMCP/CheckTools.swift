import Foundation
import MCP
import ServeCore

/// check and accept: `render check` as a child process with a time limit (ChildRun: its own process group),
/// its JSON report read back and worded; its files go under .render-mcp/check/.
extension MCPTools {
    /// Seconds one check or accept may take (docs/mcp.md).
    static let checkSeconds = 300.0

    func check(_ a: ToolArguments, accept: Bool) async throws -> CallTool.Result {
        try a.only(
            accept
                ? ["sessions", "names", "snapshots", "look", "device"]
                : ["sessions", "snapshots", "record", "look", "device", "diff_images"])
        guard let given = try a.strings("sessions"), !given.isEmpty else {
            throw ToolError("\(a.tool): sessions is required (session files or folders under --root)")
        }
        let sessions = try given.map { try root.existing($0, what: "session") }
        let look = try a.string("look").map {
            Self.builtInLooks.contains($0) || !$0.contains("/") && !$0.hasSuffix(".json")
                ? $0 : try root.file($0, what: "look")
        }
        let device = try a.string("device")
        if let d = device, d.count > 64 || !d.allSatisfy({ $0.isLetter || $0.isNumber || "@x._-".contains($0) }) {
            throw ToolError("\(a.tool): device must be a preset name or WxH@S (e.g. 390x844@3)")
        }
        let snapshots =
            try a.string("snapshots").map { try root.inside($0, what: "snapshots") }
            ?? Self.goldens(root.path, look: look, device: device)
        let dir = try root.outFolder("check")
        let report = (dir as NSString).appendingPathComponent("report.json")
        let failures = (dir as NSString).appendingPathComponent("failures")
        try? FileManager.default.removeItem(atPath: report)
        try? FileManager.default.removeItem(atPath: failures)
        var args = ["check"] + sessions + ["--snapshots", snapshots, "--failures", failures, "--report", report]
        if accept {
            for n in try a.strings("names") ?? [] {
                guard !n.hasPrefix("-"), !n.contains("/") else {
                    throw ToolError("accept: \(n) is not a golden's name")
                }
                args.append(n)
            }
            args.append("--accept")
        } else {
            // Never by default, whatever PREVIEW_RECORD says in the server's environment: the agent asks.
            let record = try a.string("record") ?? "never"
            guard ["never", "missing", "failed", "all"].contains(record) else {
                throw ToolError("check: record is never, missing, failed or all")
            }
            args += ["--record", record]
        }
        if let look { args += ["--theme", look] }
        if let device { args += ["--device", device] }
        if let d = options.fontsDir { args += ["--fonts-dir", d] }
        if let f = options.fonts { args += ["--fonts", f] }
        let render = options.render
        let run = await Task.detached { ChildRun.run(render, args, seconds: Self.checkSeconds) }.value
        if run.timedOut {
            throw ToolError("\(a.tool): render check took more than \(Int(Self.checkSeconds)) s; it was ended")
        }
        let code = run.exitCode ?? -1
        guard let data = FileManager.default.contents(atPath: report),
            let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            let said =
                run.stderrTail.isEmpty ? String(decoding: run.stdout.suffix(2000), as: UTF8.self) : run.stderrTail
            throw ToolError("\(a.tool): render check ended with status \(code) and wrote no report: \(said)")
        }
        let outcomes = o["outcomes"] as? [[String: Any]] ?? []
        var counts: [String: Int] = [:]
        for x in outcomes { counts[x["status"] as? String ?? "?", default: 0] += 1 }
        var lines = [
            "\(outcomes.count) snapshots: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                + " (render check exit \(code))",
            "goldens: \(root.relative(snapshots)); report: \(root.relative(report))"
                + (FileManager.default.fileExists(atPath: failures)
                    ? "; failure images: \(root.relative(failures))" : ""),
        ]
        var content: [Tool.Content] = []
        for x in outcomes.prefix(100) {
            let status = x["status"] as? String ?? "?"
            lines.append("- \(status) \(x["name"] as? String ?? "?"): \(x["message"] as? String ?? "")")
            // Each change in words, unless the message says it already (render check's own lines).
            let message = x["message"] as? String ?? ""
            for c in (x["changes"] as? [Any] ?? []).prefix(8) {
                let words = (c as? String) ?? (c as? [String: Any])?["message"] as? String ?? Self.jsonText(c)
                if !message.contains(words) { lines.append("    " + words) }
            }
            if try a.bool("diff_images") == true, content.count < 4, status == "failed",
                let name = x["name"] as? String, let (path, png) = Self.diffImage(failures, name)
            {
                content.append(Self.image(png))
                lines.append("    (image \(content.count) after this text: \(root.relative(path)))")
            }
        }
        if outcomes.count > 100 { lines.append("- ... \(outcomes.count - 100) more in the report") }
        if outcomes.isEmpty, !run.stderrTail.isEmpty { lines.append(run.stderrTail) }
        return CallTool.Result(content: [Self.words(lines.joined(separator: "\n"))] + content, isError: false)
    }

    /// `render check`'s own default goldens folder, under the root: Snapshots/, Snapshots/THEME/, Snapshots/DEVICE/
    /// or Snapshots/THEME-DEVICE/ (SnapshotSettings.goldensDirectory; a theme file by its name without .json).
    static func goldens(_ root: String, look: String?, device: String?) -> String {
        var parts: [String] = []
        if var t = look.map({ ($0 as NSString).lastPathComponent }) {
            if t.hasSuffix(".json") { t.removeLast(5) }
            if !t.isEmpty && t.lowercased() != "default" { parts.append(fileName(t)) }
        }
        if let d = device, !d.isEmpty { parts.append(d) }
        let base = (root as NSString).appendingPathComponent("Snapshots")
        return parts.isEmpty ? base : base + "/" + parts.joined(separator: "-")
    }

    static func jsonText(_ v: Any) -> String {
        guard JSONSerialization.isValidJSONObject([v]),
            let d = try? JSONSerialization.data(withJSONObject: [v], options: [.sortedKeys])
        else { return "\(v)" }
        return String(String(decoding: d, as: UTF8.self).dropFirst().dropLast())
    }

    /// A failed golden's diff image (expected | diff | actual) in the failures folder: NAME.diff.png.
    static func diffImage(_ failures: String, _ name: String) -> (String, [UInt8])? {
        let path = (failures as NSString).appendingPathComponent(name + ".diff.png")
        return FileManager.default.contents(atPath: path).map { (path, Array($0)) }
    }
}

import Foundation
import MCP
import ServeCore
import ServeProtocol

/// The live app of `app_start` (one at a time): the server's AppProcess (its own process group, a time
/// limit on every step, ended with the server), the folder it writes its session into, and the tree and
/// locators of the screen shown, which the next step's changes and a recording's locators are read against.
final class LiveSession: @unchecked Sendable {
    let app: AppProcess
    let folder: String
    let theme: String
    var running = false
    /// Bumped by every step: the session file's version, the worker's state key.
    var version = 0
    let run: Int
    var tree: [TreeEntry] = []
    var locators: [Int: String] = [:]
    var recording: LiveWalk?
    var lastWritten: [String] = []

    init(app: AppProcess, folder: String, theme: String, run: Int) {
        self.app = app
        self.folder = folder
        self.theme = theme
        self.run = run
    }

    var sessionPath: String { (folder as NSString).appendingPathComponent("session.json") }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    var spec: StateSpec {
        StateSpec(
            state: "live|\(run)|\(version)|\(theme)", path: sessionPath, theme: theme, themeGeneration: "0",
            device: "session", fontScale: "1", capture: "final")
    }

    /// The session's device (a recording's script starts with it).
    func device() -> Any? {
        guard let d = FileManager.default.contents(atPath: sessionPath),
            let o = try? JSONSerialization.jsonObject(with: d) as? [String: Any]
        else { return nil }
        return o["device"]
    }
}

extension MCPTools {
    func appStart(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["binary", "args", "look", "device", "full_size"])
        let binary: String
        if let b = try a.string("binary") {
            binary = try root.file(b, what: "binary")
        } else if let b = options.app {
            binary = b
        } else {
            throw ToolError(
                "app_start: give binary (the app's preview binary under --root) or start render mcp with --app BIN")
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ToolError("app_start: \(binary) is not an executable (build the app's preview binary first)")
        }
        var args = try a.strings("args") ?? (a.has("binary") ? [] : options.appArguments)
        // The live mode's own options are the server's to give: --out is the app's folder, not the agent's.
        if let bad = args.first(where: { ["--out", "--live", "--explore", "--script", "--render"].contains($0) }) {
            throw ToolError(
                "app_start: \(bad) is not an argument app_start passes on (the server gives the live mode's own)")
        }
        // A theme file is confined to the root like every path; the app and the worker get its full path.
        var look = try a.string("look")
        if let l = look, l.contains("/") || l.hasSuffix(".json") { look = try root.file(l, what: "look") }
        if let l = look { args += ["--theme", l] }
        if let d = try a.string("device") { args += ["--device", d] }
        await endLive()
        var template = Array((AppProcess.folderBase() + "render-mcp-app.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ToolError("app_start: cannot create a temporary folder") }
        let folder = RootFolder.realPath(String(cString: made)) ?? String(cString: made)
        let app = AppProcess(path: binary, arguments: args, outDir: folder, stepTimeout: options.stepTimeout)
        runs += 1
        let l = LiveSession(
            app: app, folder: folder, theme: look ?? "default",
            run: runs)
        live = l
        emergency.app = app
        emergency.folder = folder
        let boot = await app.start()
        l.running = boot["ended"] as? Bool != true && boot["outcome"] as? String != "not-started"
        guard l.running else {
            await endLive()
            throw ToolError("app_start: the app did not start: \(boot["message"] as? String ?? Self.jsonText(boot))")
        }
        return try await shown(
            l, head: "app started: \(root.relative(binary)) \(args.joined(separator: " "))", changes: nil, a)
    }

    /// Ends the app's run: its process group killed, the process reaped (AppProcess answers the end once it
    /// has reaped it), its folder removed.
    func endLive() async {
        guard let l = live else { return }
        live = nil
        emergency.app = nil
        emergency.folder = nil
        l.app.interrupt()
        for _ in 0..<200 {
            if l.app.pid == nil { break }
            if await l.app.reapIfEnded() != nil { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        l.remove()
    }

    func running(_ tool: String) throws -> LiveSession {
        guard let l = live else { throw ToolError("\(tool): no app is running: call app_start first") }
        guard l.running else {
            throw ToolError("\(tool): the app has ended (see the last answer): call app_start again")
        }
        return l
    }

    /// The screen after a boot or step: its picture (unless not asked for), what changed, its tree.
    func shown(_ l: LiveSession, head: String, changes before: [TreeEntry]?, _ a: ToolArguments) async throws
        -> CallTool.Result
    {
        let full = try a.bool("full_size") ?? false
        let spec = l.spec
        let answer = await worker.call(full ? .whole(spec) : .scaled(spec, maxSide: Self.maxSide))
        let meta = try Self.reply(answer, FrameMeta.self)
        l.tree = meta.tree
        l.locators = await locators(spec)
        var text = head
        if let before { text += "\nchanged: " + Self.changes(before, meta.tree) }
        if !meta.diagnostics.isEmpty { text += "\n" + Self.diagnosticsText(meta.diagnostics, heading: "diagnostics") }
        if let r = l.recording { text += "\nrecording: \(r.count) steps (app_record stop writes them)" }
        text +=
            "\n"
            + Self.treeText(
                meta.tree, locators: l.locators, offset: try a.int("offset", in: 0...1_000_000) ?? 0,
                maxChars: try a.int("max_chars", in: 500...40000) ?? Self.treeChars)
        let image = try a.bool("image") ?? true
        return CallTool.Result(content: (image ? [Self.image(answer.png)] : []) + [Self.words(text)], isError: false)
    }

    /// What a step changed, in words: texts that appeared or went, elements whose reach changed.
    static func changes(_ before: [TreeEntry], _ after: [TreeEntry]) -> String {
        func label(_ e: TreeEntry) -> String { "\(e.kind) \(quoted(e.text))" }
        func counted(_ t: [TreeEntry]) -> [String: Int] {
            t.filter { !$0.text.isEmpty }.reduce(into: [:]) { $0[label($1), default: 0] += 1 }
        }
        let (b, n) = (counted(before), counted(after))
        let appeared = n.keys.filter { n[$0]! > b[$0, default: 0] }.sorted()
        let gone = b.keys.filter { b[$0]! > n[$0, default: 0] }.sorted()
        let reachBefore = Dictionary(before.filter { !$0.text.isEmpty }.map { (label($0), $0.reachable) }) { x, _ in x }
        var reach: [String] = []
        for now in [false, true] {
            let changed = after.filter { e in
                !e.text.isEmpty && e.reachable == now && reachBefore[label(e)].map { $0 != now } == true
            }.map(label)
            guard !changed.isEmpty else { continue }
            let state = now ? "now reachable" : "now unreachable"
            reach.append(
                changed.count <= 3
                    ? changed.joined(separator: ", ") + " " + state
                    : "\(changed.count) elements \(state) (\(changed.prefix(3).joined(separator: ", ")), ...)")
        }
        var parts: [String] = []
        if !appeared.isEmpty { parts.append("appeared " + appeared.prefix(20).joined(separator: ", ")) }
        if !gone.isEmpty { parts.append("gone " + gone.prefix(20).joined(separator: ", ")) }
        if !reach.isEmpty { parts.append(reach.joined(separator: "; ")) }
        if parts.isEmpty {
            parts.append(
                before.count == after.count
                    ? "no text changed" : "no text changed; \(before.count) -> \(after.count) elements")
        }
        return parts.joined(separator: "; ")
    }

    func appStep(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["action", "locator", "x", "y", "text", "value", "ms", "image", "full_size", "offset", "max_chars"])
        let l = try running("app_step")
        let action = try a.required("action")
        guard ["tap", "press", "release", "scroll", "input", "back", "tick", "sys"].contains(action) else {
            throw ToolError("app_step: action is tap, press, release, scroll, input, back, tick or sys")
        }
        var step: [String: Any] = ["type": action]
        let x = try a.number("x", in: -1e5...1e5)
        let y = try a.number("y", in: -1e5...1e5)
        if let locator = try a.object("locator") {
            step["target"] = locator
        } else if let x, let y {
            step["x"] = (x * 100).rounded() / 100
            step["y"] = (y * 100).rounded() / 100
        } else if ["tap", "press", "release", "scroll", "input"].contains(action) {
            throw ToolError("app_step: \(action) needs a locator (e.g. {\"text\": \"OK\"}) or x and y in dp")
        }
        if let t = try a.string("text") { step[action == "sys" ? "event" : "textValue"] = t }
        if action == "input", step["textValue"] == nil { throw ToolError("app_step: input needs text") }
        if let v = try a.int("value", in: -1_000_000...1_000_000) { step["value"] = v }
        if let ms = try a.int("ms", in: 0...3_600_000) { step["ms"] = ms }
        if action == "tick", step["ms"] == nil { step["ms"] = 16 }
        if action == "scroll", step["value"] == nil {
            throw ToolError("app_step: scroll needs value (the offset in dp)")
        }
        return try await play(l, step, a)
    }

    func play(_ l: LiveSession, _ step: [String: Any], _ a: ToolArguments) async throws -> CallTool.Result {
        let before = l.tree
        let locatorsBefore = l.locators
        let answer = await l.app.play(step)
        l.version += 1
        let outcome = answer["outcome"] as? String ?? "?"
        if answer["ended"] as? Bool == true { l.running = false }
        if outcome == "ok", l.recording != nil { l.recording?.add(step, answer: answer, locators: locatorsBefore) }
        var head = "outcome: \(outcome)"
        // The runner is the server's: its messages name its option, which is this server's too.
        if let m = answer["message"] as? String {
            head += ": " + m.replacingOccurrences(of: "render serve --step-timeout", with: "render mcp --step-timeout")
        }
        if let us = answer["micros"] as? Int { head += " (app \(Self.n(Double(us) / 1000)) ms)" }
        if let ev = answer["events"] as? [Any], !ev.isEmpty {
            head += "\nevents: " + ev.prefix(5).map(Self.jsonText).joined(separator: ", ")
        }
        if !l.running { head += "\nthe app has ended: app_start starts it again" }
        guard FileManager.default.fileExists(atPath: l.sessionPath) else {
            return CallTool.Result(content: [Self.words(head)], isError: outcome != "ok")
        }
        var r = try await shown(l, head: head, changes: before, a)
        if outcome != "ok" { r = CallTool.Result(content: r.content, isError: true) }
        return r
    }

    func appSnapshot(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["name", "full_size", "offset", "max_chars", "image"])
        let l = try running("app_snapshot")
        if let name = try a.string("name") {
            guard LiveWalk.isName(name) else {
                throw ToolError("app_snapshot: name is letters, digits, . _ - (not starting with .)")
            }
            return try await play(l, ["type": "snapshot", "name": name], a)
        }
        return try await shown(l, head: "the app's screen", changes: nil, a)
    }

    func appRecord(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["action", "name", "overwrite"])
        let l = try running("app_record")
        switch try a.required("action") {
        case "start":
            // From the boot, as the server's Record: the script replays from the app's first screen.
            l.app.interrupt()
            let boot = await l.app.start()
            l.version += 1
            l.running = boot["ended"] as? Bool != true && boot["outcome"] as? String != "not-started"
            guard l.running else {
                throw ToolError("app_record: the app did not start again: \(boot["message"] as? String ?? "")")
            }
            l.recording = LiveWalk(device: l.device())
            return try await shown(
                l, head: "recording from a fresh start of the app", changes: nil,
                ToolArguments(tool: "app_record", ["image": false]))
        case "stop":
            guard let r = l.recording else { throw ToolError("app_record: not recording (app_record start first)") }
            let name = try a.required("name")
            guard LiveWalk.isName(name) else {
                throw ToolError("app_record: name is letters, digits, . _ - (not starting with .)")
            }
            let dir = try root.outFolder("recordings")
            let files: [String]
            do {
                files = try r.write(
                    dir: dir, name: name, appFolder: l.folder, overwrite: try a.bool("overwrite") ?? false)
            } catch {
                throw ToolError("app_record: \(error)")
            }
            l.recording = nil
            let session = root.relative((dir as NSString).appendingPathComponent("\(name).session.json"))
            return CallTool.Result(
                content: [
                    Self.words(
                        "wrote \(r.count) steps: " + files.map(root.relative).joined(separator: ", ")
                            + "\nkeep it as a test: check with sessions [\"\(session)\"] and record \"missing\" "
                            + "records its goldens; later checks compare with them"
                    )
                ], isError: false)
        default: throw ToolError("app_record: action is start or stop")
        }
    }

    func appStop(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only([])
        guard live != nil else { return CallTool.Result(content: [Self.words("no app was running")], isError: false) }
        await endLive()
        return CallTool.Result(content: [Self.words("the app was ended")], isError: false)
    }
}

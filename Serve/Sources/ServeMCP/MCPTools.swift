import Foundation
import MCP
import ServeCore
import ServeProtocol

/// The tools' state: the root, one persistent `render --serve-worker` (the server's WorkerProcess: a
/// rendered state stays in its memory, so a second call on the same session costs a frame, not a load), the
/// frames and locators answered lately, and the live app. An actor: the SDK runs each request in a task of
/// its own, so calls may overlap; the worker answers one request at a time.
public actor MCPTools {
    let options: MCPOptions
    let root: RootFolder
    let worker: WorkerProcess
    /// The longest side of a picture by default (docs/mcp.md "Sized for agents").
    static let maxSide = 800
    var sessionThemes: [String: (String, String)] = [:]
    var answers = RecentlyUsed<FrameAnswer>(limit: 8)
    var locatorLists = RecentlyUsed<[Int: String]>(limit: 8)
    var timelines = RecentlyUsed<[TimelineEntry]>(limit: 16)
    /// The tool that holds the server (app_step, explore): any call meanwhile gets a busy error.
    var busy: String?
    var checkRunning: String?
    /// What a signal ends at once (main.swift): the worker and the app's process group.
    public nonisolated let emergency = EmergencyStop()
    var live: LiveSession?
    var runs = 0

    public init(options: MCPOptions) throws {
        self.options = options
        root = try RootFolder(options.root)
        var args: [String] = []
        if let d = options.fontsDir { args += ["--fonts-dir", d] }
        if let f = options.fonts { args += ["--fonts", f] }
        worker = WorkerProcess(render: options.render, arguments: args, name: "mcp", requestTimeout: 60)
        emergency.worker = worker
    }

    /// At exit: the worker and the app end with the server (their process groups, reaped).
    public func shutdown() async {
        await endLive()
        worker.stop()
    }

    /// One tool call: its answer, or a tool error (`isError`) with the message; never a crash.
    public func call(_ name: String, _ arguments: [String: Value]?) async -> CallTool.Result {
        if let b = busy {
            return Self.failure(
                "busy: \(b) is running; call again when it has answered (one call at a time while \(b) runs)")
        }
        let a = ToolArguments(tool: name, arguments)
        do {
            switch name {
            case "render": return try await render(a)
            case "tree": return try await tree(a)
            case "inspect": return try await inspect(a)
            case "a11y": return try await accessibility(a)
            case "portability": return try await portability(a)
            case "check": return try await checking(name) { try await self.check(a, accept: false) }
            case "accept": return try await checking(name) { try await self.check(a, accept: true) }
            // The app's other tools take turns too: two app_starts at once could leave a run nobody ends.
            case "app_start": return try await holding("app_start") { try await self.appStart(a) }
            case "app_step": return try await holding("app_step") { try await self.appStep(a) }
            case "app_snapshot": return try await holding("app_snapshot") { try await self.appSnapshot(a) }
            case "app_record": return try await holding("app_record") { try await self.appRecord(a) }
            case "app_stop": return try await holding("app_stop") { try await self.appStop(a) }
            case "explore": return try await holding("explore") { try await self.explore(a) }
            default: throw ToolError("no tool \(name); tools/list names them")
            }
        } catch let e as ToolError {
            return Self.failure(e.description)
        } catch {
            return Self.failure("\(name): \(error)")
        }
    }

    func holding(_ tool: String, _ body: () async throws -> CallTool.Result) async throws -> CallTool.Result {
        busy = tool
        defer { busy = nil }
        return try await body()
    }

    /// check and accept one at a time (they share .render-mcp/check/); other tools go on meanwhile.
    func checking(_ tool: String, _ body: () async throws -> CallTool.Result) async throws -> CallTool.Result {
        if let c = checkRunning { throw ToolError("busy: \(c) is running; call again when it has answered") }
        checkRunning = tool
        defer { checkRunning = nil }
        return try await body()
    }

    static func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [Self.words(message)], isError: true)
    }

    /// The worker's answer for a request, from memory when the same state was asked for lately.
    func answer(_ request: WorkerRequest, key: String) async -> FrameAnswer {
        if let a = answers.use(key) { return a }
        let a = await worker.call(request)
        if (try? JSONDecoder().decode(AnswerStatus.self, from: Data(a.json)))?.ok == true { answers.keep(a, for: key) }
        return a
    }

    static func reply<T: Codable & Equatable & Sendable>(_ a: FrameAnswer, _: T.Type) throws -> T {
        guard let r = try? JSONDecoder().decode(WorkerReply<T>.self, from: Data(a.json)) else {
            throw ToolError("the render worker's answer could not be read")
        }
        switch r {
        case .ok(let v): return v
        case .failed(let f):
            throw ToolError(diagnosticsText(f.diagnostics, heading: "the session could not be rendered"))
        }
    }

    static func diagnosticsText(_ d: [AnswerDiagnostic], heading: String? = nil) -> String {
        var lines = heading.map { ["\($0):"] } ?? []
        lines += d.prefix(30).map { x in
            "- \(x.severity) \(x.code)\(x.step.map { " (step \($0))" } ?? ""): \(x.message)"
        }
        if d.count > 30 { lines.append("- ... \(d.count - 30) more") }
        return lines.joined(separator: "\n")
    }

    /// The capture a view names: "final", or the snapshot's place in the session's timeline.
    func capture(_ v: FrameView) async throws -> String {
        guard let snap = v.snapshot else { return "final" }
        var timeline = timelines.use(v.timelineKey)
        if timeline == nil {
            let spec = v.spec(capture: "final")
            let a = await answer(.scaled(spec, maxSide: Self.maxSide), key: spec.state + "|s")
            let meta = try Self.reply(a, FrameMeta.self)
            timelines.keep(meta.timeline, for: v.timelineKey)
            timeline = meta.timeline
        }
        guard let e = timeline?.first(where: { $0.kind == "snapshot" && $0.name == snap }) else {
            let names = (timeline ?? []).compactMap { $0.kind == "snapshot" ? $0.name : nil }
            throw ToolError(
                "no snapshot \"\(snap)\" in \(v.shown); its snapshots: "
                    + "\(names.isEmpty ? "none" : names.joined(separator: ", "))"
            )
        }
        return "capture:\(e.index)"
    }

    /// A frame: its answer (meta and PNG, shrunk unless `full`) and the state asked for.
    func frame(_ v: FrameView, full: Bool) async throws -> (FrameMeta, [UInt8], StateSpec) {
        let spec = v.spec(capture: try await capture(v))
        let a =
            full
            ? await answer(.whole(spec), key: spec.state + "|w")
            : await answer(.scaled(spec, maxSide: Self.maxSide), key: spec.state + "|s")
        let meta = try Self.reply(a, FrameMeta.self)
        if v.snapshot == nil { timelines.keep(meta.timeline, for: v.timelineKey) }
        return (meta, a.png, spec)
    }

    /// The plainest locator of each reachable element of a state (JSON text by id).
    func locators(_ spec: StateSpec) async -> [Int: String] {
        if let l = locatorLists.use(spec.state) { return l }
        var out: [Int: String] = [:]
        let a = await worker.call(.locators(spec))
        for e in (try? Self.reply(a, LocatorsAnswer.self))?.locators ?? [] { out[e.id] = e.locator }
        locatorLists.keep(out, for: spec.state)
        return out
    }

    /// The size a picture of `meta` has when shrunk for agents (the worker's whole factor).
    static func shrunkSize(_ meta: FrameMeta, full: Bool) -> (Int, Int, Int) {
        let longest = max(meta.pixelWidth, meta.pixelHeight)
        let k = full || longest <= maxSide ? 1 : (longest + maxSide - 1) / maxSide
        return (meta.pixelWidth / k, meta.pixelHeight / k, k)
    }

    /// A text content (the SDK's plain `.text(_:)` is deprecated).
    static func words(_ text: String) -> Tool.Content { .text(text: text, annotations: nil, _meta: nil) }

    static func image(_ png: [UInt8]) -> Tool.Content {
        .image(data: Data(png).base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)
    }

    /// Writes a file under .render-mcp/ and returns its path relative to the root (answers say where).
    func save(_ bytes: [UInt8], folder: String, name: String) throws -> String {
        let dir = try root.outFolder(folder)
        let path = (dir as NSString).appendingPathComponent(name)
        do { try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw ToolError("cannot write \(path): \(error.localizedDescription)")
        }
        return root.relative(path)
    }

    static func fileName(_ s: String) -> String {
        let cleaned = String(s.map { $0.isLetter || $0.isNumber || "._-@".contains($0) ? $0 : "_" }.prefix(120))
        return cleaned.hasPrefix(".") ? "_" + cleaned.dropFirst() : cleaned
    }
}

/// The processes to end when render-mcp is told to stop (SIGINT, SIGTERM, SIGHUP): from the signal's handler,
/// without waiting for the actor (a step may hold it for its whole time).
public final class EmergencyStop: @unchecked Sendable {
    private let lock = NSLock()
    private var _worker: WorkerProcess?
    private var _app: AppProcess?
    private var _folder: String?
    var worker: WorkerProcess? {
        get { lock.withLock { _worker } }
        set { lock.withLock { _worker = newValue } }
    }
    var app: AppProcess? {
        get { lock.withLock { _app } }
        set { lock.withLock { _app = newValue } }
    }

    /// The live app's temporary folder.
    var folder: String? {
        get { lock.withLock { _folder } }
        set { lock.withLock { _folder = newValue } }
    }

    /// Kills the app's process group and the worker's, now, and removes the app's folder.
    public func stopNow() {
        app?.interrupt()
        worker?.terminateNow()
        if let f = folder { try? FileManager.default.removeItem(atPath: f) }
    }
}

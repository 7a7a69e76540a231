import Foundation
import ServeProtocol

/// `render serve --app BIN --rebuild CMD [--watch DIR]...` (docs/serve.md "Restart on code edit"): a save of a
/// watched source runs CMD; a failed build's errors go to the pages and the app runs on (the picture stays the
/// last good build's); a build that succeeds restarts the app and replays the walk (the steps played since the
/// boot, each input by its locator) to the same screen, then the pages get that screen's frame. Saves in a burst
/// make one build (`settle`), and a save during a build ends that build and starts another: the latest wins.
final class RebuildState: @unchecked Sendable {
    let options: RebuildOptions
    let folders: [String]
    var watch: SourceWatch?
    /// Builds started; a build's result is used only while it is the newest.
    var build = 0
    var message: RebuildMessage
    /// Sources saved since the last build started.
    var saved: [String] = []
    var settling: Task<Void, Never>?
    /// The build running, if one is (read at exit from outside the Hub: under `lock`).
    var running: BuildRun? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
    private var current: BuildRun?
    private let lock = NSLock()
    /// How long a burst of saves is waited out (an editor's save-all writes a file after another).
    static let settle: Duration = .milliseconds(150)

    init(options: RebuildOptions) throws {
        self.options = options
        folders = try options.folders()
        message = RebuildMessage(build: 0, state: "watching", command: options.command ?? "", watching: folders)
    }
}

extension Hub {
    /// Starts watching the sources (once the app's first run has begun).
    func startRebuild(_ live: LiveApp) {
        guard let r = live.rebuild, r.watch == nil else { return }
        r.watch = SourceWatch.start(folders: r.folders) { [weak self] paths in
            Task { await self?.sourcesSaved(live, paths) }
        }
        if r.watch == nil { r.message.message = "cannot watch the sources: inotify_init1 failed" }
        broadcastRebuild()
    }

    func rebuildGreeting(_ c: Client) {
        if let r = live?.rebuild { c.mailbox.put("rebuild", .text(MessageJSON.text(r.message))) }
    }

    func broadcastRebuild() {
        guard let r = live?.rebuild else { return }
        let m = MessageJSON.text(r.message)
        for c in clients.values { c.mailbox.put("rebuild", .text(m)) }
    }

    func sourcesSaved(_ live: LiveApp, _ paths: [String]) {
        guard let r = live.rebuild else { return }
        for p in paths where !r.saved.contains(p) && r.saved.count < 100 { r.saved.append(p) }
        r.settling?.cancel()
        r.settling = Task {
            try? await Task.sleep(for: RebuildState.settle)
            guard !Task.isCancelled else { return }
            self.startBuild(live)
        }
    }

    /// Runs the command (ending a build still running: its sources are older).
    func startBuild(_ live: LiveApp) {
        guard let r = live.rebuild, let command = r.options.command else { return }
        r.running?.cancel()
        r.build += 1
        let n = r.build
        let run = BuildRun(command: command, timeout: r.options.timeout)
        r.running = run
        let changed = Array(r.saved.prefix(10))
        r.saved = []
        r.message = RebuildMessage(build: n, state: "building", command: command, watching: r.folders, changed: changed)
        broadcastRebuild()
        Task {
            let result = await run.run()
            await self.built(live, n, result)
        }
    }

    func built(_ live: LiveApp, _ n: Int, _ result: BuildRun.Result) {
        guard let r = live.rebuild, n == r.build, !result.cancelled else { return }  // a newer save's build runs
        r.running = nil
        var m = r.message
        m.seconds = (result.seconds * 1000).rounded() / 1000
        m.status = result.exitCode.map(Int.init)
        m.builtAt = LiveTiming.now()
        guard result.succeeded else {
            m.state = "failed"
            m.diagnostics = BuildDiagnostics.parse(result.output)
            m.output = BuildDiagnostics.tail(result.output)
            if result.timedOut {
                m.message =
                    "the build did not end within \(AppProcess.seconds(r.options.timeout)) s (--rebuild-timeout): "
                    + "it was ended with its helpers; the app runs the last good build"
            } else if let s = result.signal {
                m.message = "the build was ended by signal \(s); the app runs the last good build"
            } else {
                let errors = m.diagnostics.filter { $0.severity != "warning" }.count
                m.message =
                    "the build failed (exit \(result.exitCode ?? -1))"
                    + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
                    + ": the app runs the last good build"
            }
            r.message = m
            broadcastRebuild()
            return
        }
        // Built: warnings stay listed; the app restarts in turn with the steps sent before.
        m.diagnostics = BuildDiagnostics.parse(result.output)
        m.state = "replaying"
        m.replay = ReplayReport(steps: live.walk.count, played: 0)
        r.message = m
        broadcastRebuild()
        enqueue { await self.replayWalk(live, build: n) }
    }

    /// The rebuilt app from its boot, then the walk played again step by step without a frame between (one
    /// frame, of the screen it reached, goes to the pages). A step that is not answered `ok` (its locator found
    /// no element: the edit removed or renamed it) stops the replay there, and the page names that step.
    func replayWalk(_ live: LiveApp, build n: Int) async {
        guard let r = live.rebuild, n == r.build else { return }
        let report = await replayFromBoot(live)
        await shown(live)
        var m = r.message
        m.state = report.stoppedAt == nil && live.running ? "done" : "stopped"
        m.replay = report
        m.framedAt = LiveTiming.now()
        r.message = m
        broadcastRebuild()
    }

    /// Starts the app again and plays the walk on it, without a frame between the steps (the caller shows the
    /// screen reached); how far it went. Also the Look switch's restart (LiveHub+Look.swift).
    func replayFromBoot(_ live: LiveApp) async -> ReplayReport {
        // The steps a replay before could not play come again while no step was played since: the edit that
        // fixes what stopped it brings the whole walk back.
        let walk = live.walk + live.walkRest
        live.ended = nil
        live.locators = [:]
        live.walk = []
        live.walkRest = []
        let boot = await live.app.start()
        live.running = boot["ended"] as? Bool != true && boot["outcome"] as? String != "not-started"
        if !live.running { live.ended = boot }
        live.add(boot, input: nil)
        var report = ReplayReport(steps: walk.count, played: 0)
        guard live.running else {
            live.walkRest = walk  // kept for the next build
            report.message = "the app did not start: \(boot["message"] as? String ?? "")"
            return report
        }
        for (i, step) in walk.enumerated() {
            var answer = await live.app.play(step)
            answer["replayed"] = true  // the page's Steps pane says so, and times no click for it
            live.add(answer, input: step)
            if answer["outcome"] as? String == "ok" {
                live.walk.append(step)
                report.played += 1
                continue
            }
            report.stoppedAt = i
            live.walkRest = Array(walk[i...])
            report.step = Hub.json(step)
            report.message =
                "step \(i + 1) of \(walk.count) (\(Self.describe(step))): "
                + "\(answer["outcome"] as? String ?? "?"): \(answer["message"] as? String ?? "")"
            break
        }
        return report
    }

    /// A step as the page's message names it: its type and its locator (or point).
    static func describe(_ step: [String: Any]) -> String {
        let type = step["type"] as? String ?? "step"
        if let t = step["target"] { return "\(type) \(Hub.json(t))" }
        if let x = step["x"], let y = step["y"] { return "\(type) at \(x),\(y)" }
        var rest = step
        rest["type"] = nil
        return rest.isEmpty ? type : "\(type) \(Hub.json(rest))"
    }
}

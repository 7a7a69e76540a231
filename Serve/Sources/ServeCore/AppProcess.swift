import Foundation

/// The app of `render serve --app`: its preview binary in the live mode (`APP --live --out DIR`,
/// Platform/README.md "Live mode") as a child process (ChildProcess: its own process group, the
/// default signal mask). A step goes to its stdin as one JSON line; the answer is the next line of its
/// stdout. The app ending (it threw, quit, hung past its step time, crashed, called exit()) ends only
/// the child: the answer then says what happened, and `start()` begins a new run.
///
/// Nothing the app does can hold the server: every step has a time limit (`stepTimeout`, the
/// `--step-timeout` option), after which the app is reported `hung` and its group ended; an app that
/// closes its stdout but lives on, or whose helper holds its pipes after it ended, is ended too; its
/// stderr is kept as a bounded tail; and `interrupt()` (Restart) ends the run from any thread, even
/// while a step waits for an answer.
public final class AppProcess: @unchecked Sendable {
    let path: String
    let arguments: [String]
    let outDir: String
    /// Seconds the app has for the boot and for each step (docs/limits.md, `--step-timeout`).
    let stepTimeout: Double
    private let queue = DispatchQueue(label: "render-serve.app")
    private var child: ChildProcess?
    private var buffer: [UInt8] = []
    /// Steps written to this run (the app numbers them from 0; the boot is "boot"): an app that ends
    /// without an answer line (exit(), a signal, the watchdog) is reported at the step it was playing.
    private var played = 0
    private let errors = StderrTail()
    /// Written to by `interrupt()`: wakes a step waiting for the app's answer.
    private let wake: (read: Int32, write: Int32)
    /// Called (on any thread) whenever a run's process ends, also during a step or a restart: the Hub
    /// then asks `reapIfEnded()`, which tells an end between steps from one already answered.
    public var onExit: (@Sendable () -> Void)?
    /// The longest answer line accepted (a boot of many commands is a few hundred KB).
    static let maxLine = 64 << 20
    public static let defaultStepTimeout = 10.0
    /// How long an app whose stdout ended has to finish exiting before it is ended.
    static let exitGrace = 0.5

    /// The look the next run starts in (`--theme` in place of the app's own), set by the page's `look`.
    private var theme: String?
    public func startIn(theme: String?) { queue.sync { self.theme = theme } }

    /// The app's arguments with `--theme` the look asked for, when one was.
    public static func arguments(_ given: [String], theme: String?) -> [String] {
        guard let theme else { return given }
        var out: [String] = []
        var i = 0
        while i < given.count {
            if given[i] == "--theme" {
                i += 2
            } else {
                out.append(given[i])
                i += 1
            }
        }
        return out + ["--theme", theme]
    }

    public init(path: String, arguments: [String], outDir: String, stepTimeout: Double = defaultStepTimeout) {
        self.path = path
        self.arguments = arguments
        self.outDir = outDir
        self.stepTimeout = stepTimeout
        wake = ChildProcess.channel(nonBlocking: true) ?? (-1, -1)
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Starts the app (ending a run still going) and returns the boot's answer.
    public func start() async -> [String: Any] {
        await run {
            self.end()
            self.drainWake()
            self.pidLock.withLock { self.restartAsked = false }
            self.errors.reset()
            let tail = self.errors
            let c: ChildProcess
            do {
                c = try ChildProcess.spawn(
                    self.path, ["--live", "--out", self.outDir] + Self.arguments(self.arguments, theme: self.theme),
                    stderr: { tail.add($0) })
            } catch {
                return ["step": "boot", "outcome": "not-started", "message": "cannot start \(self.path): \(error)"]
            }
            self.child = c
            self.pidLock.withLock { self.runningPid = c.pid }
            self.buffer = []
            self.played = 0
            self.watch(c)
            return self.readAnswer()
        }
    }

    /// Plays one step (a JSON object) and returns its answer.
    public func play(_ step: [String: Any]) async -> [String: Any] {
        await run {
            guard let c = self.child else { return ["outcome": "not-running", "message": "the app is not running"] }
            guard let data = try? JSONSerialization.data(withJSONObject: step, options: [.sortedKeys]) else {
                return ["outcome": "refused", "message": "the step is not JSON"]
            }
            self.played += 1
            guard self.write(Array(data) + [0x0a], to: c.stdin) else { return self.ended() }
            return self.readAnswer()
        }
    }

    /// Restart: ends the run now from any thread, whatever it is doing; a step waiting for its answer is
    /// answered at once (`restarted`). The next `start()` begins a new run.
    public func interrupt() {
        // Asked first, then woken, then ended: the step sees "restarted" whichever it notices first (its
        // output ending with the app, or the wake), not a crash by the SIGKILL Restart sent.
        pidLock.withLock { restartAsked = true }
        var byte: UInt8 = 0x72
        _ = Glibc.write(wake.write, &byte, 1)
        if let pid = pidLock.withLock({ runningPid }) { kill(-pid, SIGKILL) }
    }
    /// Restart was asked since this run started (`interrupt()`); cleared by `start()`.
    private var restartAsked = false
    private var restarting: Bool { pidLock.withLock { restartAsked } }

    /// At exit (Ctrl-C): ends the app and its helpers now, whatever they are doing.
    func terminateNow() {
        if let pid = pidLock.withLock({ runningPid }) { kill(-pid, SIGKILL) }
    }
    private let pidLock = NSLock()
    private var runningPid: Int32?
    /// The running app's process id, also its process group's (tests end it by hand).
    public var pid: Int32? { pidLock.withLock { runningPid } }

    private func run(_ body: @escaping () -> [String: Any]) async -> [String: Any] {
        await withCheckedContinuation { (c: CheckedContinuation<[String: Any], Never>) in
            queue.async { c.resume(returning: body()) }
        }
    }

    /// Tells the Hub when the run's process ends (between steps too), once per run.
    private func watch(_ c: ChildProcess) {
        let thread = Thread { [weak self] in
            c.waitForExit()
            self?.onExit?()
        }
        thread.name = "render-serve.app-exit"
        thread.start()
    }

    /// Ends the run: the app and its whole group, reaped.
    private func end() {
        guard let c = child else { return }
        c.reap()
        c.stderrFinished(seconds: 0.2)
        child = nil
        pidLock.withLock { runningPid = nil }
    }

    private func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &bytes, bytes.count) > 0 {}
    }

    /// Writes a step line, within the step's time (an app that stops reading fills the pipe).
    private func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(stepTimeout)
        var at = 0
        while at < bytes.count {
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&p, 1, min(left, 100)) >= 0 || errno == EINTR else { return false }
            if p.revents & Int16(POLLOUT) != 0 {
                let n = bytes[at...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, min($0.count, 4096)) }
                if n < 0 && errno != EAGAIN && errno != EINTR { return false }
                if n > 0 { at += n }
            } else if p.revents & Int16(POLLERR | POLLHUP) != 0 || Date() >= deadline {
                return false
            }
        }
        return true
    }

    private enum Wait { case data, restarted, exited, timedOut }

    /// Waits for the app's stdout to have something, for Restart, for the app's end, or for the deadline.
    private func waitForOutput(_ c: ChildProcess, until deadline: Date) -> Wait {
        while true {
            var fds = [
                pollfd(fd: c.stdout, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            // In slices: an app that ended while a helper holds its stdout is seen within 0.1 s.
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let n = poll(&fds, 2, min(left, 100))
            if n < 0 && errno != EINTR { return .exited }
            if fds[1].revents != 0 {
                drainWake()
                return .restarted
            }
            if fds[0].revents != 0 { return .data }
            if c.hasExited { return .exited }
            if Date() >= deadline { return .timedOut }
        }
    }

    private func readAnswer() -> [String: Any] {
        guard let c = child else { return ["outcome": "not-running", "message": "the app is not running"] }
        let deadline = Date().addingTimeInterval(stepTimeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var exited = false
        while true {
            if let nl = buffer.firstIndex(of: 0x0a) {
                let line = Data(buffer[..<nl])
                buffer.removeSubrange(0...nl)
                guard var o = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
                    end()
                    return ["outcome": "stopped", "message": "the app's answer is not a JSON line", "ended": true]
                }
                if let outcome = o["outcome"] as? String, Self.endsRun.contains(outcome) {
                    o["ended"] = true
                    end()
                }
                return o
            }
            guard buffer.count <= Self.maxLine else {
                end()
                return ["outcome": "stopped", "message": "the app's answer is longer than 64 MiB", "ended": true]
            }
            if exited { return restarting ? restarted() : ended() }  // what it wrote before it ended: no answer
            switch waitForOutput(c, until: deadline) {
            case .restarted: return restarted()
            case .timedOut: return timedOut()
            case .exited:
                // Its last answer may still be in the pipe (a helper holds the write end): read what is there.
                exited = true
                var p = pollfd(fd: c.stdout, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 0) > 0, p.revents & Int16(POLLIN) != 0 else {
                    return restarting ? restarted() : ended()
                }
                fallthrough
            case .data:
                let n = chunk.withUnsafeMutableBytes { read(c.stdout, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return restarting ? restarted() : ended() }
                buffer += chunk[0..<n]
            }
        }
    }

    static let endsRun: Set<String> = ["threw", "quit", "stopped", "engine-error"]

    /// The answer for a run whose process ended while no step waited for it (killed, or exit() from a
    /// thread of its own after its answer); nil when the run goes on or its end was answered already.
    public func reapIfEnded() async -> [String: Any]? {
        await withCheckedContinuation { (c: CheckedContinuation<[String: Any]?, Never>) in
            queue.async {
                guard let p = self.child, p.hasExited else { return c.resume(returning: nil) }
                c.resume(returning: self.ended(idle: true))
            }
        }
    }

    private var stepName: Any { played > 0 ? played - 1 : "boot" }

    /// The step waiting when Restart came: the run is over.
    private func restarted() -> [String: Any] {
        end()
        return [
            "ended": true, "outcome": "restarted", "step": stepName,
            "message": "the app was ended by Restart while it played step \(stepName)",
        ]
    }

    /// The step's time ran out: the app and its helpers are ended, and the message names the limit.
    private func timedOut() -> [String: Any] {
        end()
        let limit = Self.seconds(stepTimeout)
        let message =
            "the app did not answer step \(stepName) within \(limit) s (render serve --step-timeout): it was ended"
        Self.log(message)
        let said = errors.text()
        return [
            "ended": true, "outcome": "hung", "step": stepName, "limit": "step-timeout",
            "message": message + (said.isEmpty ? "" : "; it said: \(said)"),
        ]
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }

    /// A limit that fired, on the server's stderr (the log) as well as in the page's log.
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("render serve: app: \(message)\n".utf8))
    }

    /// The answer when the app's output ended without one: how the process ended. `idle`: it ended
    /// between steps (no step was waiting for it), after the last step answered. An app that closed
    /// its stdout but lives on is given `exitGrace` to finish exiting, then ended.
    private func ended(idle: Bool = false) -> [String: Any] {
        guard let c = child else { return ["outcome": "not-running", "message": "the app is not running"] }
        let lingered = !c.waitForExit(seconds: Self.exitGrace)
        let status = c.reap()
        c.stderrFinished(seconds: 0.2)
        child = nil
        pidLock.withLock { runningPid = nil }
        let said = errors.text()
        var o: [String: Any] = ["ended": true, "status": Int(status)]
        let step = stepName
        let when = idle ? " between steps (after step \(step))" : ""
        if !idle { o["step"] = step }
        if lingered {
            o["outcome"] = "stopped"
            o["message"] = "the app closed its output (stdout) but kept running\(when): it was ended"
            Self.log(o["message"] as! String)
        } else if let sig = ChildProcess.signal(of: status) {
            o["status"] = Int(sig)
            o["outcome"] = "crashed"
            o["message"] = "the app crashed (signal \(sig))\(when)" + (said.isEmpty ? "" : ": \(said)")
        } else if ChildProcess.exitCode(of: status) == 4 {
            o["status"] = 4
            o["outcome"] = "hung"
            o["message"] = said.isEmpty ? "the app is still busy after its step time" : said
        } else {
            let code = ChildProcess.exitCode(of: status) ?? 0
            o["status"] = Int(code)
            o["outcome"] = "exited"
            o["message"] = "the app exited with status \(code)\(when)" + (said.isEmpty ? "" : ": \(said)")
        }
        return o
    }
}

/// The last lines the app wrote on stderr (what a crash or exit() left to say): at most 4 KB are kept,
/// however much it writes (a chatty app's megabytes pass through and are dropped).
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    static let kept = 4096

    func add(_ d: UnsafeRawBufferPointer) {
        lock.withLock {
            if d.count >= Self.kept {
                bytes = Array(d.suffix(Self.kept))
                return
            }
            let over = bytes.count + d.count - Self.kept
            if over > 0 { bytes.removeFirst(over) }
            bytes.append(contentsOf: d)
        }
    }

    func reset() { lock.withLock { bytes = [] } }

    /// The bytes kept (tests: never more than `kept`).
    var count: Int { lock.withLock { bytes.count } }

    /// The last three non-empty lines, joined.
    func text() -> String {
        let s = lock.withLock { String(decoding: bytes, as: UTF8.self) }
        return s.split(separator: "\n").suffix(3).joined(separator: " / ")
    }
}

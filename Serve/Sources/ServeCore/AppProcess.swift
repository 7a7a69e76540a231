import Foundation

/// The app of `render serve --app`: its preview binary in the live mode (`APP --live --out DIR`,
/// Platform/README.md "Live mode") as a child process. A step goes to its stdin as one JSON line; the
/// answer is the next line of its stdout. The app ending (it threw, quit, hung past its step time,
/// crashed, called exit()) ends only the child: the answer then says what happened, and `start()`
/// begins a new run.
public final class AppProcess: @unchecked Sendable {
    let path: String
    let arguments: [String]
    let outDir: String
    private let queue = DispatchQueue(label: "render-serve.app")
    private var process: Process?
    private var input: FileHandle?
    private var output: Int32 = -1
    private var buffer: [UInt8] = []
    /// Steps written to this run (the app numbers them from 0; the boot is "boot"): an app that ends
    /// without an answer line (exit(), a signal, the watchdog) is reported at the step it was playing.
    private var played = 0
    private let errors = StderrTail()
    private var errorOutput: FileHandle?
    /// Called (on any thread) whenever a run's process ends, also during a step or a restart: the Hub
    /// then asks `reapIfEnded()`, which tells an end between steps from one already answered.
    public var onExit: (@Sendable () -> Void)?
    /// The longest answer line accepted (a boot of many commands is a few hundred KB).
    static let maxLine = 64 << 20

    public init(path: String, arguments: [String], outDir: String) {
        self.path = path
        self.arguments = arguments
        self.outDir = outDir
    }

    /// Starts the app (ending a run still going) and returns the boot's answer.
    public func start() async -> [String: Any] {
        await run {
            self.end()
            let p = Process()
            p.executableURL = URL(fileURLWithPath: self.path)
            p.arguments = ["--live", "--out", self.outDir] + self.arguments
            let stdin = Pipe()
            let stdout = Pipe()
            let stderr = Pipe()
            p.standardInput = stdin
            p.standardOutput = stdout
            p.standardError = stderr
            self.errors.reset()
            let tail = self.errors
            stderr.fileHandleForReading.readabilityHandler = { h in tail.add(h.availableData) }
            self.errorOutput = stderr.fileHandleForReading
            p.terminationHandler = { [weak self] _ in self?.onExit?() }
            do { try p.run() } catch {
                return ["step": "boot", "outcome": "not-started", "message": "cannot start \(self.path): \(error)"]
            }
            self.process = p
            self.pidLock.withLock { self.runningPid = p.processIdentifier }
            self.input = stdin.fileHandleForWriting
            self.output = stdout.fileHandleForReading.fileDescriptor
            self.buffer = []
            self.played = 0
            return self.readAnswer()
        }
    }

    /// Plays one step (a JSON object) and returns its answer.
    public func play(_ step: [String: Any]) async -> [String: Any] {
        await run {
            guard self.process != nil else { return ["outcome": "not-running", "message": "the app is not running"] }
            guard let data = try? JSONSerialization.data(withJSONObject: step, options: [.sortedKeys]) else {
                return ["outcome": "refused", "message": "the step is not JSON"]
            }
            self.played += 1
            do { try self.input?.write(contentsOf: data + Data("\n".utf8)) } catch { return self.ended() }
            return self.readAnswer()
        }
    }

    /// At exit (Ctrl-C): ends the app now, whatever it is doing (its step may be under way).
    func terminateNow() {
        if let pid = pidLock.withLock({ runningPid }) { kill(pid, SIGKILL) }
    }
    private let pidLock = NSLock()
    private var runningPid: Int32?
    /// The running app's process id (tests end it by hand).
    public var pid: Int32? { pidLock.withLock { runningPid } }

    private func run(_ body: @escaping () -> [String: Any]) async -> [String: Any] {
        await withCheckedContinuation { (c: CheckedContinuation<[String: Any], Never>) in
            queue.async { c.resume(returning: body()) }
        }
    }

    private func end() {
        guard let p = process else { return }
        try? input?.close()
        let deadline = Date().addingTimeInterval(2)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        process = nil
        input = nil
        pidLock.withLock { runningPid = nil }
    }

    private func readAnswer() -> [String: Any] {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
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
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return ended() }
            buffer += chunk[0..<n]
        }
    }

    static let endsRun: Set<String> = ["threw", "quit", "stopped", "engine-error"]

    /// The answer for a run whose process ended while no step waited for it (killed, or exit() from a
    /// thread of its own after its answer); nil when the run goes on or its end was answered already.
    public func reapIfEnded() async -> [String: Any]? {
        await withCheckedContinuation { (c: CheckedContinuation<[String: Any]?, Never>) in
            queue.async {
                guard let p = self.process, !p.isRunning else { return c.resume(returning: nil) }
                c.resume(returning: self.ended(idle: true))
            }
        }
    }

    private func drainErrors() {
        guard let h = errorOutput else { return }
        errorOutput = nil
        Self.drain(h, into: errors)
    }

    /// The answer when the app's output ended without one: how the process ended. `idle`: it ended
    /// between steps (no step was waiting for it), after the last step answered.
    private func ended(idle: Bool = false) -> [String: Any] {
        guard let p = process else { return ["outcome": "not-running", "message": "the app is not running"] }
        p.waitUntilExit()
        process = nil
        input = nil
        pidLock.withLock { runningPid = nil }
        let status = p.terminationStatus
        drainErrors()
        let said = errors.text()
        var o: [String: Any] = ["ended": true, "status": Int(status)]
        let step: Any = played > 0 ? played - 1 : "boot"
        let when = idle ? " between steps (after step \(step))" : ""
        if !idle { o["step"] = step }
        if p.terminationReason == .uncaughtSignal {
            o["outcome"] = "crashed"
            o["message"] = "the app crashed (signal \(status))\(when)" + (said.isEmpty ? "" : ": \(said)")
        } else if status == 4 {
            o["outcome"] = "hung"
            o["message"] = said.isEmpty ? "the app is still busy after its step time" : said
        } else {
            o["outcome"] = "exited"
            o["message"] = "the app exited with status \(status)\(when)" + (said.isEmpty ? "" : ": \(said)")
        }
        return o
    }
}

extension AppProcess {
    /// What the app wrote on stderr just before it ended (exit() right after a message) may still be in
    /// the pipe when its stdout closes: read it here, not when the handler gets to it, so the message
    /// has it. Its write end is closed (the app has exited), so this ends at once; 0.1 s at most per
    /// read when something else holds it open.
    fileprivate static func drain(_ h: FileHandle, into tail: StderrTail) {
        h.readabilityHandler = nil
        var chunk = [UInt8](repeating: 0, count: 4096)
        var fds = pollfd(fd: h.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&fds, 1, 100) > 0 {
            let n = chunk.withUnsafeMutableBytes { read(h.fileDescriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            tail.add(Data(chunk[0..<n]))
        }
    }
}

/// The last lines the app wrote on stderr (what a crash or exit() left to say), at most 4 KB.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func add(_ d: Data) {
        lock.withLock {
            bytes.append(d)
            if bytes.count > 4096 { bytes = bytes.suffix(4096) }
        }
    }

    func reset() { lock.withLock { bytes = Data() } }

    /// The last three non-empty lines, joined.
    func text() -> String {
        let s = lock.withLock { String(decoding: bytes, as: UTF8.self) }
        return s.split(separator: "\n").suffix(3).joined(separator: " / ")
    }
}

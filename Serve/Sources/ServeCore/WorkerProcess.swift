import Foundation

/// One answer of a worker: its JSON (the worker's own, forwarded to pages as it is) and PNG bytes.
public struct WorkerAnswer: Sendable {
    public var json: [UInt8]
    public var png: [UInt8]
    /// The frame's changed rectangle over the worker's previous frame, when it sent one.
    public var patch: FramePatch? = nil
    /// The JSON's `ok` (false: the session did not load, or the worker failed).
    public var ok: Bool { Self.okFlag(json) }

    static func okFlag(_ json: [UInt8]) -> Bool {
        guard let o = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else { return false }
        return o["ok"] as? Bool ?? false
    }

    static func failure(_ message: String) -> WorkerAnswer {
        let body = try? JSONSerialization.data(
            withJSONObject: [
                "ok": false, "diagnostics": [["severity": "error", "code": "worker", "message": message]],
            ])
        return WorkerAnswer(json: Array(body ?? Data("{}".utf8)), png: [])
    }
}

/// A long-lived `render --serve-worker` process: requests go one at a time over its stdin, answers
/// come back on its stdout (WorkerWire). A worker that dies (a crash on a hostile session) is
/// started again for the next request; the request it died on gets an error answer.
public final class WorkerProcess: @unchecked Sendable {
    let render: String
    let arguments: [String]
    private let queue: DispatchQueue
    private var process: Process?
    private var input: FileHandle?
    private var output: Int32 = -1
    private var buffer: [UInt8] = []
    private var index = 0
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// The worker's nice(1) value: above 0, the kernel gives the cores to the other processes first
    /// (the main worker, the browser) when they want them; the worker gets what they leave.
    let niceness: Int

    public init(render: String, arguments: [String], name: String, niceness: Int = 0) {
        self.render = render
        self.arguments = arguments
        self.niceness = niceness
        queue = DispatchQueue(label: "render-serve.worker.\(name)")
    }

    /// How many requests of each operation this worker has answered (for /api/stats and the tests).
    public var requestCounts: [String: Int] { lock.withLock { counts } }

    public func call(_ fields: [String]) async -> WorkerAnswer {
        await withCheckedContinuation { (c: CheckedContinuation<WorkerAnswer, Never>) in
            queue.async {
                let answer = self.exchange(fields)
                self.lock.withLock { self.counts[fields.first ?? "", default: 0] += 1 }
                c.resume(returning: answer)
            }
        }
    }

    /// Stops the worker (its stdin closes; it exits at the end of its input).
    public func stop() {
        queue.sync {
            try? input?.close()
            process?.terminate()
            process = nil
            input = nil
        }
    }

    /// At exit (Ctrl-C): ends the worker now, whatever it is doing.
    public func terminateNow() {
        if let pid = lock.withLock({ self.pid }), pid > 0 { kill(pid, SIGTERM) }
    }
    private var pid: Int32?

    static let nice = "/usr/bin/nice"

    private func start() -> Bool {
        let p = Process()
        // Started through nice(1), which execs the worker: every thread it makes runs at that value.
        if niceness > 0, FileManager.default.isExecutableFile(atPath: Self.nice) {
            p.executableURL = URL(fileURLWithPath: Self.nice)
            p.arguments = ["-n", String(niceness), render, "--serve-worker"] + arguments
        } else {
            p.executableURL = URL(fileURLWithPath: render)
            p.arguments = ["--serve-worker"] + arguments
        }
        let stdin = Pipe()
        let stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        do { try p.run() } catch { return false }
        process = p
        lock.withLock { pid = p.processIdentifier }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading.fileDescriptor
        buffer = []
        return true
    }

    private func exchange(_ fields: [String]) -> WorkerAnswer {
        if process == nil || !(process?.isRunning ?? false) {
            guard start() else { return .failure("cannot start \(render) --serve-worker") }
        }
        index += 1
        let job = WorkerWire.job(index: index, fields: fields)
        do { try input?.write(contentsOf: job) } catch {
            process = nil
            return .failure("the render worker stopped")
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            switch WorkerWire.parseAnswer(buffer) {
            case .answer(_, let data, let used):
                buffer.removeSubrange(0..<used)
                guard let (json, png, patch) = WorkerWire.splitFrame(data) else {
                    return .failure("malformed worker answer")
                }
                return WorkerAnswer(json: json, png: png, patch: patch)
            case .malformed:
                process?.terminate()
                process = nil
                return .failure("malformed worker answer")
            case .partial:
                let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    process?.waitUntilExit()
                    let status = process?.terminationStatus ?? -1
                    process = nil
                    return .failure("the render worker stopped (status \(status)) on this request; it was restarted")
                }
                buffer += chunk[0..<n]
            }
        }
    }
}

import Foundation
import ServeProtocol

/// One answer of a worker (`FrameAnswer`, ServeProtocol): its JSON (the worker's own, forwarded to
/// pages as it is), PNG bytes, and a frame's changed rectangle when it sent one.
public typealias WorkerAnswer = FrameAnswer

extension FrameAnswer {
    /// What keeping it costs (the Hub's frame cache counts it).
    var byteCount: Int { json.count + png.count + (patch?.bytes.count ?? 0) }
    /// The JSON's `ok` (false: the session did not load, or the worker failed).
    public var ok: Bool { Self.okFlag(json) }

    static func okFlag(_ json: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(AnswerStatus.self, from: Data(json)))?.ok ?? false
    }

    /// The answer's JSON as the reply to a request for `T` (WorkerAnswers.swift); nil when it is not one.
    func reply<T: Codable & Equatable & Sendable>(_: T.Type) -> WorkerReply<T>? {
        try? JSONDecoder().decode(WorkerReply<T>.self, from: Data(json))
    }

    static func failure(_ message: String) -> WorkerAnswer {
        WorkerAnswer(json: MessageJSON.bytes(WorkerFailure(message, code: "worker")), png: [])
    }
}

/// A long-lived `render --serve-worker` process (a ChildProcess: its own process group, the default
/// signal mask): requests go one at a time over its stdin, answers come back on its stdout
/// (WorkerWire). A worker that dies (a crash on a hostile session) or takes longer than
/// `requestTimeout` on one request is ended and started again for the next request; the request gets
/// an error answer.
public final class WorkerProcess: @unchecked Sendable {
    let render: String
    let arguments: [String]
    private let queue: DispatchQueue
    private var child: ChildProcess?
    private var buffer: [UInt8] = []
    private var index = 0
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    /// Seconds one request may take (docs/limits.md): the engine's own budgets end a render long before.
    let requestTimeout: Double
    public static let defaultRequestTimeout = 60.0

    /// The worker's nice(1) value: above 0, the kernel gives the cores to the other processes first
    /// (the main worker, the browser) when they want them; the worker gets what they leave.
    let niceness: Int

    public init(
        render: String, arguments: [String], name: String, niceness: Int = 0,
        requestTimeout: Double = defaultRequestTimeout
    ) {
        self.render = render
        self.arguments = arguments
        self.niceness = niceness
        self.requestTimeout = requestTimeout
        queue = DispatchQueue(label: "render-serve.worker.\(name)")
    }

    /// How many requests of each operation this worker has answered (for /api/stats and the tests).
    public var requestCounts: [String: Int] { lock.withLock { counts } }

    /// The running worker's process id (tests).
    public var pid: Int32? { lock.withLock { runningPid } }

    public func call(_ request: WorkerRequest) async -> WorkerAnswer {
        await withCheckedContinuation { (c: CheckedContinuation<WorkerAnswer, Never>) in
            queue.async {
                let answer = self.exchange(request.fields)
                self.lock.withLock { self.counts[request.op, default: 0] += 1 }
                c.resume(returning: answer)
            }
        }
    }

    /// Stops the worker and reaps it.
    public func stop() {
        queue.sync { end() }
    }

    /// At exit (Ctrl-C): ends the worker now, whatever it is doing.
    public func terminateNow() {
        if let pid = lock.withLock({ runningPid }), pid > 0 { kill(-pid, SIGKILL) }
    }
    private var runningPid: Int32?

    static let nice = "/usr/bin/nice"

    private func start() -> Bool {
        // Started through nice(1), which execs the worker: every thread it makes runs at that value.
        let c: ChildProcess
        do {
            if niceness > 0, FileManager.default.isExecutableFile(atPath: Self.nice) {
                c = try ChildProcess.spawn(Self.nice, ["-n", String(niceness), render, "--serve-worker"] + arguments)
            } else {
                c = try ChildProcess.spawn(render, ["--serve-worker"] + arguments)
            }
        } catch { return false }
        child = c
        lock.withLock { runningPid = c.pid }
        buffer = []
        return true
    }

    private func end() {
        child?.reap()
        child = nil
        lock.withLock { runningPid = nil }
    }

    private func exchange(_ fields: [String]) -> WorkerAnswer {
        if let c = child, c.hasExited { end() }
        if child == nil {
            guard start() else { return .failure("cannot start \(render) --serve-worker") }
        }
        guard let c = child else { return .failure("cannot start \(render) --serve-worker") }
        index += 1
        let job = WorkerWire.job(index: index, fields: fields)
        let deadline = Date().addingTimeInterval(requestTimeout)
        guard Self.write(job, to: c.stdin) else {
            end()
            return .failure("the render worker stopped")
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            switch WorkerWire.parseAnswer(buffer) {
            case .frame(let answer, let used):
                buffer.removeSubrange(0..<used)
                guard let decoded = FrameAnswer.decode(answer.data) else { return .failure("malformed worker answer") }
                return decoded
            case .malformed:
                end()
                return .failure("malformed worker answer")
            case .partial:
                var p = pollfd(fd: c.stdout, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                let ready = poll(&p, 1, left)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    end()
                    let limit = AppProcess.seconds(requestTimeout)
                    return .failure(
                        "the render worker took more than \(limit) s on this request; it was ended and restarted")
                }
                let n = chunk.withUnsafeMutableBytes { read(c.stdout, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let status = c.reap()
                    end()
                    let how =
                        ChildProcess.signal(of: status).map { "signal \($0)" }
                        ?? "status \(ChildProcess.exitCode(of: status) ?? 0)"
                    return .failure("the render worker stopped (\(how)) on this request; it was restarted")
                }
                buffer += chunk[0..<n]
            }
        }
    }

    /// The request, whole: a worker reads every request it is sent (a job is a few hundred bytes).
    private static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            at += n
        }
        return true
    }
}

import Foundation
import Primitives
import RenderPipeline
import ServeProtocol

/// What became of one session of a batch in a worker process.
package struct BatchResult {
    package enum Outcome: Equatable, Sendable {
        /// The worker ran it: the session's exit code (as `render` alone would give) and the
        /// command's own result bytes (e.g. `check`'s outcomes as JSON).
        case finished(exit: Int32, data: [UInt8])
        /// The worker died on it: killed by `signal`, or exited with `status` without answering.
        case crashed(signal: Int32?, status: Int32?)
        /// The worker ran past `--timeout` and was killed.
        case timedOut(seconds: Double)

        /// The command's result bytes of a finished session; empty otherwise.
        package var data: [UInt8] {
            if case .finished(_, let d) = self { return d }
            return []
        }
    }
    package var outcome: Outcome
    /// What the session printed on stdout and stderr (also what a crashed worker printed before dying).
    package var stdout: [UInt8] = []
    package var stderr: [UInt8] = []
    package var seconds: Double = 0

    package init(outcome: Outcome, stdout: [UInt8] = [], stderr: [UInt8] = [], seconds: Double = 0) {
        self.outcome = outcome
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
    }

    /// The exit code of a session whose worker crashed or timed out: `render`'s "render failed" (3).
    package static let failedExitCode: Int32 = 3

    package var exitCode: Int32 {
        if case .finished(let code, _) = outcome { return code }
        return Self.failedExitCode
    }
    package var failed: Bool { exitCode != 0 }

    /// `crashed (signal 11, SIGSEGV)` / `timed out after 30 s`; nil when the worker answered.
    package var failureText: String? {
        switch outcome {
        case .finished: return nil
        case .crashed(let sig?, _): return "crashed (signal \(sig), \(BatchResult.signalName(sig)))"
        case .crashed(_, let status): return "crashed (the worker exited with status \(status ?? -1) without answering)"
        case .timedOut(let s): return String(format: "timed out after %g s (worker killed)", s)
        }
    }

    package static func signalName(_ s: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGINT: "SIGINT",
        ]
        return names[s] ?? "SIG\(s)"
    }
}

/// A pool of long-lived worker processes (`render --batch-worker ARGS...`, the parent's own command
/// line re-executed in worker mode): each keeps its fonts, theme and caches warm across the sessions
/// it is given, one at a time, over a pipe (`BatchWorker` has the protocol). A worker that dies or runs
/// past the timeout is replaced; its session gets a `crashed` / `timedOut` result and the others go on.
/// Results come back indexed by position, so what the parent does with them does not depend on how
/// many workers ran or which finished first.
package final class BatchPool {
    /// The descriptor a worker writes its answers to (its stdout and stderr go to capture files).
    package static let answerDescriptor: Int32 = 3
    package let argv: [String]
    package let jobs: Int
    package let timeout: Double
    /// Folder for the workers' captured stdout/stderr (one pair per worker slot).
    private let captureDirectory: String
    /// This process's own descriptors of each slot's capture files (read and emptied through them).
    private var captures: [(out: Int32, err: Int32)?]
    /// Where answers are read into: one buffer for the whole run (a fresh 64 KB array per answer
    /// was zeroed each time, about half of what the parent did per session).
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// The workers' environment: this process's, with these variables set.
    private let environment: [String]

    package init(argv: [String], jobs: Int, timeout: Double, environment extra: [String: String] = [:]) throws {
        self.argv = argv
        self.jobs = max(1, jobs)
        captures = Array(repeating: nil, count: self.jobs)
        self.timeout = timeout
        let merged = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment = merged.keys.sorted().map { "\($0)=\(merged[$0]!)" }
        captureDirectory =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "render-batch-\(getpid())-\(UUID().uuidString.prefix(8))"
            ).path
        try FileManager.default.createDirectory(atPath: captureDirectory, withIntermediateDirectories: true)
    }

    deinit {
        for case (let o, let e)? in captures {
            close(o)
            close(e)
        }
        try? FileManager.default.removeItem(atPath: captureDirectory)
    }

    /// One running worker process.
    private final class Worker {
        let slot: Int
        let pid: pid_t
        let input: Int32  // its stdin (jobs)
        let answers: Int32  // its fd 3 (results)
        var buffer: [UInt8] = []
        var job: Int? = nil
        var started = 0.0
        var deadline = Double.infinity
        init(slot: Int, pid: pid_t, input: Int32, answers: Int32) {
            self.slot = slot
            self.pid = pid
            self.input = input
            self.answers = answers
        }
    }

    /// Runs every payload (its fields, usually the session path alone) and returns the results in
    /// payload order. `done(i, result)` is called on this thread as each finishes, in completion order.
    package func run(_ payloads: [[String]], done: (Int, BatchResult) -> Void) throws -> [BatchResult] {
        signal(SIGPIPE, SIG_IGN)  // a worker that died while we wrote to it is seen on its answer pipe
        var results = [BatchResult?](repeating: nil, count: payloads.count)
        var next = 0
        var workers: [Worker] = []
        let count = min(jobs, payloads.count)
        defer { for w in workers { stop(w) } }
        for slot in 0..<count { workers.append(try spawn(slot: slot)) }
        func assign(_ w: Worker) {
            guard next < payloads.count else { return }
            let i = next
            next += 1
            w.job = i
            w.started = Self.now()
            w.deadline = w.started + timeout
            let job = WorkerWire.job(index: i, fields: payloads[i])
            _ = job.withUnsafeBytes { Self.writeAll(w.input, $0) }
        }
        workers.forEach(assign)
        var finished = 0
        while finished < payloads.count {
            let busy = workers.filter { $0.job != nil }
            let nearest = busy.map(\.deadline).min() ?? Self.now() + 1
            let waitMs = CheckedInt.int32(max(0, min(1000, (nearest - Self.now()) * 1000)), .up)
            var fds = busy.map { pollfd(fd: $0.answers, events: Int16(POLLIN), revents: 0) }
            let n = poll(&fds, nfds_t(fds.count), waitMs)
            if n < 0 && errno != EINTR { throw BatchError("poll: \(String(cString: strerror(errno)))") }
            for (k, w) in busy.enumerated() {
                var outcome: BatchResult.Outcome?
                if fds[k].revents != 0 {
                    switch readAnswer(w) {
                    case .answer(let code, let data): outcome = .finished(exit: code, data: data)
                    case .closed:
                        let (sig, status) = Self.reap(w.pid)
                        outcome = .crashed(signal: sig, status: status)
                    case .partial: break
                    }
                } else if Self.now() >= w.deadline {
                    kill(w.pid, SIGKILL)
                    _ = Self.reap(w.pid)
                    outcome = .timedOut(seconds: timeout)
                }
                guard let outcome, let i = w.job else { continue }
                var r = BatchResult(outcome: outcome)
                r.seconds = Self.now() - w.started
                (r.stdout, r.stderr) = takeCapture(w.slot)
                results[i] = r
                finished += 1
                w.job = nil
                var ready = w
                if case .finished = outcome {
                } else {
                    // Replace the worker; the next session goes to a fresh one.
                    close(w.input)
                    close(w.answers)
                    let fresh = try spawn(slot: w.slot)
                    workers[workers.firstIndex { $0 === w }!] = fresh
                    ready = fresh
                }
                done(i, r)
                assign(ready)
            }
        }
        return results.map { $0! }
    }

    private enum Read {
        case answer(Int32, [UInt8])
        case partial, closed
    }

    /// Reads what the worker sent (`BatchWire`): an answer to its job, not all of one yet, or the
    /// worker is gone (end of file, or bytes that are no answer to the job it was given).
    private func readAnswer(_ w: Worker) -> Read {
        let n = chunk.withUnsafeMutableBytes { read(w.answers, $0.baseAddress, $0.count) }
        if n <= 0 {
            if n < 0 && (errno == EINTR || errno == EAGAIN) { return .partial }
            return .closed
        }
        w.buffer += chunk[0..<n]
        switch WorkerWire.parseAnswer(w.buffer) {
        case .partial: return .partial
        case .malformed: return .closed
        case .frame(let a, let used):
            guard a.index == w.job else { return .closed }
            w.buffer.removeSubrange(0..<used)
            return .answer(a.exit, a.data)
        }
    }

    private func capturePaths(_ slot: Int) -> (String, String) {
        ("\(captureDirectory)/worker-\(slot).out", "\(captureDirectory)/worker-\(slot).err")
    }

    /// What the slot's worker printed since the last call, and empties the files for its next
    /// session. Most sessions print nothing (`-q`): one `fstat` each then, not an open, read and
    /// close of each file by path and a truncate of each (ten calls per session in the parent).
    private func takeCapture(_ slot: Int) -> ([UInt8], [UInt8]) {
        guard slot < captures.count, let (o, e) = captures[slot] else { return ([], []) }
        return (Self.take(o), Self.take(e))
    }

    /// The whole content of the file open as `fd`, which is then truncated.
    private static func take(_ fd: Int32) -> [UInt8] {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, $0.count - got, off_t(got)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        // The worker appends (O_APPEND), so its next session's output starts at 0 again.
        _ = ftruncate(fd, 0)
        return Array(bytes[0..<got])
    }

    /// This process's descriptors of the slot's capture files, made empty (a replaced worker's
    /// slot starts clean too).
    private func openCapture(_ slot: Int) throws -> (String, String) {
        let (o, e) = capturePaths(slot)
        if captures[slot] == nil {
            let fo = open(o, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            let fe = open(e, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fo >= 0, fe >= 0 else {
                let why = String(cString: strerror(errno))
                if fo >= 0 { close(fo) }
                if fe >= 0 { close(fe) }
                throw BatchError("cannot make the worker's output files in \(captureDirectory): \(why)")
            }
            captures[slot] = (fo, fe)
        } else if let (fo, fe) = captures[slot] {
            _ = ftruncate(fo, 0)
            _ = ftruncate(fe, 0)
        }
        return (o, e)
    }

    /// Starts a worker: stdin a pipe of jobs, stdout/stderr files of this slot (appended to, so the
    /// parent's truncation between jobs is seen), fd 3 the pipe of answers.
    private func spawn(slot: Int) throws -> Worker {
        let (o, e) = try openCapture(slot)
        var toWorker: [Int32] = [0, 0]
        var fromWorker: [Int32] = [0, 0]
        guard pipe(&toWorker) == 0, pipe(&fromWorker) == 0 else {
            throw BatchError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: a later worker must not hold this one's pipes open (its death would go unseen).
        for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, o, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, e, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], Self.answerDescriptor)
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var cenv = environment.map { strdup($0) } + [nil]
        defer { for p in cenv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, &cenv)
        close(toWorker[0])
        close(fromWorker[1])
        guard rc == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw BatchError("cannot start a worker (\(argv[0])): \(String(cString: strerror(rc)))")
        }
        TempFiles.adoptChild(pid)
        return Worker(slot: slot, pid: pid, input: toWorker[1], answers: fromWorker[0])
    }

    /// Ends an idle worker: end of its input; it exits. A busy one (only on an error) is killed.
    private func stop(_ w: Worker) {
        if w.job != nil { kill(w.pid, SIGKILL) }
        close(w.input)
        close(w.answers)
        _ = Self.reap(w.pid)
    }

    /// Waits for `pid`: the signal that killed it, or its exit status.
    package static func reap(_ pid: pid_t) -> (signal: Int32?, status: Int32?) {
        defer { TempFiles.releaseChild(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return (nil, nil) } }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS by hand (the macros are not imported).
        let sig = status & 0x7f
        return sig != 0 && sig != 0x7f ? (sig, nil) : (nil, (status >> 8) & 0xff)
    }

    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        WorkerWire.writeAll(fd, bytes)
    }

    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

package struct BatchError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `--rebuild CMD` (LiveHub+Rebuild.swift): `/bin/sh -c CMD` as a ChildProcess (a process group of
/// its own, the default signal mask, reaped), stdin from /dev/null (a build that asks a question fails rather
/// than waits), stderr into stdout so that an error stays beside the line that caused it. Its output is kept
/// bounded (`OutputKeeper`: the first and the last bytes; a chatty build's megabytes pass through). It ends
/// when the command does, when `timeout` runs out, or when `cancel()` is called (a newer save: latest wins);
/// then whatever of the group is left is ended too, so no compiler outlives its build.
public final class BuildRun: @unchecked Sendable {
    public struct Result: Sendable {
        /// The exit code; nil when a signal, the time limit or `cancel()` ended it.
        public var exitCode: Int32?
        public var signal: Int32?
        public var timedOut = false
        public var cancelled = false
        public var output: String
        /// Bytes of output not kept (between the head and the tail).
        public var dropped: Int
        public var seconds: Double
        public var succeeded: Bool { exitCode == 0 && !timedOut && !cancelled }
    }

    let command: String
    let timeout: Double
    private let lock = NSLock()
    private var cancelled = false
    /// The running command's process group (its id), while it runs.
    private var group: pid_t?

    public init(command: String, timeout: Double) {
        self.command = command
        self.timeout = timeout
    }

    /// Ends the build from any thread (its group is killed within 0.1 s; `run()` then returns `cancelled`).
    public func cancel() { lock.withLock { cancelled = true } }

    /// At the server's exit (Ctrl-C): the build's whole group ends now, from any thread (no compiler outlives the
    /// server); the build's thread reaps it if the process lives on.
    public func terminateNow() {
        lock.withLock {
            cancelled = true
            if let g = group { kill(-g, SIGKILL) }
        }
    }
    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs the command to its end on a thread of its own.
    public func run() async -> Result {
        await withCheckedContinuation { (c: CheckedContinuation<Result, Never>) in
            let thread = Thread { c.resume(returning: self.runBlocking()) }
            thread.name = "render-serve.rebuild"
            thread.start()
        }
    }

    func runBlocking() -> Result {
        let started = Date()
        let keeper = OutputKeeper()
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn("/bin/sh", ["-c", "exec </dev/null 2>&1\n" + command])
        } catch {
            return Result(exitCode: nil, output: "cannot start /bin/sh: \(error)", dropped: 0, seconds: 0)
        }
        lock.withLock { group = child.pid }
        defer { lock.withLock { group = nil } }
        let deadline = started.addingTimeInterval(timeout)
        var timedOut = false
        var cancelled = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var open = true
        // Read until the command ends (its output may stay open: a helper it left in the background holds it).
        while !child.hasExited {
            if Date() >= deadline {
                timedOut = true
                break
            }
            if isCancelled {
                cancelled = true
                break
            }
            if open { open = Self.readSome(child.stdout, &buffer, keeper, waitMs: 100) } else { usleep(20_000) }
        }
        if !timedOut && isCancelled { cancelled = true }  // terminateNow() killed it: not the command's own end
        // The rest of the group goes (a helper, or every process on a time limit or a cancel), then the last output.
        child.killGroup()
        let drainUntil = Date().addingTimeInterval(0.5)
        while open && Date() < drainUntil { open = Self.readSome(child.stdout, &buffer, keeper, waitMs: 50) }
        let status = child.reap()
        var r = Result(
            exitCode: nil, timedOut: timedOut, cancelled: cancelled, output: keeper.text(), dropped: keeper.dropped,
            seconds: Date().timeIntervalSince(started))
        if !timedOut && !cancelled {
            r.exitCode = ChildProcess.exitCode(of: status)
            r.signal = ChildProcess.signal(of: status)
        }
        return r
    }

    /// One read of what is there within `waitMs`; false once the output has ended.
    private static func readSome(_ fd: Int32, _ buffer: inout [UInt8], _ keeper: OutputKeeper, waitMs: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, waitMs)
        if ready < 0 { return errno == EINTR }
        guard ready > 0 else { return true }
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { return errno == EINTR || errno == EAGAIN }
        if n == 0 { return false }
        buffer.withUnsafeBytes { keeper.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        return true
    }
}

/// A build's output, bounded: the first `head` bytes (where make's first error is) and the last `tail` bytes
/// (where it says it stopped); what lies between is counted, not kept.
final class OutputKeeper {
    static let head = 128 * 1024
    static let tail = 32 * 1024
    private var first: [UInt8] = []
    private var last: [UInt8] = []
    private(set) var dropped = 0

    func add(_ d: UnsafeRawBufferPointer) {
        var rest = d[...]
        if first.count < Self.head {
            let n = min(Self.head - first.count, rest.count)
            first.append(contentsOf: rest.prefix(n))
            rest = rest.dropFirst(n)
        }
        guard !rest.isEmpty else { return }
        last.append(contentsOf: rest)
        if last.count > Self.tail {
            dropped += last.count - Self.tail
            last.removeFirst(last.count - Self.tail)
        }
    }

    var count: Int { first.count + last.count }

    func text() -> String {
        let gap = dropped > 0 ? "\n[… \(dropped) bytes of output not kept …]\n" : ""
        return String(decoding: first, as: UTF8.self) + gap + String(decoding: last, as: UTF8.self)
    }
}

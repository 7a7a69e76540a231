import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child of the server (the app of `--app`, a render worker, the browser opener), started so that it
/// can always be ended whole and never outlives its reason:
/// - in a process group of its own, so ending it (`reap()`) ends every helper it started too;
/// - with the default signal mask and dispositions: Foundation's `Process` passed on the blocked
///   signals of the dispatch thread that started it (HUP, INT, QUIT, ALRM, TERM, CHLD), so a
///   `kill -TERM` on a helper of the app did nothing;
/// - with no descriptor of the server's but its three channels (every other one is close-on-exec: a
///   socket or another child's pipe held by a child would keep that connection or pipe open).
/// Its owner reaps it, always (`reap()`): no zombie stays behind, and because the group is ended
/// before its leader is reaped, the group's id cannot have been given to another process yet.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    /// The write end of its stdin and the read end of its stdout, closed by `reap()`.
    let stdin: Int32
    let stdout: Int32
    private let lock = NSLock()
    private var status: Int32?
    /// Signalled when the stderr reader has read to the end (at once when stderr is not piped).
    private let stderrRead = DispatchSemaphore(value: 0)

    private init(pid: pid_t, stdin: Int32, stdout: Int32) {
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `path` with `arguments` (argv[0] is the path). With `stderr`, its stderr is piped and read
    /// to the end by a thread of its own, each read handed to `stderr` (which must keep what it needs:
    /// the buffer is reused); else the child writes to the server's stderr.
    static func spawn(_ path: String, _ arguments: [String], stderr: ((UnsafeRawBufferPointer) -> Void)? = nil)
        throws -> ChildProcess
    {
        let pipeStderr = stderr != nil
        var fds: [Int32] = [-1, -1, -1, -1, -1, -1]  // stdin r/w, stdout r/w, stderr r/w
        func closeAll() { for fd in fds where fd >= 0 { close(fd) } }
        for i in 0..<(pipeStderr ? 3 : 2) {
            guard let pair = Self.channel() else {
                closeAll()
                throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            fds[2 * i] = pair.0
            fds[2 * i + 1] = pair.1
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fds[3], 1)
        if pipeStderr { posix_spawn_file_actions_adddup2(&actions, fds[5], 2) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        // The mask: this thread's, emptied for the moment of the spawn, which the child takes. Not
        // POSIX_SPAWN_SETSIGMASK: glibc 2.36 applies that mask without touching its own two signals
        // (32, 33, blocked while it spawns), so they stayed blocked in the child. Every signal this
        // thread may receive meanwhile is ignored or handled by the process (SIGINT, SIGTERM, SIGPIPE).
        var none = sigset_t()
        sigemptyset(&none)
        var saved = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        pthread_sigmask(SIG_SETMASK, &saved, nil)
        guard rc == 0 else {
            closeAll()
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(rc)))")
        }
        close(fds[0])
        close(fds[3])
        let child = ChildProcess(pid: pid, stdin: fds[1], stdout: fds[2])
        if let sink = stderr {
            close(fds[5])
            child.readStderr(fds[4], into: sink)
        } else {
            child.stderrRead.signal()
        }
        return child
    }

    /// Reads the child's stderr until every writer has closed it (the group ended), then closes it. The
    /// reader owns the descriptor, so no other thread can close it under a read.
    private func readStderr(_ fd: Int32, into sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        let done = stderrRead
        let thread = Thread {
            let size = 1 << 16
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            defer {
                buffer.deallocate()
                close(fd)
                done.signal()
            }
            while true {
                let n = read(fd, buffer, size)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                sink(UnsafeRawBufferPointer(start: buffer, count: n))
            }
        }
        thread.name = "render-serve.stderr"
        thread.start()
    }

    /// Waits at most `seconds` for the last of stderr (what the child wrote just before it ended);
    /// whether it was all read. Once per child (the reader signals once).
    @discardableResult
    func stderrFinished(seconds: Double) -> Bool {
        stderrRead.wait(timeout: .now() + seconds) == .success
    }

    /// A one-way channel (read end, write end) whose ends are close-on-exec from the start: a child
    /// started by another thread at the same moment cannot inherit it and hold it open. A socket pair,
    /// not a pipe: pipe2(O_CLOEXEC) is not visible to Swift's Glibc module, and pipe() then fcntl()
    /// leaves that moment open. (The server's other descriptors, NIO's sockets and inotify's, are
    /// close-on-exec too.)
    static func channel(nonBlocking: Bool = false) -> (Int32, Int32)? {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return nil
        }
        shutdown(pair[0], Int32(SHUT_WR))
        shutdown(pair[1], Int32(SHUT_RD))
        if nonBlocking { for fd in pair { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) } }
        return (pair[0], pair[1])
    }

    /// Whether the process has ended (it is not reaped: `reap()` does that).
    var hasExited: Bool {
        if lock.withLock({ status != nil }) { return true }
        var info = siginfo_t()
        let rc = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return rc == 0 ? info._sifields._sigchld.si_pid == pid : errno == ECHILD
    }

    /// Blocks until the process ends (not reaping it): the exit watch of the app's run.
    func waitForExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// Waits at most `seconds` for the process to end by itself; whether it did.
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasExited {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// Ends the process group now (SIGKILL), whatever it does: the process and every helper in its group.
    func killGroup() {
        lock.withLock {
            guard status == nil else { return }
            kill(-pid, SIGKILL)
        }
    }

    /// Ends the whole group, reaps the process and closes the server's ends of its pipes; its wait status
    /// (the same on every later call).
    /// `group: false` (the browser opener, whose browser may live on in its group): the process only.
    @discardableResult
    func reap(group: Bool = true) -> Int32 {
        lock.withLock {
            if let s = status { return s }
            kill(group ? -pid : pid, SIGKILL)  // its helpers, and itself if it still runs
            var s: Int32 = 0
            while waitpid(pid, &s, 0) < 0 && errno == EINTR {}
            status = s
            close(stdin)
            close(stdout)
            return s
        }
    }

    /// The signal that ended it (wait status), or nil when it exited.
    static func signal(of status: Int32) -> Int32? { status & 0x7f == 0 ? nil : status & 0x7f }
    /// Its exit code (wait status), or nil when a signal ended it.
    static func exitCode(of status: Int32) -> Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
}

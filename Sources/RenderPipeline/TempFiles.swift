import Foundation

/// Temporary files and folders of outputs being written: unique names (`mkstemp`/`mkdtemp`, so two
/// processes — even in different PID namespaces sharing a folder — never collide) and removed when
/// the process is stopped by SIGINT, SIGTERM or SIGHUP, so an interrupted render leaves nothing behind.
///
/// The signals are taken by one thread in `sigwait` (`removeOnSignals()`), not by a signal handler,
/// so the cleanup may use ordinary code (locks, FileManager) safely.
package enum TempFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: [String: Bool] = [:]  // path -> is a folder
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var statusOnSignal: Int32? = nil
    /// Changes inside temporary items in flight (`changing`).
    private static let changes = ChangeGate()
    /// Child processes that write into temporary items (batch workers): killed before the items are
    /// removed on a signal, so none of them writes a removed folder back.
    nonisolated(unsafe) private static var children: Set<pid_t> = []
    /// Set once a signal's cleanup has begun; read by the `atexit` hook (`holdExitDuringCleanup`).
    private static let stoppingLock = NSLock()
    nonisolated(unsafe) private static var stopping = false

    /// `pid` writes into this process's temporary items until `releaseChild`.
    package static func adoptChild(_ pid: pid_t) {
        lock.lock()
        children.insert(pid)
        lock.unlock()
    }
    package static func releaseChild(_ pid: pid_t) {
        lock.lock()
        children.remove(pid)
        lock.unlock()
    }

    /// Creates `DIR/.NAME.XXXXXX` beside `target` (mode 0600 until `AtomicFileStream` sets the
    /// final mode) and registers it; returns the open descriptor and the name.
    static func makeFile(beside target: String) throws -> (fd: Int32, path: String) {
        try changing { try makeFileNow(beside: target) }
    }

    private static func makeFileNow(beside target: String) throws -> (fd: Int32, path: String) {
        let (dir, name) = AtomicFile.split(target)
        var template = Array((dir + "/." + String(name.prefix(200)) + ".XXXXXX").utf8CString)
        lock.lock()
        defer { lock.unlock() }
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw AtomicFile.WriteError(
                path: target, reason: "cannot create a file in \(dir): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let path = String(cString: template)
        live[path] = false
        return (fd, path)
    }

    /// Creates the folder `DIR/.NAME.XXXXXX` beside `target` and registers it.
    package static func makeFolder(beside target: String) throws -> String {
        try changing { try makeFolderNow(beside: target) }
    }

    private static func makeFolderNow(beside target: String) throws -> String {
        let (dir, name) = AtomicFile.split(target)
        try AtomicFile.makeFolder(dir, for: target)
        var template = Array((dir + "/." + String(name.prefix(200)) + ".XXXXXX").utf8CString)
        lock.lock()
        defer { lock.unlock() }
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw AtomicFile.WriteError(
                path: target, reason: "cannot create a folder in \(dir): \(String(cString: strerror(errno)))")
        }
        let path = String(cString: template)
        // mkdtemp makes it 0700; a gallery is meant to be read by others, as a plain mkdir would allow.
        chmod(path, 0o777 & ~AtomicFileStream.umaskBits)
        live[path] = true
        return path
    }

    /// Runs `body`, which creates, writes or renames something inside or of a temporary item (an image
    /// stored in a gallery's temporary folder, the swap of that folder into place). A signal's cleanup
    /// waits for the changes in flight before it removes anything, and from then on `changing` throws
    /// instead of running: a file made while its folder was being removed kept the folder alive
    /// (`rmdir`: not empty), and a folder made after kept it too.
    package static func changing<T>(_ body: () throws -> T) throws -> T { try changes.run(body) }

    /// The temporary item became the real output (renamed into place): no longer removed on a signal.
    package static func forget(_ path: String) {
        lock.lock()
        live[path] = nil
        lock.unlock()
    }

    /// Removes a temporary item now (a write failed or was abandoned).
    package static func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        removeLocked(path)
    }

    private static func removeLocked(_ path: String) {
        guard let isFolder = live.removeValue(forKey: path) else { return }
        if isFolder { try? FileManager.default.removeItem(atPath: path) } else { unlink(path) }
    }

    /// Temporary items that exist now (for tests and `-v`).
    package static var pending: [String] {
        lock.lock()
        defer { lock.unlock() }
        return live.keys.sorted()
    }

    /// From now on SIGINT, SIGTERM and SIGHUP remove every temporary item, then end the process as
    /// the signal would (or with `exitStatus`, see `exitStatusOnSignal`). Call first thing in `main`:
    /// the signals are blocked in this thread and so in every thread started after it.
    package static func removeOnSignals() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        atexit { TempFiles.holdExitDuringCleanup() }
        let thread = Thread {
            var set = signals
            var sig: Int32 = 0
            while sigwait(&set, &sig) != 0 {}
            stoppingLock.lock()
            stopping = true
            stoppingLock.unlock()
            changes.stop(limit: 10)  // a stuck write never keeps a stopped process alive
            lock.lock()
            for pid in children { kill(pid, SIGKILL) }
            for pid in children {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}  // ECHILD: already reaped, so gone
            }
            for path in live.keys.sorted() { removeLocked(path) }
            let status = statusOnSignal
            lock.unlock()
            if let status { _exit(status) }
            // End as the signal would: default action, unblocked in this thread only.
            signal(sig, SIG_DFL)
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, sig)
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(sig)
            _exit(128 + sig)
        }
        thread.name = "temp-cleanup"
        thread.start()
    }

    /// Another thread's `exit` once the cleanup has begun (the main thread, seeing its batch worker
    /// killed by the cleanup or a write refused, ends with an error) would end the process before the
    /// temporary items are removed, with an exit status instead of the signal: it waits instead, and
    /// the cleanup thread ends the process (`raise` or `_exit`).
    private static func holdExitDuringCleanup() {
        stoppingLock.lock()
        let wait = stopping
        stoppingLock.unlock()
        guard wait else { return }
        while true { pause() }
    }

    /// A process that is meant to be stopped by Ctrl-C (`render watch`) ends with this status instead.
    package static var exitStatusOnSignal: Int32? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return statusOnSignal
        }
        set {
            lock.lock()
            statusOnSignal = newValue
            lock.unlock()
        }
    }

    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        return set
    }
}

/// Work that a stop waits for: `run` counts the bodies in flight, `stop` refuses new ones and waits
/// for those running. Nesting is allowed; an inner `run` after `stop` throws rather than waits, so
/// the outer body ends and the stop goes on.
package final class ChangeGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var inFlight = 0
    private var stopped = false
    /// Called once the gate is closed, before the stop waits (with the gate's lock held: signal, do
    /// not block). Tests act there, while the stop waits, instead of sleeping and hoping it does.
    private let closed: (() -> Void)?

    package init(closed: (() -> Void)? = nil) { self.closed = closed }

    package func run<T>(_ body: () throws -> T) throws -> T {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            throw AtomicFile.WriteError(path: "", reason: "the process is stopping")
        }
        inFlight += 1
        condition.unlock()
        defer {
            condition.lock()
            inFlight -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Refuses new work and waits, at most `limit` seconds, for the work in flight; returns how many
    /// bodies were still running when it gave up (0: all ended).
    @discardableResult package func stop(limit: TimeInterval) -> Int {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        closed?()
        let deadline = Date(timeIntervalSinceNow: limit)
        while inFlight > 0 && condition.wait(until: deadline) {}
        return inFlight
    }
}

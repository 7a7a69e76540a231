import Foundation

/// Runs a program as a child process and measures it: wall time and peak resident memory
/// (`wait4`'s rusage of that one child, so concurrent children do not blur the figure).
struct ChildRun {
    var seconds: Double
    var peakKB: Int
    var status: Int32
    /// User + system CPU seconds of the child and the descendants it waited for (a batch's workers).
    var cpu: Double = 0
}

enum ChildProcess {
    /// Spawns `argv` (argv[0] a path) with stdout and stderr to /dev/null unless `quiet` is false.
    static func start(_ argv: [String], quiet: Bool = true) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, environ)
        guard rc == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for `pid`; returns its exit status, rusage peak memory and CPU seconds (user + system).
    static func wait(_ pid: pid_t) -> (status: Int32, peakKB: Int, cpu: Double) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand (the macros are not imported).
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (code, usage.ru_maxrss, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Runs every command, `jobs` at a time, starting the next as soon as any running one ends (not
    /// the oldest: waiting for the oldest would leave a slot idle and flatter whatever is compared
    /// with these processes). Returns the CPU seconds of all; throws on the first failing status.
    /// Only for a parent with no other children running (it waits for any child).
    static func pool(_ commands: [[String]], jobs: Int) throws -> Double {
        var running = Set<pid_t>()
        var cpu = 0.0
        func reapOne() throws {
            var status: Int32 = 0
            var usage = rusage()
            var pid: pid_t = -1
            repeat { pid = wait4(-1, &status, 0, &usage) } while pid < 0 && errno == EINTR
            guard pid > 0, running.remove(pid) != nil else { throw BenchError("lost track of a child process") }
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            guard code == 0 else { throw BenchError("a process exited with \(code)") }
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            cpu += seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        for argv in commands {
            if running.count >= max(1, jobs) { try reapOne() }
            running.insert(try start(argv))
        }
        while !running.isEmpty { try reapOne() }
        return cpu
    }

    /// Runs `argv` to completion.
    static func run(_ argv: [String], quiet: Bool = true) throws -> ChildRun {
        let t0 = Stats.now()
        let pid = try start(argv, quiet: quiet)
        let (status, peak, cpu) = wait(pid)
        return ChildRun(seconds: Stats.now() - t0, peakKB: peak, status: status, cpu: cpu)
    }

    /// The full path of `name` on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A benchmark failure with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

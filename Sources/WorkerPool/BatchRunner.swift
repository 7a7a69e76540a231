import Foundation
import Primitives

/// The one batch runner of the batch commands: sends each session to a pool of warm worker
/// processes (`BatchPool`), shows progress, and passes on what each session printed in the order
/// the sessions were given, whatever order they finished in.
package struct BatchRunner {
    package var jobs: Int
    package var timeout: Double
    package var quiet = false
    package var verbose = false

    package init(jobs: Int, timeout: Double, quiet: Bool, verbose: Bool) {
        self.jobs = jobs
        self.timeout = timeout
        self.quiet = quiet
        self.verbose = verbose
    }

    /// Runs `payloads` (each job's fields; by default the session path alone) in workers started with this
    /// process's own command line; returns one result per session, in order. `label` names a
    /// session in progress lines; `verdict` says in words how a finished session went (`2 changed`),
    /// instead of `ok` or its exit code.
    package func run(
        _ sessions: [String], payloads: [[String]]? = nil, verdict: ((BatchResult) -> String?)? = nil
    ) throws -> [BatchResult] {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let injected = ProcessInfo.processInfo.environment[BatchWorkerLoop.commandVariable] ?? ""
        let argv = [injected.isEmpty ? me : injected, BatchWorkerLoop.flag] + CommandLine.arguments.dropFirst()
        let workers = min(jobs, max(1, sessions.count))
        // The cores shared out among the workers (each render would otherwise start a thread per
        // core for raster bands and PNG encoding); output bytes do not depend on it.
        var env: [String: String] = [:]
        if ProcessInfo.processInfo.environment["PREVIEW_RENDERER_THREADS"] == nil {
            env["PREVIEW_RENDERER_THREADS"] = String(max(1, ProcessInfo.processInfo.activeProcessorCount / workers))
        }
        // A session allocates and frees buffers of megabytes (frames, PNGs, a decoded golden): a worker
        // keeps freed memory for the next session instead of unmapping it and faulting fresh zeroed
        // pages in again (glibc's tunables; ignored elsewhere).
        if ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] == nil {
            env["GLIBC_TUNABLES"] = "glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824"
        }
        let pool = try BatchPool(argv: argv, jobs: workers, timeout: timeout, environment: env)
        var progress = BatchProgress(
            total: sessions.count, mode: quiet ? .none : (verbose || isatty(2) == 0 ? .lines : .line))
        var pending: [Int: BatchResult] = [:]
        var shown = 0
        let results = try pool.run(payloads ?? sessions.map { [$0] }) { i, r in
            pending[i] = r
            progress.finished(r)
            // Pass on output in session order: everything up to the first unfinished session.
            while let r = pending.removeValue(forKey: shown) {
                progress.clear()
                FileHandle.standardOutput.write(Data(Self.escaped(r.stdout)))
                FileHandle.standardError.write(Data(Self.escaped(r.stderr)))
                if let why = r.failureText {
                    StdErr.write("\(sessions[shown]): error: \(why); the other sessions go on")
                }
                progress.sessionLine(index: shown, name: sessions[shown], r, verdict: verdict?(r))
                shown += 1
            }
            progress.draw()
        }
        progress.end()
        return results
    }

    /// What a worker printed, each line escaped as `StdErr` / `StdOut` escape theirs: the worker's
    /// own lines went through them already (no change then), but a dying worker's last words (a
    /// runtime trap message) did not. Output without a byte below 0x20 but newlines, DEL or a C1 /
    /// separator / bidi character is passed on as it is.
    package static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        // Every unsafe character has a byte below 0x20 (C0), 0x7F (DEL), 0xC2 (C1: C2 80-9F) or 0xE2
        // (U+2028-U+202E, U+2066-U+2069) in UTF-8; newlines (0x0A) are the lines' own.
        guard bytes.contains(where: { ($0 < 0x20 && $0 != 0x0a) || $0 == 0x7f || $0 == 0xc2 || $0 == 0xe2 }) else {
            return bytes
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.map { OutputText.line(String($0)) }.joined(separator: "\n").utf8)
    }
}

/// Progress of a batch on stderr: on a terminal one line that is redrawn (`k/N`, failures so far,
/// time left); otherwise (or with -v) one line per session in session order; nothing with -q.
struct BatchProgress {
    enum Mode { case none, line, lines }
    let total: Int
    let mode: Mode
    private var done = 0, failures = 0
    private let start = BatchPool.now()
    private var drawn = false

    init(total: Int, mode: Mode) {
        self.total = total
        self.mode = mode
    }

    mutating func finished(_ r: BatchResult) {
        done += 1
        if r.failed { failures += 1 }
    }

    mutating func sessionLine(index: Int, name: String, _ r: BatchResult, verdict: String? = nil) {
        guard mode == .lines else { return }
        let what = r.failureText ?? verdict ?? (r.exitCode == 0 ? "ok" : "exit \(r.exitCode)")
        StdErr.write(String(format: "[%d/%d] %@: %@ (%.2f s)", index + 1, total, name, what, r.seconds))
    }

    mutating func draw() {
        guard mode == .line else { return }
        let elapsed = BatchPool.now() - start
        let left = done == 0 ? "" : String(format: ", about %.0f s left", elapsed / Double(done) * Double(total - done))
        let text = "\r\u{1b}[K\(done)/\(total), \(failures) failed\(left)"
        FileHandle.standardError.write(Data(text.utf8))
        drawn = true
    }

    mutating func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1b}[K".utf8))
        drawn = false
    }

    mutating func end() { clear() }
}

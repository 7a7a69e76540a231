#if canImport(Glibc)
    import Glibc
#endif

/// How many threads a parallel step may use: the online cores, capped by the environment variable
/// PREVIEW_RENDERER_THREADS (the determinism test varies it: output bytes never depend on it, only
/// the time they take).
package enum Workers {
    /// Threads for `tasks` independent pieces of work (at least 1, at most `tasks`).
    package static func count(for tasks: Int) -> Int {
        max(1, min(tasks, limit))
    }

    /// The cap: read once per process.
    package static let limit: Int = {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        guard let raw = getenv("PREVIEW_RENDERER_THREADS"), let n = Int(String(cString: raw)) else { return cores }
        return max(1, min(n, cores))
    }()
}

import ArgumentParser
import Foundation

/// Options of every batch command (`check`, `gallery`, `portability`, `validate`, `render --out-dir`).
struct BatchOptions: ParsableArguments {
    @Option(name: .long, help: "Worker processes (default: the number of cores). Output and report order do not depend on it.")
    var jobs: Int?

    @Option(name: .long, help: "Seconds one session may take in a worker before the worker is killed and the session reported as timed out.")
    var timeout: Double = 30

    func validate() throws {
        if let j = jobs, j < 1 { throw ValidationError("--jobs must be 1 or more") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be more than 0 (seconds)") }
    }

    var workerCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}

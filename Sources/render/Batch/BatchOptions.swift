import ArgumentParser
import Foundation
import Gallery
import WorkerPool

/// Options of every batch command (`check`, `gallery`, `portability`, `validate`, `render --out-dir`).
struct BatchOptions: ParsableArguments {
    @Option(
        name: [.long, .customLong("workers")],
        help:
            """
            Worker processes (default, or 0: the number of cores); --workers is the same. Output and report order \
            do not depend on it.
            """
    )
    var jobs: Int?

    @Option(
        name: .long,
        help:
            """
            Take only shard K of N (K/N, 1-based): the sessions whose name hashes to K, so N machines together \
            take each session once. auto: from GitLab's CI_NODE_INDEX/CI_NODE_TOTAL or a Kubernetes Indexed \
            Job's JOB_COMPLETION_INDEX (0-based, with --shard-count N).
            """
    )
    var shard: String = "1/1"

    @Option(
        name: .long, help: "With --shard auto and JOB_COMPLETION_INDEX: the number of shards (the Job's completions).")
    var shardCount: Int?

    @Option(
        name: .long,
        help:
            """
            Seconds one session may take in a worker before the worker is killed and the session reported as timed \
            out.
            """
    )
    var timeout: Double = 30

    func validate() throws {
        if let j = jobs, j < 0 { throw ValidationError("--jobs must be 1 or more (0: the number of cores)") }
        if shard == "auto" {
            if case .failure(let f) = ShardEnvironment.shard(environment: environment, count: shardCount) {
                throw ValidationError(f.description)
            }
        } else {
            guard Shard(shard) != nil else { throw ValidationError("--shard must be K/N with 1 <= K <= N, or auto") }
            if shardCount != nil { throw ValidationError("--shard-count goes with --shard auto") }
        }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be more than 0 (seconds)") }
    }

    var workerCount: Int { jobs.flatMap { $0 > 0 ? $0 : nil } ?? ProcessInfo.processInfo.activeProcessorCount }

    /// This machine's shard (`auto`: from the CI's variables; validate() has checked them).
    var selectedShard: Shard {
        shard == "auto"
            ? ((try? ShardEnvironment.shard(environment: environment, count: shardCount).get()) ?? .all)
            : (Shard(shard) ?? .all)
    }

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The sessions of this shard (all of them without --shard), in the order given.
    func select(_ sessions: [String]) -> [String] { selectedShard.select(sessions: sessions) }
}

extension BatchRunner {
    init(_ options: BatchOptions, quiet: Bool, verbose: Bool) {
        self.init(jobs: options.workerCount, timeout: options.timeout, quiet: quiet, verbose: verbose)
    }
}

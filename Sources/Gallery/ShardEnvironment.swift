import Foundation

/// `--shard auto`: this machine's shard from the CI's own variables, so one job definition serves every
/// parallel copy of it.
/// - GitLab (`parallel: N`): `CI_NODE_INDEX` (1-based) of `CI_NODE_TOTAL`; a job without `parallel`
///   has only `CI_NODE_TOTAL=1`, which is shard 1/1.
/// - A Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based); the Job's `completions` is not in the
///   pod's environment, so the count comes from `--shard-count N`.
/// GitHub Actions puts no shard variables in the environment (`strategy.job-index` and `job-total` are
/// expression contexts only), so its workflows pass `--shard K/N` (docs/ci/github-actions.yml).
package enum ShardEnvironment {
    /// The variables read, in the order tried (named by the error when none is set).
    package static let variables = ["CI_NODE_INDEX", "CI_NODE_TOTAL", "JOB_COMPLETION_INDEX"]

    /// Why no shard could be chosen: a usage error's message.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The shard the environment names; `count` is `--shard-count`.
    package static func shard(environment: [String: String], count: Int?) -> Result<Shard, Failure> {
        Result { try resolve(environment, count) }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
    }

    private static func resolve(_ environment: [String: String], _ count: Int?) throws -> Shard {
        func fail(_ text: String) -> Failure { Failure(description: "--shard auto: " + text) }
        func value(_ name: String) -> String? {
            guard let v = environment[name]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
            return v
        }
        func number(_ name: String, _ text: String) throws -> Int {
            guard let n = Int(text) else { throw fail("\(name)=\(text) is not a whole number") }
            return n
        }
        if let count, count < 1 { throw Failure(description: "--shard-count must be 1 or more (got \(count))") }
        let index = value("CI_NODE_INDEX")
        if let totalText = value("CI_NODE_TOTAL") {
            let n = try number("CI_NODE_TOTAL", totalText)
            if let count, count != n { throw fail("--shard-count \(count) but CI_NODE_TOTAL=\(n): leave one out") }
            // GitLab sets CI_NODE_TOTAL=1 and no index on a job without `parallel`.
            guard let indexText = index else {
                if n == 1 { return .all }
                throw fail("CI_NODE_TOTAL=\(n) but CI_NODE_INDEX is not set")
            }
            let k = try number("CI_NODE_INDEX", indexText)
            guard let s = Shard(index: k, count: n) else { throw fail("CI_NODE_INDEX=\(k) is not within 1...\(n)") }
            return s
        }
        if index != nil { throw fail("CI_NODE_INDEX is set but CI_NODE_TOTAL is not") }
        if let indexText = value("JOB_COMPLETION_INDEX") {
            guard let n = count else {
                throw fail("JOB_COMPLETION_INDEX needs --shard-count N (the Job's completions)")
            }
            let i = try number("JOB_COMPLETION_INDEX", indexText)
            guard let s = Shard(index: i + 1, count: n) else {
                throw fail("JOB_COMPLETION_INDEX=\(i) is not within 0...\(n - 1) (--shard-count \(n))")
            }
            return s
        }
        throw fail(
            """
            none of CI_NODE_INDEX/CI_NODE_TOTAL (GitLab parallel) or JOB_COMPLETION_INDEX (Kubernetes \
            Indexed Job, with --shard-count N) is set; elsewhere pass --shard K/N
            """)
    }
}

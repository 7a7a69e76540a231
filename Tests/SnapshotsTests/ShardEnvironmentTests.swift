import Gallery
import Testing

/// `--shard auto` (issue 29): GitLab's 1-based CI_NODE_INDEX/CI_NODE_TOTAL and a Kubernetes Indexed
/// Job's 0-based JOB_COMPLETION_INDEX with --shard-count map to the same shards as `--shard K/N`.
@Suite struct ShardEnvironmentTests {
    func shard(_ env: [String: String], count: Int? = nil) -> String {
        switch ShardEnvironment.shard(environment: env, count: count) {
        case .success(let s): return s.description
        case .failure(let f): return "error: " + f.description
        }
    }

    @Test func gitLabParallelIsOneBased() {
        #expect(shard(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"]) == "1/3")
        #expect(shard(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]) == "3/3")
        #expect(shard(["CI_NODE_INDEX": " 2 ", "CI_NODE_TOTAL": "3"], count: 3) == "2/3")
        // A job without `parallel` has only CI_NODE_TOTAL=1.
        #expect(shard(["CI_NODE_TOTAL": "1"]) == "1/1")
    }

    @Test func kubernetesIndexedJobIsZeroBasedWithACount() {
        #expect(shard(["JOB_COMPLETION_INDEX": "0"], count: 3) == "1/3")
        #expect(shard(["JOB_COMPLETION_INDEX": "2"], count: 3) == "3/3")
        #expect(
            shard(["JOB_COMPLETION_INDEX": "0"])
                == "error: --shard auto: JOB_COMPLETION_INDEX needs --shard-count N (the Job's completions)")
        #expect(
            shard(["JOB_COMPLETION_INDEX": "3"], count: 3)
                == "error: --shard auto: JOB_COMPLETION_INDEX=3 is not within 0...2 (--shard-count 3)")
    }

    @Test func eachShardIsTakenOnceAcrossTheJobs() {
        let names = (0..<40).map { "session-\($0)" }
        for n in 1...4 {
            let gitLab = (1...n).compactMap {
                try? ShardEnvironment.shard(
                    environment: ["CI_NODE_INDEX": "\($0)", "CI_NODE_TOTAL": "\(n)"], count: nil
                )
                .get()
            }
            let kubernetes = (0..<n).compactMap {
                try? ShardEnvironment.shard(environment: ["JOB_COMPLETION_INDEX": "\($0)"], count: n).get()
            }
            #expect(gitLab == (1...n).map { Shard(index: $0, count: n)! })
            #expect(kubernetes == gitLab)
            let taken = names.map { name in gitLab.filter { $0.contains(name: name) }.count }
            #expect(taken.allSatisfy { $0 == 1 })
        }
    }

    @Test func brokenOrMissingVariablesAreNamed() {
        let none = shard([:])
        #expect(none.hasPrefix("error: --shard auto: none of CI_NODE_INDEX/CI_NODE_TOTAL"))
        for v in ShardEnvironment.variables { #expect(none.contains(v), "\(v)") }
        #expect(shard(["CI_NODE_INDEX": "", "CI_NODE_TOTAL": "", "JOB_COMPLETION_INDEX": ""]) == none)
        #expect(shard(["CI_NODE_INDEX": "2"]) == "error: --shard auto: CI_NODE_INDEX is set but CI_NODE_TOTAL is not")
        #expect(shard(["CI_NODE_TOTAL": "3"]) == "error: --shard auto: CI_NODE_TOTAL=3 but CI_NODE_INDEX is not set")
        #expect(
            shard(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"])
                == "error: --shard auto: CI_NODE_INDEX=0 is not within 1...3")
        #expect(
            shard(["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "3"])
                == "error: --shard auto: CI_NODE_INDEX=x is not a whole number")
        #expect(
            shard(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], count: 4)
                == "error: --shard auto: --shard-count 4 but CI_NODE_TOTAL=3: leave one out")
        #expect(shard(["JOB_COMPLETION_INDEX": "0"], count: 0) == "error: --shard-count must be 1 or more (got 0)")
    }
}

import ArgumentParser
import Foundation
import Primitives
import WorkerPool

/// The worker side of a batch (`render --batch-worker ARGS...`): parses ARGS as the parent did, builds
/// the command's warm state once (fonts, theme, caches), then answers jobs through `BatchWorkerLoop`.
enum BatchWorker {
    static let flag = BatchWorkerLoop.flag

    /// What a command does for one session inside a worker: returns the exit code `render` would give
    /// for it alone and the bytes the parent collects (may be empty). Errors thrown are `ExitCode`s.
    /// The argument is the job's fields (the session path first).
    typealias Job = ([String]) throws -> (exit: Int32, data: [UInt8])

    static func main(_ arguments: [String]) -> Never {
        let job = warmJob(arguments)
        BatchWorkerLoop.serve { fields in
            do { return try job(fields) } catch let e as ExitCode {
                return (e.rawValue, [])
            } catch {
                StdErr.write("\(fields.first ?? ""): error: \(error)")
                return (ExitCodes.renderFailed, [])
            }
        }
    }

    /// The command's per-session work, its warm state built; a usage error ends the worker.
    private static func warmJob(_ arguments: [String]) -> Job {
        do {
            if let command = try RenderCLI.parseAsRoot(arguments) as? BatchCommand {
                return try command.workerJob()
            }
            StdErr.write("render: error: \(flag): not a batch command")
        } catch {
            StdErr.write("render: error: \(flag): \(error)")
        }
        exit(ExitCodes.usage)
    }
}

/// A command that runs many sessions through the batch runner.
protocol BatchCommand: ParsableCommand {
    /// Builds the warm state once and returns the per-session work (in a worker process).
    func workerJob() throws -> BatchWorker.Job
}

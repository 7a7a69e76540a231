import ArgumentParser
import Foundation
import WorkerPool

/// The worker side of a batch (`render --batch-worker ARGS...`, started by `BatchPool`; not for
/// users). The worker parses ARGS as the parent did, builds its warm state once (fonts, theme,
/// caches), then reads jobs from stdin (`BatchWire`: an index and length-prefixed fields, usually
/// the session path alone). For each it runs the command's per-session work with stdout and stderr
/// going to files the parent reads, and answers on fd 3 with the index, the exit code and the
/// command's result data (length-prefixed too).
enum BatchWorker {
    static let flag = "--batch-worker"
    static let answerDescriptor = BatchPool.answerDescriptor
    /// The worker executable, when it is not this binary: started as `WORKER --batch-worker ARGS...`
    /// and speaking `BatchWire`. The batch isolation tests name `scripts/misbehaving-batch-worker`,
    /// which crashes or hangs on the sessions they choose; nothing of that is in this binary.
    static let commandVariable = "PREVIEW_RENDERER_BATCH_WORKER"

    /// What a command does for one session inside a worker: returns the exit code `render` would give
    /// for it alone and the bytes the parent collects (may be empty). Errors thrown are `ExitCode`s.
    /// The argument is the job's fields (the session path first).
    typealias Job = ([String]) throws -> (exit: Int32, data: [UInt8])

    static func main(_ arguments: [String]) -> Never {
        let job: Job
        do {
            guard let command = try RenderCLI.parseAsRoot(arguments) as? BatchCommand else {
                StdErr.write("render: error: \(flag): not a batch command")
                exit(ExitCodes.usage)
            }
            job = try command.workerJob()
        } catch {
            StdErr.write("render: error: \(flag): \(error)")
            exit(ExitCodes.usage)
        }
        var jobs = BatchWire.JobReader(fd: 0)
        while let (index, fields) = jobs.next() {
            let path = fields.first ?? ""
            var code: Int32 = 0
            var data: [UInt8] = []
            do { (code, data) = try job(fields) } catch let e as ExitCode {
                code = e.rawValue
            } catch {
                StdErr.write("\(path): error: \(error)")
                code = ExitCodes.renderFailed
            }
            fflush(stdout)
            let answer = BatchWire.answer(index: index, exit: code, data: data)
            let ok = answer.withUnsafeBytes { BatchWire.writeAll(answerDescriptor, $0) }
            if !ok { exit(0) }  // the parent is gone
        }
        exit(0)
    }
}

/// A command that runs many sessions through the batch runner.
protocol BatchCommand: ParsableCommand {
    /// Builds the warm state once and returns the per-session work (in a worker process).
    func workerJob() throws -> BatchWorker.Job
}

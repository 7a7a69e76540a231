import Foundation
import ServeProtocol

/// The worker side of a batch (`render --batch-worker ARGS...`, started by `BatchPool`; not for users):
/// the command line's parsing and the warm state are the caller's; this reads jobs from stdin
/// (`WorkerWire`: an index and length-prefixed fields, usually the session path alone), runs each
/// with stdout and stderr going to files the parent reads, and answers on fd 3 with the index, the
/// exit code and the command's result data.
package enum BatchWorkerLoop {
    package static let flag = "--batch-worker"
    /// The worker executable, when it is not this binary: started as `WORKER --batch-worker ARGS...`
    /// and speaking `WorkerWire`. The batch isolation tests name `scripts/misbehaving-batch-worker`,
    /// which crashes or hangs on the sessions they choose; nothing of that is in this binary.
    package static let commandVariable = "PREVIEW_RENDERER_BATCH_WORKER"

    /// Answers every job until stdin ends or the parent is gone, then exits 0. `job` gets the job's
    /// fields (the session path first) and returns the exit code `render` would give for it alone and
    /// the bytes the parent collects.
    package static func serve(_ job: ([String]) -> (exit: Int32, data: [UInt8])) -> Never {
        var jobs = WorkerWire.JobReader(fd: 0)
        while let (index, fields) = jobs.next() {
            let (code, data) = job(fields)
            fflush(stdout)
            let answer = WorkerWire.answer(index: index, exit: code, data: data)
            let ok = answer.withUnsafeBytes { WorkerWire.writeAll(BatchPool.answerDescriptor, $0) }
            if !ok { exit(0) }  // the parent is gone
        }
        exit(0)
    }
}

import ArgumentParser
import Foundation

/// The worker side of a batch (`render --batch-worker ARGS...`, started by `BatchPool`; not for
/// users). The worker parses ARGS as the parent did, builds its warm state once (fonts, theme,
/// caches), then reads jobs from stdin (`BatchWire`: an index and length-prefixed fields, usually
/// the session path alone). For each it runs the command's per-session work with stdout and stderr
/// going to files the parent reads, and answers on fd 3 with the index, the exit code and the
/// command's result data (length-prefixed too).
enum BatchWorker {
    static let flag = "--batch-worker"
    static let answerDescriptor: Int32 = 3
    /// Test-only fault switch, honoured in worker mode only: `crash:NAME,hang:NAME` makes the worker
    /// die of SIGSEGV or sleep forever on the session whose file is NAME.json.
    static let faultVariable = "PREVIEW_RENDERER_WORKER_FAULT"

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
        let faults = Self.faults(ProcessInfo.processInfo.environment[faultVariable])
        var jobs = BatchWire.JobReader(fd: 0)
        while let (index, fields) = jobs.next() {
            let path = fields.first ?? ""
            switch faults.isEmpty ? nil : faults[Self.name(path)] {
            case "crash":  // a real invalid write, as a bug would make (kill() would return after the handler)
                UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
            case "hang": while true { sleep(3600) }
            default: break
            }
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
            let ok = answer.withUnsafeBytes { BatchPool.writeAll(answerDescriptor, $0) }
            if !ok { exit(0) }  // the parent is gone
        }
        exit(0)
    }

    /// The session's file name without `.json` (what the fault switch names).
    static func name(_ path: String) -> String {
        var base = (path as NSString).lastPathComponent
        if base.hasSuffix(".json") { base = String(base.dropLast(5)) }
        return base
    }

    static func faults(_ spec: String?) -> [String: String] {
        var out: [String: String] = [:]
        for item in (spec ?? "").split(separator: ",") {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 { out[parts[1]] = parts[0] }
        }
        return out
    }
}

/// A command that runs many sessions through the batch runner.
protocol BatchCommand: ParsableCommand {
    /// Builds the warm state once and returns the per-session work (in a worker process).
    func workerJob() throws -> BatchWorker.Job
}

import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import Snapshots
import WorkerPool

/// `render SESSION_OR_FOLDER... --out-dir DIR`: the draw command over many sessions, in warm workers.
extension DrawCommand: BatchCommand {
    /// What one session of the batch writes: `DIR/NAME.png` (or `DIR/NAME@SNAP.png` with --snapshot),
    /// every named snapshot as `DIR/NAME@SNAP.png`, and `NAME.*` in the folders the per-session
    /// options name (`NAME.layout.txt`, `NAME.display-list.txt`, `NAME.events.jsonl`, `NAME.apng`,
    /// and a `NAME/` folder of frames).
    func batchRequest(session path: String, into dir: String) -> DrawRequest {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        var r = request
        r.session = path
        let base = dir + "/" + name
        if let snap = picture.snapshot {
            r.output = dir + "/" + SnapshotSettings.goldenName(session: path, snapshot: snap) + ".png"
        } else {
            r.output = base + ".png"
            if picture.at == nil { r.snapshotsPrefix = base }
        }
        r.layoutDump = layoutDump.map { $0 + "/" + name + ".layout.txt" }
        r.displayList = displayList.map { $0 + "/" + name + ".display-list.txt" }
        r.events = events.map { $0 + "/" + name + ".events.jsonl" }
        r.frames = frames.map { $0 + "/" + name }
        r.apng = apng.map { $0 + "/" + name + ".apng" }
        return r
    }

    func workerJob() throws -> BatchWorker.Job {
        guard let dir = outDir else { throw ValidationError("--batch-worker: the draw command needs --out-dir") }
        let renderer = try Renderer(options: DrawJob.options(request))
        return { fields in
            let path = fields.first ?? ""
            var r = self.batchRequest(session: path, into: dir)
            // The batch applies the gate itself (`runBatch`): every session is drawn.
            r.strict = false
            let drawn = try DrawJob(r, warm: renderer).run()
            return (0, Array(try JSONEncoder().encode(gate.kept(file: path, drawn.diagnostics))))
        }
    }

    func runBatch(into dir: String) throws {
        let all = batch.select(SessionArguments.expand(sessions))
        // Two sessions of one name would write the same files.
        var seen: [String: String] = [:]
        for path in all {
            let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
            if let other = seen[name] {
                throw ValidationError("\(other) and \(path) would both be written as \(dir)/\(name).png: rename one")
            }
            seen[name] = path
        }
        // Options that cannot work stop here, once, not in every worker.
        do { _ = try Renderer(options: DrawJob.options(request)) } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        do {
            for folder in [dir, layoutDump, displayList, events, frames, apng].compactMap({ $0 }) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(all)
        let failed = results.filter(\.failed).count
        if !common.quiet {
            let crashed = results.filter {
                if case .crashed = $0.outcome { return true }
                return false
            }.count
            let timedOut = results.filter {
                if case .timedOut = $0.outcome { return true }
                return false
            }.count
            var extra = [crashed > 0 ? "\(crashed) crashed" : nil, timedOut > 0 ? "\(timedOut) timed out" : nil]
                .compactMap { $0 }
            if failed - crashed - timedOut > 0 { extra.insert("\(failed - crashed - timedOut) failed", at: 0) }
            StdOut.write(
                "\(dir): \(results.count - failed) of \(results.count) sessions rendered"
                    + (extra.isEmpty ? "" : " (" + extra.joined(separator: ", ") + ")"))
        }
        // The first failing session's code, in the order given (not the order they finished).
        if let first = results.first(where: \.failed) { throw ExitCode(first.exitCode) }
        let kept = results.flatMap { r -> [SessionDiagnostic] in
            guard case .finished(_, let data) = r.outcome else { return [] }
            return (try? JSONDecoder().decode([SessionDiagnostic].self, from: Data(data))) ?? []
        }
        let gateLines = gate.summary(kept)
        if !gateLines.isEmpty { StdErr.write(lines: OutputText.lines(gateLines)) }
        if let code = gate.exitCode(kept) { throw ExitCode(code) }
    }
}

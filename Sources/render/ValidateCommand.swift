import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots
import WorkerPool

/// `render validate SESSION...`: everything `render` does but writing the PNG — decode, replay,
/// lay out, paint and rasterize the final frame — so "OK" means `render` would succeed; report
/// every problem. A session that is rejected, fails, crashes or hangs is reported (name and reason)
/// and the others are still validated, each in a warm worker.
struct ValidateCommand: BatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check sessions: decode, replay, lay out, paint and rasterize, without writing a PNG.")

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @OptionGroup var common: CommonOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var gateOptions: GateOptions

    /// Exit code: the first failing session's, in order (1 rejected, 7 over a limit, 3 rendering failed or
    /// crashed); else 5 when a session has an error diagnostic (with --strict: a warning too; --allow-errors: never).
    func run() throws {
        do { _ = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        let paths = batch.select(sessions)
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(paths)
        let failures = zip(paths, results).filter { $0.1.failed }
        if !failures.isEmpty && !common.quiet {
            let lines = failures.map {
                "  \($0.0): " + ($0.1.failureText ?? String(decoding: $0.1.outcome.data, as: UTF8.self))
            }
            StdOut.write(
                lines: OutputText.lines(
                    ["\(paths.count - failures.count) of \(paths.count) sessions validated; failed:"] + lines))
        }
        if let first = failures.first { throw ExitCode(first.1.exitCode) }
        // The sessions that validated send their kept diagnostics (errors; with --strict warnings too).
        let kept = results.flatMap { r -> [SessionDiagnostic] in
            guard !r.failed, case .finished(_, let data) = r.outcome else { return [] }
            return (try? JSONDecoder().decode([SessionDiagnostic].self, from: Data(data))) ?? []
        }
        let gate = gateOptions.gate
        let summary = gate.summary(kept)
        if !summary.isEmpty { StdErr.write(lines: OutputText.lines(summary)) }
        if let code = gate.exitCode(kept) { throw ExitCode(code) }
    }

    /// One session: the exit code `render` would give and, on failure, the reason (as the result bytes).
    func workerJob() throws -> BatchWorker.Job {
        let renderer = try Renderer(options: try common.renderOptions())
        return { fields in
            let path = fields.first ?? ""
            renderer.forgetLastFrame()
            let printer = DiagnosticPrinter(file: path, format: common.diagnostics, quiet: common.quiet)
            let loaded: (Session, [Diagnostic])
            do { loaded = try renderer.load(path: path) } catch {
                StdErr.write("\(error)")
                return (ExitCodes.forRejection(error), Array("rejected: \(error)".utf8))
            }
            let (s, d) = loaded
            let r = renderer.replay(s)
            do {
                // The frame `render` would write: the final capture, through layout, paint and raster.
                let drawn = try renderer.renderAll(s, r) { $0.kind == .final }
                let all = d + r.diagnostics + drawn.diagnostics
                printer.print(all)
                let errors = all.filter { $0.severity == .error }.count
                let warnings = all.filter { $0.severity == .warning }.count
                if !common.quiet {
                    StdOut.write(
                        """
                        \(path): \(errors == 0 ? "OK" : "errors") (\(s.steps.count) steps, \(warnings) warnings, \
                        \(errors) errors)
                        """
                    )
                }
                return (0, Array(try JSONEncoder().encode(gateOptions.gate.kept(file: path, all))))
            } catch {
                printer.print(d + r.diagnostics)
                StdErr.write("\(path): error: rendering failed: \(error)")
                return (ExitCodes.renderFailed, Array("rendering failed: \(error)".utf8))
            }
        }
    }
}

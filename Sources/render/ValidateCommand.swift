import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat

/// `render validate SESSION...`: decode and replay without drawing; report every problem.
struct ValidateCommand: BatchCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check sessions without rendering.")

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @OptionGroup var common: CommonOptions

    @OptionGroup var batch: BatchOptions

    /// Each session in a warm worker (`workerJob`); exit code: the first failing session's, in order.
    func run() throws {
        do { _ = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.renderFailed)
        }
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(batch.select(sessions))
        if results.contains(where: \.failed) { throw ExitCode(ExitCodes.rejected) }
    }

    func workerJob() throws -> BatchWorker.Job {
        let renderer = try Renderer(options: try common.renderOptions())
        return { path in
            let printer = DiagnosticPrinter(file: path, format: common.diagnostics, quiet: common.quiet)
            do {
                let (s, d) = try renderer.load(path: path)
                let r = renderer.replay(s)
                let all = d + r.diagnostics
                printer.print(all)
                let errors = all.filter { $0.severity == .error }.count
                if !common.quiet {
                    print("\(path): \(errors == 0 ? "OK" : "errors") (\(s.steps.count) steps, \(all.count - errors) warnings, \(errors) errors)")
                }
            } catch {
                StdErr.write("\(error)")
                return (ExitCodes.rejected, [])
            }
            return (0, [])
        }
    }
}

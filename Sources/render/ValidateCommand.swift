import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat

/// `render validate SESSION...`: everything `render` does but writing the PNG — decode, replay,
/// lay out, paint and rasterize the final frame — so "OK" means `render` would succeed; report
/// every problem. A session that is rejected or fails is reported (name and reason) and the
/// others are still validated.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check sessions: decode, replay, lay out, paint and rasterize, without writing a PNG.")

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @OptionGroup var common: CommonOptions

    func run() throws {
        let renderer: Renderer
        do { renderer = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.renderFailed)
        }
        // The exit code of the first session that failed (1 rejected, 7 over a limit, 3 rendering failed).
        var exitCode: Int32? = nil
        var failures: [String] = []
        for path in sessions {
            let printer = DiagnosticPrinter(file: path, format: common.diagnostics, quiet: common.quiet)
            let loaded: (Session, [Diagnostic])
            do { loaded = try renderer.load(path: path) } catch {
                StdErr.write("\(error)")
                failures.append("\(path): rejected: \(error)")
                exitCode = exitCode ?? ExitCodes.forRejection(error)
                continue
            }
            let (s, d) = loaded
            let r = renderer.replay(s)
            do {
                // The frame `render` would write: the final capture, through layout, paint and raster.
                let drawn = try renderer.renderAll(s, r) { $0.kind == .final }
                let all = d + r.diagnostics + drawn.diagnostics
                printer.print(all)
                let errors = all.filter { $0.severity == .error }.count
                if !common.quiet {
                    print("\(path): \(errors == 0 ? "OK" : "errors") (\(s.steps.count) steps, \(all.count - errors) warnings, \(errors) errors)")
                }
            } catch {
                printer.print(d + r.diagnostics)
                StdErr.write("\(path): error: rendering failed: \(error)")
                failures.append("\(path): rendering failed: \(error)")
                exitCode = exitCode ?? ExitCodes.renderFailed
            }
        }
        if !failures.isEmpty && !common.quiet {
            print("\(sessions.count - failures.count) of \(sessions.count) sessions validated; failed:\n" + failures.map { "  " + $0 }.joined(separator: "\n"))
        }
        if let exitCode { throw ExitCode(exitCode) }
    }
}

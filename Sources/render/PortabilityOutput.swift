import ArgumentParser
import Foundation
import Portability
import RenderPipeline
import SessionFormat
import Styles

/// `render portability SESSIONS...`: where the iOS and the Android backend would disagree.
struct PortabilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portability",
        abstract: "Report every step whose result differs between the iOS and Android profiles (docs/portability.md).",
        discussion: "Prints one line per finding and a summary per session; exit 0 whatever is found. `render SESSION --portability` does the same for one session.")

    @Argument(help: "Session files (JSON), or folders (every session in them, expectation files skipped).")
    var sessions: [String]

    @Option(name: .long, help: "Also write the reports as JSON (stable keys) to this file.")
    var json: String?

    @Option(name: .long, help: "Write docs/portability.md-style Markdown (the kinds table and every report) to this file.")
    var markdown: String?

    @Flag(name: .customLong("no-measure"), help: "Skip the measured part (replay and layout under both profiles).")
    var noMeasure = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try PortabilityOutput.run(sessions: SessionArguments.expand(sessions), common: common, json: json, markdown: markdown, measure: !noMeasure)
    }
}

/// The report's output for the CLI: text on stdout, JSON / Markdown files on request.
enum PortabilityOutput {
    static func run(sessions: [String], common: CommonOptions, json: String?, markdown: String?, measure: Bool) throws {
        var measurer: PortabilityMeasurer? = nil
        if measure {
            let o = try common.renderOptions()
            // The looks of --theme (default: `default`), its platform replaced by ios, then android.
            do { measurer = try PortabilityMeasurer(fontsDirectory: o.fontsDirectory, base: ThemeLoader.load(o.theme), device: o.device, fontScale: o.fontScale) } catch {
                StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.renderFailed)
            }
        }
        var reports: [PortabilityReport] = []
        // A broken file is reported by name and reason; the other sessions still get their reports.
        var failures: [String] = []
        var exitCode: Int32? = nil
        for path in sessions {
            let session: Session
            do {
                if let m = measurer { session = try m.load(path: path) } else {
                    var s = try SessionDecoder().decode(fileAt: path).0
                    if let d = common.device { s.device = try Device.parse(d) }
                    session = s
                }
            } catch {
                StdErr.write("\(path): \(error)")
                failures.append("\(path): rejected: \(error)")
                exitCode = exitCode ?? ExitCodes.forRejection(error)
                continue
            }
            let r = PortabilityReport.make(session, measurer: measurer)
            if !common.quiet { print(r.text, terminator: sessions.count > 1 ? "\n" : "") }
            reports.append(r)
        }
        do {
            if let f = json { try AtomicFile.write(reports.count == 1 ? reports[0].json : PortabilityReport.json(reports), to: f) }
            if let f = markdown { try AtomicFile.write(PortabilityMarkdown.document(reports), to: f) }
        } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.unwritable)
        }
        if !failures.isEmpty && !common.quiet {
            print("\(reports.count) of \(sessions.count) sessions reported; rejected:\n" + failures.map { "  " + $0 }.joined(separator: "\n"))
        }
        if let exitCode { throw ExitCode(exitCode) }
    }
}

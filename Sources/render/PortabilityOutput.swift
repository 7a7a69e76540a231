import ArgumentParser
import Foundation
import Portability
import Primitives
import RenderPipeline
import SessionFormat
import Styles
import WorkerPool

/// `render portability SESSIONS...`: where the iOS and the Android backend would disagree.
struct PortabilityCommand: BatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "portability",
        abstract: "Report every step whose result differs between the iOS and Android profiles (docs/portability.md).",
        discussion:
            """
            Prints one line per finding and a summary per session; exit 0 whatever is found. `render SESSION \
            --portability` does the same for one session.
            """
    )

    @Argument(help: "Session files (JSON), or folders (every session in them, expectation files skipped).")
    var sessions: [String]

    @Option(name: .long, help: "Also write the reports as JSON (stable keys) to this file.")
    var json: String?

    @Option(
        name: .long, help: "Write docs/portability.md-style Markdown (the kinds table and every report) to this file.")
    var markdown: String?

    @Flag(name: .customLong("no-measure"), help: "Skip the measured part (replay and layout under both profiles).")
    var noMeasure = false

    @OptionGroup var common: CommonOptions

    @OptionGroup var batch: BatchOptions

    /// Each session in a warm worker (`workerJob`); the reports come back as JSON, in session order.
    func run() throws {
        let paths = batch.select(SessionArguments.expand(sessions))
        _ = try PortabilityOutput.measurer(common: common, measure: !noMeasure)  // bad options stop here, once
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(paths)
        var reports: [PortabilityReport] = []
        for r in results {
            if case .finished(0, let data) = r.outcome,
                let report = try? JSONDecoder().decode(PortabilityReport.self, from: Data(data))
            {
                reports.append(report)
            }
        }
        try PortabilityOutput.write(reports, json: json, markdown: markdown)
        // A broken file is reported by name and reason; the other sessions still got their reports.
        let failures = zip(paths, results).filter { $0.1.failed }
        if !failures.isEmpty && !common.quiet {
            let lines = failures.map { "  \($0.0): " + ($0.1.failureText ?? "rejected (exit \($0.1.exitCode))") }
            StdOut.write(
                lines: OutputText.lines(["\(reports.count) of \(paths.count) sessions reported; failed:"] + lines))
        }
        if let first = failures.first { throw ExitCode(first.1.exitCode) }
    }

    func workerJob() throws -> BatchWorker.Job {
        let measurer = try PortabilityOutput.measurer(common: common, measure: !noMeasure)
        let count = batch.select(SessionArguments.expand(sessions)).count
        return { fields in
            let path = fields.first ?? ""
            let r = try PortabilityOutput.report(path: path, measurer: measurer, common: common)
            if !common.quiet { StdOut.write(lines: r.text, terminator: count > 1 ? "\n" : "") }
            return (0, Array(try JSONEncoder().encode(r)))
        }
    }
}

/// The report's output for the CLI: text on stdout, JSON / Markdown files on request.
enum PortabilityOutput {
    /// The measurer of --theme's looks under both profiles; nil with `--no-measure`.
    static func measurer(common: CommonOptions, measure: Bool) throws -> PortabilityMeasurer? {
        guard measure else { return nil }
        let o = try common.renderOptions()
        // The looks of --theme (default: `default`), its platform replaced by ios, then android.
        do {
            return try PortabilityMeasurer(
                fontsDirectory: o.fontsDirectory, base: ThemeLoader.load(o.theme), device: o.device,
                fontScale: o.fontScale)
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
    }

    /// One session's report; a session that cannot be read is reported on stderr and exits 1 (7 over a limit).
    static func report(path: String, measurer: PortabilityMeasurer?, common: CommonOptions) throws -> PortabilityReport
    {
        let session: Session
        do {
            if let m = measurer {
                session = try m.load(path: path)
            } else {
                var s = try SessionDecoder().decode(fileAt: path).0
                if let d = common.device { s.device = try Device.parse(d) }
                session = s
            }
        } catch {
            StdErr.write("\(path): \(error)")
            throw ExitCode(ExitCodes.forRejection(error))
        }
        return PortabilityReport.make(session, measurer: measurer)
    }

    /// The JSON and Markdown files, when asked for.
    static func write(_ reports: [PortabilityReport], json: String?, markdown: String?) throws {
        do { try PortabilityReport.write(reports, json: json, markdown: markdown) } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
    }

    /// `render SESSION --portability`: one session, in this process.
    static func run(sessions: [String], common: CommonOptions, json: String?, markdown: String?, measure: Bool) throws {
        let measurer = try Self.measurer(common: common, measure: measure)
        var reports: [PortabilityReport] = []
        for path in sessions {
            let r = try report(path: path, measurer: measurer, common: common)
            if !common.quiet { StdOut.write(lines: r.text, terminator: sessions.count > 1 ? "\n" : "") }
            reports.append(r)
        }
        try write(reports, json: json, markdown: markdown)
    }
}

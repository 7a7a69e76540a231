import ArgumentParser
import Foundation
import Gallery
import Primitives
import RenderPipeline
import Snapshots

/// `render report merge DIR... -o OUTDIR`: the check reports of a run's shards (`--shard K/N`, one
/// CI job each) joined into one JSON report, one JUnit file and one HTML page, with the combined result.
/// A report is input like a session: its image paths are relative to its shard folder and only PNGs
/// inside that folder are copied (`ReportImages`); goldens come from the goldens folder (`--snapshots`).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Work with check reports.",
        subcommands: [Merge.self])

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                """
                Join the check reports (JSON, from --report) found in each folder into OUTDIR/check.json, \
                check.xml and the review page OUTDIR/review/index.html.
                """,
            discussion:
                """
                Exit codes: 0 every golden passed (and every picture was found), 5 a session has an error \
                diagnostic (with --strict a warning too; --allow-errors: never), 6 a golden failed, was missing \
                or was recorded, 3 a session could not be rendered, 1 no report, reports of different runs, or an \
                image a report names found neither in its folder nor in the goldens folder (each named), 2 an \
                output could not be written.
                """
        )

        @Argument(help: "Folders holding the shards' JSON reports (every *.json in them that is a check report).")
        var folders: [String]

        @Option(name: .shortAndLong, help: "Output folder.")
        var output: String

        @Option(
            name: .long,
            help: "The goldens folder the reports' goldens are read from (default: the one the reports name).")
        var snapshots: String?

        @OptionGroup var gateOptions: GateOptions

        func run() throws {
            // (report, the shard folder its images are read from)
            var reports: [(CheckReport, String)] = []
            for dir in folders {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter {
                    $0.hasSuffix(".json")
                }.sorted()
                for n in names {
                    // Reports are read inside the shard folder only (a link out is not a report).
                    guard let data = try? ConfinedFolder(dir).read(n),
                        var r = try? JSONDecoder().decode(CheckReport.self, from: Data(data))
                    else { continue }
                    if let s = snapshots { r.snapshots = s }
                    reports.append((r, dir))
                }
            }
            var merged: CheckReport
            // Images a report names that neither its shard folder nor the goldens folder holds.
            var missing: [String] = []
            do { merged = try CheckReport.merged(reports.map(\.0)) } catch {
                StdErr.write("render: error: report merge: \(error) (folders: \(folders.joined(separator: ", ")))")
                throw ExitCode(ExitCodes.rejected)
            }
            let goldens = merged.snapshots ?? "Snapshots"
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                // Each shard's images, by their paths relative to its folder (inside it, PNGs only), are
                // copied into OUTDIR/images/; a golden from the shard's copy (`goldenImage`), else from the
                // goldens folder, confined the same way.
                var kept: [CheckReport] = []
                for (r, dir) in reports {
                    var lost: [String] = []
                    kept.append(
                        try r.keepingImages(
                            from: ReportImages(goldens: goldens, files: dir), in: output, missing: &lost))
                    missing += lost.map { "\(dir): \($0)" }
                }
                merged = try CheckReport.merged(kept)
                // The review's rejected marks are kept beside its page (`ReviewMarks`).
                merged = merged.grouped(marks: try ReviewMarks.read(folder: output + "/review"))
                try AtomicFile.write(try merged.json(), to: output + "/check.json")
                try AtomicFile.write(merged.junit(gate: gateOptions.gate), to: output + "/check.xml")
                try CheckPage.write(
                    merged, to: output + "/review", images: ReportImages(goldens: goldens, files: output),
                    gate: gateOptions.gate)
            } catch {
                StdErr.write("render: error: \(error)")
                throw ExitCode(ExitCodes.unwritable)
            }
            StdOut.write("\(output): \(reports.count) reports merged; \(merged.summary)")
            // A page without its pictures is not a review: say which are missing, and fail.
            if !missing.isEmpty {
                let shown = missing.prefix(20).map { "  " + $0 } + (missing.count > 20 ? ["  ..."] : [])
                StdErr.write(
                    lines: OutputText.lines(
                        [
                            """
                            render: error: report merge: \(missing.count) image\(missing.count == 1 ? "" : "s") \
                            not found (in the shard's folder or --snapshots \(goldens)):
                            """
                        ] + shown))
                throw ExitCode(ExitCodes.rejected)
            }
            let gate = gateOptions.gate
            let gateLines = gate.summary(merged.diagnostics)
            if !gateLines.isEmpty { StdErr.write(lines: OutputText.lines(gateLines)) }
            if merged.outcomes.contains(where: { $0.status == .error }) { throw ExitCode(ExitCodes.renderFailed) }
            if let code = gate.exitCode(merged.diagnostics) { throw ExitCode(code) }
            if !merged.allPassed { throw ExitCode(ExitCodes.checkFailed) }
        }
    }
}

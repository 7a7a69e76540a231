import Accessibility
import ArgumentParser
import Foundation
import Gallery
import Primitives
import RenderPipeline
import Snapshots
import WorkerPool

extension RecordMode: ExpressibleByArgument {}
extension A11yMode: ExpressibleByArgument {}

/// `render check SESSIONS...`: each session's final frame and named snapshots against their goldens
/// (`Snapshots/NAME.png`, `Snapshots/NAME@SNAP.png`; per theme and device in `Snapshots/THEME-DEVICE/`),
/// with a semantic diff on failure.
struct CheckCommand: BatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Compare sessions with their golden PNGs and say what changed.",
        discussion: """
            Exit codes: 0 every golden matched, 5 a session has an error diagnostic (with --strict a warning too; \
            --allow-errors: never), 6 a golden failed, was missing or was recorded (recording never \
            passes a run), or with --a11y a screen has accessibility findings its baseline NAME.a11y.json does not \
            hold, 3 a session could not be rendered, 2 a report, golden, sidecar, baseline or failure image could \
            not be written.
            """)

    /// A check that did not pass (failed, missing, recorded, environment changed).
    static let checkFailed: Int32 = ExitCodes.checkFailed

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]

    @Option(
        name: .long,
        help: "When to write goldens: never (default; CI), missing, failed, all. Default: $PREVIEW_RECORD or never.")
    var record: RecordMode?

    @Option(
        name: .long,
        help:
            """
            The goldens folder (default: Snapshots/ for the default theme, Snapshots/THEME/ with --theme, \
            Snapshots/DEVICE/ with --device, Snapshots/THEME-DEVICE/ with both).
            """
    )
    var snapshots: String?

    @Option(name: .long, help: "Where expected | diff | actual images go on failure.")
    var failures: String = "out/snapshot-failures"

    @OptionGroup var tolerance: ToleranceOptions

    @Option(name: .long, help: "Write a JSON report here.")
    var report: String?

    @Option(name: .long, help: "Write a JUnit XML report here.")
    var junit: String?

    @Option(
        name: .long, help: "Write a review page here: DIR/index.html (failures first, with views and accept commands).")
    var html: String?

    @Flag(
        name: .long,
        help:
            """
            Also compare every captured frame (each tick and snapshot) with the frames golden NAME.frames/, naming \
            the first frame that differs.
            """
    )
    var ticks = false

    @Flag(
        name: .long,
        help:
            """
            Re-record the failing goldens of the given session files now (or only the NAME, NAME@SNAP or \
            NAME.frames given as arguments); exits 6 like any recording.
            """
    )
    var accept = false

    @Option(
        name: .customLong("accept-group"),
        help:
            ArgumentHelp(
                """
                Accept every golden of this change group (an ID from the review page, the JSON report or JUnit): \
                the sessions are checked, grouped by cause, and exactly the group's goldens re-recorded. Repeatable.
                """,
                valueName: "ID"))
    var acceptGroups: [String] = []

    @Option(
        name: .customLong("reject-group"),
        help:
            ArgumentHelp(
                """
                Mark this change group rejected; the mark is kept in the report folder (the --html folder, else the \
                --report file's) as review-marks.json, and later reviews show it. Repeatable.
                """,
                valueName: "ID"))
    var rejectGroups: [String] = []

    @Option(
        name: .customLong("accept-file"),
        help:
            ArgumentHelp(
                """
                Apply a review's accept file (the review page writes one): a line `group ID` accepts a group, \
                `reject group ID` marks one rejected, a golden name (NAME, NAME@SNAP) accepts that golden; # comments.
                """,
                valueName: "FILE"))
    var acceptFile: String?

    @Flag(
        name: .long,
        help:
            """
            Write the current environment (renderer version, fonts, theme, device) into the sidecars of goldens \
            whose pixels are the new frames' exactly; a golden that differs is left as it is and reported.
            """
    )
    var restamp = false

    @Flag(
        name: .long,
        help: "List goldens and sidecars in this run's goldens folder that no given session produces (exit 6 if any).")
    var unused = false

    @Flag(name: .long, help: "With --unused: delete them.")
    var delete = false

    @Option(
        name: .customLong("a11y"),
        help:
            """
            Also check every screen's text contrast and touch targets against its baseline NAME.a11y.json beside \
            the golden: --a11y fails on new findings (exit 6), --a11y=warn reports them; --accept and --record \
            write the baseline with the golden.
            """)
    var a11y: A11yMode?

    @OptionGroup var common: CommonOptions

    @OptionGroup var batch: BatchOptions

    @OptionGroup var gateOptions: GateOptions

    /// Arguments that name goldens (`NAME`, `NAME@SNAP`, `NAME.frames`) rather than session files: with `--accept`.
    var acceptNames: [String] {
        accept ? sessionArguments.filter { !FileManager.default.fileExists(atPath: $0) && !$0.hasSuffix(".json") } : []
    }
    var sessions: [String] {
        let names = Set(acceptNames)
        return SessionArguments.expand(sessionArguments.filter { !names.contains($0) })
    }

    func validate() throws {
        if accept && record != nil {
            throw ValidationError("--accept records the failing goldens itself: leave out --record")
        }
        if accept && unused {
            throw ValidationError("--accept and --unused do different things: run them one at a time")
        }
        if restamp && (record != nil || accept || unused) {
            throw ValidationError("--restamp rewrites sidecars only: leave out --record, --accept and --unused")
        }
        if delete && !unused { throw ValidationError("--delete goes with --unused") }
        if reviewing && (accept || record != nil || restamp || unused) {
            throw ValidationError(
                """
                --accept-group, --reject-group and --accept-file record what they name: leave out --accept, --record, \
                --restamp and --unused
                """)
        }
        if !rejectGroups.isEmpty && marksFolder == nil {
            throw ValidationError(
                "--reject-group keeps its mark in the report folder: give --html DIR or --report FILE")
        }
        if unused && batch.selectedShard != .all {
            throw ValidationError("--unused needs every session of the goldens folder: run it without --shard")
        }
    }

    /// The renderer of this run: with `--ticks` it captures every tick.
    func makeRenderer() throws -> Renderer {
        var options = try common.renderOptions()
        options.captureTicks = ticks
        return try Renderer(options: options)
    }

    func run() throws {
        let renderer: Renderer
        do { renderer = try makeRenderer() } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        let settings = self.settings
        if common.verbose { StdOut.write("goldens: \(settings.snapshotsDirectory)") }
        if unused { try listUnused(folder: settings.snapshotsDirectory, renderer: renderer) }
        let checker = SnapshotChecker(settings: settings)
        // Each session in a warm worker (workerJob); outcomes come back as JSON, in session order.
        let paths = batch.select(sessions)
        try refuseSharedGoldens(paths)
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(
            paths, verdict: Self.verdict)
        var outcomes: [SnapshotOutcome] = []
        for (path, r) in zip(paths, results) {
            if case .finished(_, let data) = r.outcome,
                var list = try? JSONDecoder().decode([SnapshotOutcome].self, from: Data(data))
            {
                // JUnit's time: each golden's share of its session's time in the worker.
                let share = (r.seconds / Double(max(1, list.count)) * 1000).rounded() / 1000
                for i in list.indices { list[i].seconds = share }
                outcomes += list
            } else {
                var o = checker.errorOutcome(
                    session: path, renderer: renderer, reason: r.failureText ?? "the worker gave no result")
                o.seconds = (r.seconds * 1000).rounded() / 1000
                outcomes.append(o)
            }
        }
        var result = CheckReport(
            rendererVersion: PreviewRendererVersion.string, recordMode: settings.record,
            tolerance: settings.tolerance, outcomes: outcomes)
        result.a11y = a11y
        result = try review(result, renderer: renderer, checker: checker)
        outcomes = result.outcomes
        // Reports and pages name images relative to their folders and read them confined (ReportImages).
        let relative = result.relative(goldens: settings.snapshotsDirectory, files: settings.failuresDirectory)
        let images = ReportImages(goldens: settings.snapshotsDirectory, files: settings.failuresDirectory)
        do {
            for f in [report, junit].compactMap({ $0 }) where f != "-" {
                let folder = (f as NSString).deletingLastPathComponent
                if !folder.isEmpty {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
            }
            if let f = report {
                let folder = (f as NSString).deletingLastPathComponent
                // On standard output there is no folder to keep images in: paths stay relative to --failures.
                let kept =
                    f == "-" ? relative : try relative.keepingImages(from: images, in: folder.isEmpty ? "." : folder)
                try AtomicFile.write(try kept.json(), to: f)
            }
            if let f = junit { try AtomicFile.write(result.junit(gate: gateOptions.gate), to: f) }
            if let d = html {
                try CheckPage.write(relative, to: d, images: images, gate: gateOptions.gate)
                if !common.quiet { StdOut.write("review page: \(d)/index.html") }
            }
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        if !common.quiet { StdOut.write(result.summary) }
        let gate = gateOptions.gate
        let gateLines = gate.summary(result.diagnostics)
        if !gateLines.isEmpty { StdErr.write(lines: OutputText.lines(gateLines)) }
        // A golden, sidecar or failure image that could not be written: exit 2 with the reason.
        if outcomes.contains(where: { $0.unwritable == true }) { throw ExitCode(ExitCodes.unwritable) }
        if outcomes.contains(where: { $0.status == .error }) { throw ExitCode(ExitCodes.renderFailed) }
        if let code = gate.exitCode(result.diagnostics) { throw ExitCode(code) }
        if !result.allPassed { throw ExitCode(Self.checkFailed) }
    }

    /// `--accept-group`, `--reject-group` or `--accept-file` given.
    var reviewing: Bool { !acceptGroups.isEmpty || !rejectGroups.isEmpty || acceptFile != nil }

    /// Where the review's marks are kept: the review page's folder, else the JSON report's.
    var marksFolder: String? {
        if let html { return html }
        guard let r = report, r != "-" else { return nil }
        let folder = (r as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The report grouped by cause with the kept marks; with `--accept-group`, `--reject-group` or
    /// `--accept-file`, their goldens accepted (re-recorded here, in this process) and marks kept.
    func review(_ report: CheckReport, renderer: Renderer, checker: SnapshotChecker) throws -> CheckReport {
        var marks = ReviewMarks()
        var selection = AcceptSelection(groups: acceptGroups, rejects: rejectGroups)
        do {
            if let folder = marksFolder { marks = try ReviewMarks.read(folder: folder) }
            if let f = acceptFile { selection = try selection.adding(file: f) }
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.rejected)
        }
        let grouped = report.grouped(marks: marks)
        guard reviewing else { return grouped }
        let plan: AcceptSelection.Plan
        do {
            plan = try selection.plan(grouped)
            if !plan.rejects.isEmpty && marksFolder == nil {
                throw AcceptFileError(
                    "rejecting a group keeps a mark in the report folder: give --html DIR or --report FILE")
            }
        } catch {
            StdErr.write("render: error: \(acceptFile.map { "\($0): " } ?? "")\(error)")
            throw ExitCode(ExitCodes.rejected)
        }
        let accepted = checker.accepting(plan, renderer: renderer)
        for o in accepted {
            StdErr.write(lines: "\(o.status.label(accepting: true)) \(o.message)")
        }
        for n in plan.notes where !common.quiet { StdOut.write("note  \(n)") }
        for g in plan.accepted where !common.quiet { StdOut.write("accepted group \(g.id): \(g.words)") }
        if let folder = marksFolder, marks.applying(plan) != marks {
            marks = marks.applying(plan)
            do { try marks.write(folder: folder) } catch {
                StdErr.write("render: error: \(error)")
                throw ExitCode(ExitCodes.unwritable)
            }
        }
        for g in plan.rejects where !common.quiet {
            StdOut.write("rejected group \(g.id): \(g.words) (kept in \(marksFolder ?? ".")/\(ReviewMarks.fileName))")
        }
        return report.replacing(accepted).grouped(marks: marks)
    }

    /// Goldens folder, failures folder, record mode and tolerance from the options.
    var settings: SnapshotSettings {
        let mode = accept ? .failed : record ?? RecordMode.fromEnvironment()
        let folder =
            snapshots
            ?? SnapshotSettings.goldensDirectory(root: "Snapshots", theme: common.theme, device: common.device)
        var settings = SnapshotSettings(
            snapshotsDirectory: folder, failuresDirectory: failures, record: mode,
            tolerance: tolerance.tolerance)
        settings.restamp = restamp
        settings.accepting = accept
        settings.a11y = a11y
        settings.gate = gateOptions.gate
        return settings
    }

    /// One session in a worker: its outcomes printed as `render check` prints them, and returned as JSON.
    func workerJob() throws -> BatchWorker.Job {
        let renderer = try makeRenderer()
        var checker = SnapshotChecker(settings: settings)
        if a11y != nil { checker.audit = AccessibilityAudit(renderer: renderer) }
        let acceptOnly = GoldenMaintenance.acceptFilter(acceptNames)
        return { fields in
            let path = fields.first ?? ""
            renderer.forgetLastFrame()
            let base = SnapshotSettings.goldenName(session: path, snapshot: nil)
            var outcomes: [SnapshotOutcome] = []
            if acceptOnly == nil || acceptOnly?[base] != nil {
                outcomes = checker.check(session: path, renderer: renderer, only: acceptOnly?[base])
                if ticks && (acceptOnly == nil || acceptOnly?[base]?.contains(GoldenMaintenance.framesMarker) == true) {
                    outcomes.append(checker.checkFrames(session: path, renderer: renderer))
                }
            }
            for o in outcomes {
                if o.passed {
                    if common.verbose || o.status == .restamped {
                        StdOut.write("\(o.status.label(accepting: accept)) \(o.name)")
                    }
                    for n in o.notes where !common.quiet { StdOut.write("note  \(o.name): \(n)") }
                } else {
                    StdErr.write(lines: "\(o.status.label(accepting: accept)) \(o.message)")
                }
                if let r = o.a11y { printA11y(r) }
            }
            // The session's exit code as `render check` of it alone would give: the progress line never
            // says ok for a session whose goldens did not pass.
            let code =
                outcomes.contains { $0.status == .error }
                ? ExitCodes.renderFailed
                : outcomes.allSatisfy { $0.passed && $0.a11y?.fails != true } ? 0 : Self.checkFailed
            return (code, Array(try JSONEncoder().encode(outcomes)))
        }
    }

    /// A session's progress verdict in words (`2 changed, 1 passed`) from its worker's outcomes.
    static func verdict(_ r: BatchResult) -> String? {
        guard case .finished(_, let data) = r.outcome,
            let list = try? JSONDecoder().decode([SnapshotOutcome].self, from: Data(data))
        else { return nil }
        guard !list.isEmpty else { return "nothing to check" }
        let new = list.reduce(0) { $0 + ($1.a11y?.count(.new) ?? 0) }
        return list.countedInWords + (new > 0 ? ", \(new) new accessibility finding\(new == 1 ? "" : "s")" : "")
    }

    /// One screen's accessibility result: what fails on stderr (`A11Y`), a warning or resolved
    /// findings on stdout (`a11y`), a clean screen with `-v` only.
    func printA11y(_ r: A11yResult) {
        if r.fails {
            StdErr.write(
                lines: "A11Y    \(r.message)" + (r.accept.map { "\n" + OutputText.line("  accept: " + $0) } ?? ""))
        } else if r.status == .warned || r.count(.resolved) > 0 || common.verbose {
            if common.quiet && r.status != .warned { return }
            StdOut.write(
                lines: "a11y    \(r.message)" + (r.accept.map { "\n" + OutputText.line("  accept: " + $0) } ?? ""))
        }
    }

    /// `--unused [--delete]`: goldens of this run's folder that none of the sessions produces.
    func listUnused(folder: String, renderer: Renderer) throws -> Never {
        var names: Set<String> = []
        for path in sessions {
            do { names.formUnion(try GoldenMaintenance.goldenNames(session: path, renderer: renderer)) } catch {
                // A session that cannot be read may still own goldens: refuse rather than delete them.
                StdErr.write("render: error: \(path): \(error); not listing unused goldens")
                throw ExitCode(ExitCodes.rejected)
            }
        }
        let stale = GoldenMaintenance.unused(in: folder, names: names)
        if delete {
            do { try GoldenMaintenance.delete(stale, of: folder) { StdOut.write("deleted \($0)") } } catch {
                StdErr.write("render: error: \(error)")
                throw ExitCode(ExitCodes.unwritable)
            }
        } else {
            for f in stale { StdOut.write("unused \(f)") }
        }
        if !common.quiet {
            StdOut.write(
                stale.isEmpty
                    ? "no unused goldens in \(folder)"
                    : """
                    \(stale.count) unused files in \
                    \(folder)\(delete ? " deleted" : " (delete them with --unused --delete)")
                    """
            )
        }
        throw ExitCode(stale.isEmpty || delete ? 0 : Self.checkFailed)
    }

    /// Two session files of one run whose goldens are the same files (`a/card.json` and
    /// `b/card.json` both own `card.png`): refused before anything is written, naming both.
    func refuseSharedGoldens(_ paths: [String]) throws {
        if let (name, one, other) = SnapshotSettings.sharedGolden(paths) {
            StdErr.write(
                """
                render: error: \(one) and \(other) both have the golden \(name).png in \
                \(settings.snapshotsDirectory): check them in separate runs (--snapshots), or rename one
                """)
            throw ExitCode(ExitCodes.rejected)
        }
    }
}

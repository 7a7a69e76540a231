import ArgumentParser
import Foundation
import RenderPipeline
import Snapshots

extension RecordMode: ExpressibleByArgument {}

/// `render check SESSIONS...`: each session's final frame and named snapshots against their goldens
/// (`Snapshots/NAME.png`, `Snapshots/NAME@SNAP.png`; per theme and device in `Snapshots/THEME-DEVICE/`),
/// with a semantic diff on failure.
struct CheckCommand: BatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Compare sessions with their golden PNGs and say what changed.",
        discussion: """
        Exit codes: 0 every golden matched, 6 a golden failed, was missing or was recorded (recording never \
        passes a run), 3 a session could not be rendered, 2 a report could not be written.
        """)

    /// A check that did not pass (failed, missing, recorded, environment changed).
    static let checkFailed: Int32 = ExitCodes.checkFailed

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @Option(name: .long, help: "When to write goldens: never (default; CI), missing, failed, all. Default: $PREVIEW_RECORD or never.")
    var record: RecordMode?

    @Option(name: .long, help: "The goldens folder (default: Snapshots/ for the default theme, Snapshots/THEME/ with --theme, Snapshots/DEVICE/ with --device, Snapshots/THEME-DEVICE/ with both).")
    var snapshots: String?

    @Option(name: .long, help: "Where expected | diff | actual images go on failure.")
    var failures: String = "out/snapshot-failures"

    @Option(name: .long, help: "Per-channel difference (0-255, after a 3x3 anti-aliasing blur) above which a pixel mismatches.")
    var threshold: Int = 40

    @Option(name: .customLong("max-mismatch"), help: "Share of mismatching pixels allowed (0-1).")
    var maxMismatch: Double = 0.001

    @Flag(name: .customLong("pixels-only"), help: "Judge by pixels only: do not fail on element changes within the pixel tolerance.")
    var pixelsOnly = false

    @Option(name: .long, help: "Write a JSON report here.")
    var report: String?

    @Option(name: .long, help: "Write a JUnit XML report here.")
    var junit: String?

    @Option(name: .long, help: "Write an HTML review page of the report here.")
    var html: String?

    @OptionGroup var common: CommonOptions

    @OptionGroup var batch: BatchOptions

    func validate() throws {
        guard (0...255).contains(threshold) else { throw ValidationError("--threshold must be 0...255") }
        guard maxMismatch.isFinite, (0...1).contains(maxMismatch) else { throw ValidationError("--max-mismatch must be 0...1") }
    }

    func run() throws {
        let renderer: Renderer
        do { renderer = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError { throw e } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.renderFailed)
        }
        let settings = self.settings
        if common.verbose { print("goldens: \(settings.snapshotsDirectory)") }
        let checker = SnapshotChecker(settings: settings)
        // Each session in a warm worker (workerJob); outcomes come back as JSON, in session order.
        let paths = batch.select(sessions)
        let results = try BatchRunner(batch, quiet: common.quiet, verbose: common.verbose).run(paths)
        var outcomes: [SnapshotOutcome] = []
        for (path, r) in zip(paths, results) {
            if case .finished(_, let data) = r.outcome, let list = try? JSONDecoder().decode([SnapshotOutcome].self, from: Data(data)) {
                outcomes += list
            } else {
                let o = checker.errorOutcome(session: path, renderer: renderer, reason: r.failureText ?? "the worker gave no result")
                outcomes.append(o)
            }
        }
        let result = CheckReport(rendererVersion: PreviewRendererVersion.string, recordMode: settings.record,
                                 tolerance: settings.tolerance, outcomes: outcomes)
        do {
            if let f = report { try AtomicFile.write(try result.json(), to: f) }
            if let f = junit { try AtomicFile.write(result.junit(), to: f) }
            if let f = html { try AtomicFile.write(result.html(), to: f) }
        } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.unwritable)
        }
        if !common.quiet { print(result.summary) }
        if outcomes.contains(where: { $0.status == .error }) { throw ExitCode(ExitCodes.renderFailed) }
        if !result.allPassed { throw ExitCode(Self.checkFailed) }
    }

    /// Goldens folder, failures folder, record mode and tolerance from the options.
    var settings: SnapshotSettings {
        let mode = record ?? RecordMode.fromEnvironment()
        let folder = snapshots ?? SnapshotSettings.goldensDirectory(root: "Snapshots", theme: common.theme, device: common.device)
        return SnapshotSettings(snapshotsDirectory: folder, failuresDirectory: failures, record: mode,
                                tolerance: Tolerance(threshold: threshold, maxMismatch: maxMismatch, semantic: !pixelsOnly))
    }

    /// One session in a worker: its outcomes printed as `render check` prints them, and returned as JSON.
    func workerJob() throws -> BatchWorker.Job {
        let renderer = try Renderer(options: try common.renderOptions())
        let checker = SnapshotChecker(settings: settings)
        return { path in
            renderer.forgetLastFrame()
            let outcomes = checker.check(session: path, renderer: renderer)
            for o in outcomes {
                if o.passed {
                    if common.verbose { print("ok    \(o.name)") }
                    for n in o.notes where !common.quiet { print("note  \(o.name): \(n)") }
                } else {
                    StdErr.write("\(label(o.status)) \(o.message)")
                }
            }
            return (0, Array(try JSONEncoder().encode(outcomes)))
        }
    }

    func label(_ s: SnapshotOutcome.Status) -> String {
        switch s {
        case .passed: return "ok   "
        case .failed: return "FAIL "
        case .environmentChanged: return "ENV  "
        case .missing: return "MISS "
        case .recorded: return "REC  "
        case .error: return "ERROR"
        }
    }
}

import ArgumentParser
import Foundation
import Gallery
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots
import WorkerPool

/// `render gallery SESSIONS... -o DIR`: a static HTML review gallery of every session, named
/// snapshot, theme and interactive state, with expected vs actual where goldens exist.
struct GalleryCommand: BatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery", abstract: "Write a static HTML gallery (open DIR/index.html; no server needed).")

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @Option(name: .shortAndLong, help: "Output folder (replaced atomically).")
    var output: String

    @Option(name: .long, help: "Comma-separated themes side by side; states are rendered in the first.")
    var themes: String = "default,ios,android"

    @Option(
        name: .long,
        help:
            """
            Goldens root for expected vs actual: Snapshots/ for the default theme, Snapshots/THEME/ for others \
            (skipped where missing).
            """
    )
    var snapshots: String = "Snapshots"

    @OptionGroup var batch: BatchOptions

    @Flag(name: .customLong("no-states"), help: "Skip the state matrix.")
    var noStates = false

    /// The golden status of each card.
    @OptionGroup var tolerance: ToleranceOptions

    @Option(name: .customLong("fonts-dir"), help: "The bundled Fonts/ folder.")
    var fontsDir: String?

    @Option(
        name: .long,
        help:
            """
            Device for every session: WxH@S in dp (e.g. 390x844@3) or a preset name; goldens from \
            Snapshots/DEVICE/ (Snapshots/THEME-DEVICE/ for other themes), as `check --device`.
            """
    )
    var device: String?

    @Option(name: .long, help: "The app's own fonts folder (used before the bundled fonts).")
    var fonts: String?

    @Flag(name: .shortAndLong, help: "No progress lines.")
    var quiet = false

    @Flag(
        name: .customLong("a11y"),
        help:
            """
            Show each picture's accessibility findings (outlined, with their wording), new or still present \
            against the baseline NAME.a11y.json beside its golden.
            """)
    var a11y = false

    @OptionGroup var gateOptions: GateOptions

    func validate() throws {
        if let d = device { do { _ = try Device.parse(d) } catch { throw ValidationError("--device \(d): \(error)") } }
        if let f = fonts { try FontsLocator.requireFolder(f, named: "--fonts \(f)") }
    }

    /// The gallery's options (shard and workers come from the batch options).
    func galleryOptions() throws -> GalleryOptions {
        var o = GalleryOptions(outputDirectory: output, fontsDirectory: try FontsLocator.find(explicit: fontsDir))
        o.themes = themes.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        o.snapshotsDirectory = FileManager.default.fileExists(atPath: snapshots) ? snapshots : nil
        o.shard = batch.selectedShard
        o.workers = batch.workerCount
        o.states = !noStates
        o.tolerance = tolerance.tolerance
        o.device = device
        o.appFontsDirectory = fonts
        o.a11y = a11y
        o.gate = gateOptions.gate
        return o
    }

    /// Every session in every theme is a unit for a warm worker (`workerJob`), which stores its
    /// images in the gallery's temporary folder and answers with the unit's cards.
    func run() throws {
        let o = try galleryOptions()
        let builder = GalleryBuilder(options: o)
        let out: String
        let tmp: String
        do { (out, tmp) = try GalleryBuilder.folders(o) } catch {
            StdErr.write("render: error: gallery: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        let start = Date()
        let paths = o.shard.select(sessions: sessions)
        let themes = builder.themes
        let units = paths.flatMap { p in themes.indices.map { (p, $0) } }
        let manifest: GalleryManifest
        do {
            _ = try ContentStore(directory: tmp)
            let labels = units.map { "\($0.0) (\(themes[$0.1]))" }
            let results = try BatchRunner(batch, quiet: quiet, verbose: false).run(
                labels, payloads: units.map { [$0.0, String($0.1), tmp] })
            var cards: [[GalleryCard]] = []
            var offered = 0
            for ((path, t), r) in zip(units, results) {
                if case .finished(_, let data) = r.outcome,
                    let answer = try? JSONDecoder().decode(UnitAnswer.self, from: Data(data))
                {
                    cards.append(answer.cards)
                    offered += answer.offered
                } else {
                    cards.append([
                        GalleryBuilder.errorCard(
                            session: path, theme: themes[t], error: r.failureText ?? "the worker gave no result")
                    ])
                }
            }
            manifest = try builder.finish(sessions: paths, units: cards, offered: offered, out: out, tmp: tmp)
            TempFiles.forget(tmp)
        } catch {
            TempFiles.remove(tmp)
            StdErr.write("render: error: gallery: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        if !quiet {
            let secs = String(format: "%.1f", Date().timeIntervalSince(start))
            StdOut.write(
                """
                \(output)/index.html: \(manifest.sessions.count) sessions, \(manifest.cards.count) cards, \
                \(manifest.imagesStored) images (\(manifest.imagesOffered - manifest.imagesStored) repeats stored \
                once) in \(secs) s
                """
            )
        }
        // A session's diagnostics once, though each theme's unit found them.
        var seen = Set<SessionDiagnostic>()
        let kept = manifest.cards.flatMap { $0.diagnostics ?? [] }.filter { seen.insert($0).inserted }
        let gateLines = gateOptions.gate.summary(kept)
        if !gateLines.isEmpty { StdErr.write(lines: OutputText.lines(gateLines)) }
        if manifest.cards.contains(where: { $0.status == "error" }) { throw ExitCode(ExitCodes.renderFailed) }
        if let code = gateOptions.gate.exitCode(kept) { throw ExitCode(code) }
    }

    /// A unit's answer from a worker.
    struct UnitAnswer: Codable {
        var cards: [GalleryCard]
        var offered: Int
    }

    func workerJob() throws -> BatchWorker.Job {
        let o = try galleryOptions()
        var renderers: [Int: Renderer] = [:]
        return { parts in
            guard parts.count == 3, let t = Int(parts[1]) else {
                throw ValidationError("gallery worker: bad job of \(parts.count) fields")
            }
            let (cards, offered) = GalleryBuilder.unit(
                session: parts[0], theme: t, options: o, into: parts[2], renderers: &renderers)
            return (0, Array(try JSONEncoder().encode(UnitAnswer(cards: cards, offered: offered))))
        }
    }
}

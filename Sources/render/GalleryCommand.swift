import ArgumentParser
import Foundation
import Gallery
import RenderPipeline
import SessionFormat

/// `render gallery SESSIONS... -o DIR`: a static HTML review gallery of every session, named
/// snapshot, theme and interactive state, with expected vs actual where goldens exist.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery", abstract: "Write a static HTML gallery (open DIR/index.html; no server needed).")

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]
    var sessions: [String] { SessionArguments.expand(sessionArguments) }

    @Option(name: .shortAndLong, help: "Output folder (replaced atomically).")
    var output: String

    @Option(name: .long, help: "Comma-separated themes side by side; states are rendered in the first.")
    var themes: String = "default,ios,android"

    @Option(name: .long, help: "Goldens root for expected vs actual: Snapshots/ for the default theme, Snapshots/THEME/ for others (skipped where missing).")
    var snapshots: String = "Snapshots"

    @Option(name: .long, help: "Render only shard K of N (K/N, 1-based): split a big gallery across machines.")
    var shard: String = "1/1"

    @Option(name: .long, help: "Worker threads (default: every core).")
    var jobs: Int = 0

    @Flag(name: .customLong("no-states"), help: "Skip the state matrix.")
    var noStates = false

    @Option(name: .long, help: "Per-channel threshold for the golden status (0-255).")
    var threshold: Int = 40

    @Option(name: .customLong("max-mismatch"), help: "Share of differing pixels allowed for the golden status (0-1).")
    var maxMismatch: Double = 0.001

    @Flag(name: .customLong("pixels-only"), help: "Golden status by pixels only, not element changes.")
    var pixelsOnly = false

    @Option(name: .customLong("fonts-dir"), help: "The bundled Fonts/ folder.")
    var fontsDir: String?

    @Option(name: .long, help: "Device for every session: WxH@S in dp (e.g. 390x844@3) or a preset name; goldens from Snapshots/DEVICE/ (Snapshots/THEME-DEVICE/ for other themes), as `check --device`.")
    var device: String?

    @Option(name: .long, help: "The app's own fonts folder (used before the bundled fonts).")
    var fonts: String?

    @Flag(name: .shortAndLong, help: "No progress lines.")
    var quiet = false

    func validate() throws {
        guard Shard(shard) != nil else { throw ValidationError("--shard must be K/N with 1 <= K <= N") }
        guard jobs >= 0 else { throw ValidationError("--jobs must be 0 (every core) or more") }
        if let d = device { do { _ = try Device.parse(d) } catch { throw ValidationError("--device \(d): \(error)") } }
        if let f = fonts {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue else { throw ValidationError("--fonts \(f): no such folder") }
        }
    }

    func run() throws {
        guard let fonts = FontsLocator.find(explicit: fontsDir) else {
            throw ValidationError("no bundled fonts found: run `make fonts` or pass --fonts-dir DIR")
        }
        var o = GalleryOptions(outputDirectory: output, fontsDirectory: fonts)
        o.themes = themes.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        o.snapshotsDirectory = FileManager.default.fileExists(atPath: snapshots) ? snapshots : nil
        o.shard = Shard(shard)!
        o.workers = jobs
        o.states = !noStates
        o.threshold = threshold
        o.maxMismatch = maxMismatch
        o.semantic = !pixelsOnly
        o.device = device
        o.appFontsDirectory = fonts
        let quiet = self.quiet
        let start = Date()
        let manifest: GalleryManifest
        do {
            manifest = try GalleryBuilder(options: o, progress: { if !quiet { StdErr.write($0) } }).build(sessions: sessions)
        } catch {
            StdErr.write("render: error: gallery: \(error)"); throw ExitCode(ExitCodes.unwritable)
        }
        if !quiet {
            let secs = String(format: "%.1f", Date().timeIntervalSince(start))
            print("\(output)/index.html: \(manifest.sessions.count) sessions, \(manifest.cards.count) cards, \(manifest.imagesStored) images (\(manifest.imagesOffered - manifest.imagesStored) repeats stored once) in \(secs) s")
        }
        if manifest.cards.contains(where: { $0.status == "error" }) { throw ExitCode(ExitCodes.renderFailed) }
    }
}

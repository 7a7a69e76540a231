import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots

/// `render watch SESSION -o OUT.png`: renders, then renders again whenever the session file, a file
/// in its assets folder or the theme file (`--theme FILE.json`) changes. Polls sizes and times every
/// `--interval` ms; a broken save is reported and watching goes on; Ctrl-C ends it (exit 0).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Re-render a session to a PNG whenever it, its assets or its theme file change."
    )

    @Argument(help: "The session file (JSON).")
    var session: String

    @OptionGroup var picture: PictureOptions

    @Option(name: .long, help: "Poll period in ms (50-5000).")
    var interval: Int = 300

    @Option(
        name: .customLong("max-renders"),
        help: "Exit 0 after this many renders (the first included); for scripts and tests.")
    var maxRenders: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (50...5000).contains(interval) else { throw ValidationError("--interval must be 50...5000 (ms)") }
        if let m = maxRenders, m < 1 { throw ValidationError("--max-renders must be 1 or more") }
    }

    func run() throws {
        _ = try common.renderOptions()  // bad options (no fonts, bad device) stop here, not on every change
        let p = picture
        let out = p.output ?? ((session as NSString).lastPathComponent as NSString).deletingPathExtension + ".png"
        // The draw command's own job, so a watched picture is exactly what `render` writes.
        let job = DrawJob(
            DrawRequest(
                session: session, output: out, snapshot: p.snapshot, at: p.at, compression: p.compression,
                bounds: p.bounds, boundsSpacing: p.boundsSpacing, element: p.element, common: common.values))
        // Ctrl-C: every line is already flushed, nothing is half-written (writes are atomic) and the
        // temporary file of a write under way is removed (TempFiles, installed in main); then exit 0.
        TempFiles.exitStatusOnSignal = 0
        setvbuf(stdout, nil, _IOLBF, 0)
        var assets = Self.defaultAssets(of: session)
        let themeFile = Self.isThemeFile(common.theme) ? common.theme : nil
        var loop = WatchLoop(
            watched: { [session] in [session, assets] + (themeFile.map { [$0] } ?? []) },
            render: {
                do {
                    let r = try job.run()
                    if let a = Self.assetsFolder(of: session) { assets = a }
                    let warnings = r.diagnostics.filter { $0.severity == .warning }.count
                    let errors = r.diagnostics.count - warnings
                    return .init(ok: true, line: "wrote \(out) (\(r.size); \(warnings) warnings, \(errors) errors)")
                } catch let e as ExitCode {  // the job has printed why
                    return .init(ok: false, line: "failed (exit \(e.rawValue)); still watching")
                } catch let e as ValidationError {
                    StdErr.write("render: error: \(e.message)")
                    return .init(ok: false, line: "failed; still watching")
                } catch {
                    StdErr.write("render: error: \(error)")
                    return .init(ok: false, line: "failed; still watching")
                }
            },
            log: { line in
                StdOut.write(line)
                fflush(stdout)
            },
            sleep: { ms in usleep(useconds_t(ms) * 1000) })
        loop.intervalMs = interval
        loop.maxRenders = maxRenders
        if !common.quiet {
            StdOut.write(
                """
                watching \(session), \(assets)/\(themeFile.map { " and " + $0 } ?? "") every \(interval) ms; \
                writing \(out) (Ctrl-C stops)
                """
            )
        }
        loop.run()
    }

    /// The session's assets folder as decoded (it may name its own); nil when it does not decode.
    static func assetsFolder(of session: String) -> String? {
        (try? SessionDecoder().decode(fileAt: session))?.0.assetsDirectory
    }

    /// `assets` beside the session until a decode says otherwise.
    static func defaultAssets(of session: String) -> String {
        assetsFolder(of: session)
            ?? (((session as NSString).deletingLastPathComponent as NSString).appendingPathComponent("assets"))
    }

    /// A theme given as a file (what ThemeLoader reads from disk) rather than a built-in name.
    static func isThemeFile(_ theme: String) -> Bool {
        theme.hasSuffix(".json") || theme.contains("/")
    }
}

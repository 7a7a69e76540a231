import ArgumentParser
import Foundation
import Layout
import Painting
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots

import struct WidgetTree.AppEvent
import struct WidgetTree.Capture
import struct WidgetTree.ReplayResult

/// `render SESSION -o OUT.png`: the default command.
struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw", abstract: "Render a session to a PNG (the default command).")

    @Argument(
        help:
            """
            The session file (JSON); with --out-dir, any number of session files or folders (every *.json in them \
            but *.expect.json).
            """
    )
    var sessions: [String]
    /// The one session of a single render.
    var session: String { sessions.first ?? "" }

    @Option(
        name: .customLong("out-dir"),
        help:
            """
            Render many sessions in one run into this folder: NAME.png and NAME@SNAP.png for each named snapshot \
            (with --snapshot: NAME@SNAP.png only); --layout-dump, --display-list, --events, --frames and --apng \
            then name folders that get NAME.* (see README, Batch rendering).
            """
    )
    var outDir: String?

    @OptionGroup var batch: BatchOptions

    @OptionGroup var picture: PictureOptions

    @Option(name: .customLong("layout-dump"), help: "Write every element's frame in dp to this file.")
    var layoutDump: String?

    @Option(name: .customLong("display-list"), help: "Write the display list dump to this file.")
    var displayList: String?

    @Option(name: .long, help: "Write the events the app would receive, one JSON object per line.")
    var events: String?

    @Option(name: .long, help: "Write every capture (each tick and snapshot) as numbered PNGs into this folder.")
    var frames: String?

    @Option(
        name: .long,
        help: "Write an animated PNG of all frames (ticks and snapshots), with frame delays from the ticks.")
    var apng: String?

    @Option(
        name: .long,
        help: "With --frames or --apng: also capture frames at this rate (1-1000 per second) inside each tick.")
    var fps: Int?

    @Flag(
        name: .long,
        help: """
            Exit with code 5 when any step produced an error diagnostic (with --out-dir: a warning too; errors \
            fail an --out-dir run without it).
            """)
    var strict = false

    @Flag(
        name: .customLong("allow-errors"),
        help: "With --out-dir: do not fail the run (exit 5) on sessions with error diagnostics.")
    var allowErrors = false

    /// The gate of an `--out-dir` run (a single render exits 5 on errors with --strict only).
    var gate: SessionGate { SessionGate(strict: strict, allowErrors: allowErrors) }

    @Flag(
        name: .long,
        help:
            """
            Print the portability report (steps whose result differs between iOS and Android) instead of \
            rendering; exit 0. See `render portability`.
            """
    )
    var portability = false

    @Option(
        name: .customLong("portability-json"),
        help: "Write the portability report as JSON to this file (implies --portability).")
    var portabilityJSON: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let f = fps, !(1...1000).contains(f) { throw ValidationError("--fps must be 1...1000") }
        if fps != nil && frames == nil && apng == nil {
            throw ValidationError("--fps adds frames to --frames or --apng; give one of them")
        }
        if picture.element != nil && (frames != nil || apng != nil) {
            throw ValidationError("--element renders one picture; not with --frames or --apng")
        }
        if outDir == nil && sessions.count != 1 {
            throw ValidationError("give one session, or --out-dir DIR to render many")
        }
        if strict && allowErrors {
            throw ValidationError("--strict fails on warnings and --allow-errors lets errors through: give one")
        }
        if outDir == nil && allowErrors {
            throw ValidationError("--allow-errors is for --out-dir (one session exits 5 on errors with --strict only)")
        }
        if outDir != nil {
            if picture.output != nil {
                throw ValidationError("--output names one file; with --out-dir each session is written as DIR/NAME.png")
            }
            if portability || portabilityJSON != nil {
                throw ValidationError("--portability is for one session; `render portability` takes many")
            }
        }
    }

    func run() throws {
        if portability || portabilityJSON != nil {
            return try PortabilityOutput.run(
                sessions: [session], common: common, json: portabilityJSON, markdown: nil, measure: true)
        }
        if let dir = outDir { return try runBatch(into: dir) }
        try DrawJob(request).run()
    }

    /// The parsed command line as plain values.
    var request: DrawRequest {
        let p = picture
        return DrawRequest(
            session: session, output: p.output, snapshot: p.snapshot, layoutDump: layoutDump, displayList: displayList,
            events: events, frames: frames, at: p.at, apng: apng, fps: fps, compression: p.compression,
            bounds: p.bounds, boundsSpacing: p.boundsSpacing, element: p.element, strict: strict, common: common.values)
    }
}

/// Renders one session to a PNG from a `DrawRequest`: the work of `render SESSION` (and of the
/// quick start path, which skips the argument parser for the plain `render FILE -o OUT [-q]`).
struct DrawJob {
    let request: DrawRequest
    /// A renderer kept warm across sessions (a batch worker's); nil makes one for this request.
    var warm: Renderer? = nil
    init(_ request: DrawRequest, warm: Renderer? = nil) {
        self.request = request
        self.warm = warm
    }

    /// The renderer options the request asks for (a batch worker makes its one renderer from them).
    static func options(_ r: DrawRequest) throws -> RenderOptions {
        var options = try r.common.renderOptions()
        options.compressionLevel = r.compression
        options.captureTicks = r.frames != nil || r.apng != nil
        options.fps = r.fps
        options.showBounds = r.bounds || r.boundsSpacing
        options.boundsSpacing = r.boundsSpacing
        options.isolatedElement = r.element
        return options
    }

    /// What was written: its size and every diagnostic (also printed), for `render watch`'s line.
    @discardableResult
    func run() throws -> (size: String, diagnostics: [Diagnostic]) {
        let r = request
        let common = request.common
        let (session, output, snapshot, layoutDump, displayList, events) = (
            r.session, r.output, r.snapshot, r.layoutDump, r.displayList, r.events
        )
        let (frames, at, apng, element, strict) = (r.frames, r.at, r.apng, r.element, r.strict)
        let printer = DiagnosticPrinter(file: session, format: common.diagnostics, quiet: common.quiet)
        // A folder is many sessions: that is --out-dir's work (a usage error, not an unreadable file).
        var isFolder: ObjCBool = false
        if warm == nil, FileManager.default.fileExists(atPath: session, isDirectory: &isFolder), isFolder.boolValue {
            StdErr.write(
                """
                render: error: \(session) is a folder: to render every session in it, give --out-dir DIR \
                (render \(session) --out-dir out/)
                """)
            throw ExitCode(ExitCodes.usage)
        }
        let renderer: Renderer
        let loaded: (Session, [Diagnostic])
        if let warm {
            renderer = warm
            renderer.forgetLastFrame()  // no session's picture is built on another's pixels
            do { loaded = try renderer.load(path: session) } catch {
                StdErr.write("\(error)")
                throw ExitCode(ExitCodes.forRejection(error))
            }
        } else {
            let (made, decoded) = Renderer.start(options: try Self.options(r), decoding: session)
            do { renderer = try made.get() } catch {
                StdErr.write("render: error: \(error)")
                throw ExitCode(ExitCodes.renderFailed)
            }
            do { loaded = try renderer.adopt(decoded.get()) } catch {
                StdErr.write("\(error)")
                throw ExitCode(ExitCodes.forRejection(error))
            }
        }
        let (sess, decodeDiags) = loaded
        let replay = renderer.replay(sess)
        // The frame to write: a named snapshot, the state at --at (rendered on its own), or the last capture.
        var targetIndex: Int? = replay.captures.indices.last
        if let name = snapshot {
            guard let i = replay.captures.lastIndex(where: { $0.kind == .snapshot && $0.name == name }) else {
                printer.print(decodeDiags + replay.diagnostics)
                var names: [String] = []
                for c in replay.captures where c.kind == .snapshot {
                    if let n = c.name, !names.contains(n) { names.append(n) }
                }
                let near = NearestName.nearest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
                let known = names.isEmpty ? "the session names none" : "snapshots: " + names.joined(separator: ", ")
                StdErr.write("\(session): error: no snapshot named '\(name)' (\(near)\(known))")
                throw ExitCode(ExitCodes.noSuchSnapshot)
            }
            targetIndex = i
        }
        if at != nil { targetIndex = nil }
        // The final capture repeats the capture before it when no step came after that one: not
        // a frame of its own in --frames.
        var finalRepeats = false
        if replay.captures.count >= 2, let last = replay.captures.last, last.kind == .final {
            let prev = replay.captures[replay.captures.count - 2]
            finalRepeats = prev.time == last.time && prev.step == last.step
        }
        let lastIndex = replay.captures.count - 1
        let delays = apng.map { _ in AnimationPlan(captures: replay.captures).delays } ?? [:]
        var target: RenderedFrame?
        let sink: FrameSink
        do {
            sink = try FrameSink(
                framesDir: frames, apng: apng, frameCount: delays.count, device: sess.device, renderer: renderer)
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        let rendered: (events: [AppEvent], diagnostics: [Diagnostic])
        do {
            // --out-dir: every named snapshot also goes to PREFIX@SNAP.png.
            let snapshotsPrefix = r.snapshotsPrefix
            rendered = try renderer.renderEach(
                sess, replay,
                only: { c, i in
                    (frames != nil && !(finalRepeats && i == lastIndex)) || delays[i] != nil || i == targetIndex
                        || (snapshotsPrefix != nil && c.kind == .snapshot && c.name != nil)
                }
            ) { frame, i in
                if i == targetIndex { target = frame }
                if let prefix = snapshotsPrefix, frame.capture.kind == .snapshot, let name = frame.capture.name,
                    replay.captures.lastIndex(where: { $0.kind == .snapshot && $0.name == name }) == i
                {
                    do {
                        try renderer.write(
                            try renderer.encode(frame.bitmap), to: DrawCommand.snapshotFile(prefix, name))
                    } catch {
                        throw FrameSink.WriteFailure(underlying: error)
                    }
                }
                try sink.add(frame, index: i, toFolder: !(finalRepeats && i == lastIndex), delayMs: delays[i])
            }
            if let ms = at {
                let c = renderer.state(sess, at: ms)
                let one = ReplayResult(captures: [c], events: [], diagnostics: [], final: c.tree)
                _ = try renderer.renderEach(sess, one) { frame, _ in target = frame }
            }
        } catch let e as FrameSink.WriteFailure {
            printer.print(decodeDiags + replay.diagnostics)
            StdErr.write("render: error: \(e.underlying)")
            throw ExitCode(ExitCodes.unwritable)
        } catch {
            printer.print(decodeDiags + replay.diagnostics)
            StdErr.write("\(session): error: rendering failed: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        let all = decodeDiags + replay.diagnostics + rendered.diagnostics
        printer.print(all)
        guard var frame = target else {
            StdErr.write("\(session): error: nothing was rendered")
            throw ExitCode(ExitCodes.renderFailed)
        }
        if let id = element {
            // Painted alone (RenderOptions.isolatedElement); now cut to its frame.
            do { frame.bitmap = try ElementCrop.crop(id, from: frame, scale: sess.device.scale) } catch {
                StdErr.write("\(session): error: --element \(id): \(error)")
                throw ExitCode(ExitCodes.usage)
            }
        }
        let out = output ?? "\(sess.name).png"
        do {
            try sink.finish()
            try renderer.write(try renderer.encode(frame.bitmap), to: out)
            if let f = layoutDump { try AtomicFile.write(LayoutDump.text(frame.layout), to: f) }
            if let f = displayList { try AtomicFile.write(DisplayListDump.text(frame.displayList), to: f) }
            if let f = events { try AtomicFile.write(EventJSON.lines(rendered.events), to: f) }
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.unwritable)
        }
        if common.verbose {
            StdErr.write(
                "\(session): wrote \(out) (\(frame.bitmap.width)x\(frame.bitmap.height)); \(renderer.timings.summary)")
        }
        if strict && all.contains(where: { $0.severity == .error }) { throw ExitCode(ExitCodes.strictFailure) }
        return ("\(frame.bitmap.width)x\(frame.bitmap.height) px", all)
    }
}

extension DrawCommand {
    /// `DIR/NAME@SNAP.png` for `--out-dir`'s PREFIX `DIR/NAME`: `NAME@SNAP` made one plain file name
    /// (`FileNames.component`, the rule of goldens), so a snapshot named `../x` stays in DIR.
    static func snapshotFile(_ prefix: String, _ snapshot: String) -> String {
        let slash = prefix.lastIndex(of: "/")
        let dir = slash.map { String(prefix[..<$0]) + "/" } ?? ""
        let base = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        return dir + FileNames.component(base + "@" + snapshot) + ".png"
    }
}

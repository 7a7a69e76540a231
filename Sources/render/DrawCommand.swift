import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import struct WidgetTree.Capture
import struct WidgetTree.AppEvent
import Layout
import Painting

/// `render SESSION -o OUT.png`: the default command.
struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "draw", abstract: "Render a session to a PNG (the default command).")

    @Argument(help: "The session file (JSON).")
    var session: String

    @Option(name: .shortAndLong, help: "Output PNG (default: NAME.png in the current folder).")
    var output: String?

    @Option(name: .long, help: "Render this named snapshot instead of the final frame.")
    var snapshot: String?

    @Option(name: .customLong("layout-dump"), help: "Write every element's frame in dp to this file.")
    var layoutDump: String?

    @Option(name: .customLong("display-list"), help: "Write the display list dump to this file.")
    var displayList: String?

    @Option(name: .long, help: "Write the events the app would receive, one JSON object per line.")
    var events: String?

    @Option(name: .long, help: "Write every capture (each tick and snapshot) as numbered PNGs into this folder.")
    var frames: String?

    @Option(name: .long, help: "PNG compression level 0-9 (default 1: fast; 9: smaller files).")
    var compression: Int = 1

    @Flag(name: .long, help: "Exit with code 5 when any step produced an error diagnostic.")
    var strict = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0...9") }
    }

    func run() throws {
        var options = try common.renderOptions()
        options.compressionLevel = compression
        options.captureTicks = frames != nil
        let printer = DiagnosticPrinter(file: session, format: common.diagnostics, quiet: common.quiet)
        let renderer: Renderer
        do { renderer = try Renderer(options: options) } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.renderFailed)
        }
        let loaded: (Session, [Diagnostic])
        do { loaded = try renderer.load(path: session) } catch {
            StdErr.write("\(error)"); throw ExitCode(ExitCodes.rejected)
        }
        let (sess, decodeDiags) = loaded
        let replay = renderer.replay(sess)
        let target: Capture
        if let name = snapshot {
            guard let c = replay.captures.last(where: { $0.kind == .snapshot && $0.name == name }) else {
                printer.print(decodeDiags + replay.diagnostics)
                let names = replay.captures.compactMap { $0.kind == .snapshot ? $0.name : nil }
                StdErr.write("\(session): error: no snapshot named '\(name)' (snapshots: \(names.joined(separator: ", ")))")
                throw ExitCode(ExitCodes.noSuchSnapshot)
            }
            target = c
        } else {
            target = replay.captures.last ?? Capture(kind: .final, name: nil, time: replay.final.time, step: 0, tree: replay.final)
        }
        let rendered: (frames: [RenderedFrame], events: [AppEvent], diagnostics: [Diagnostic])
        do {
            rendered = try renderer.renderAll(sess, replay) { c in
                frames != nil || (c.step == target.step && c.kind == target.kind && c.name == target.name)
            }
        } catch {
            printer.print(decodeDiags + replay.diagnostics)
            StdErr.write("\(session): error: rendering failed: \(error)"); throw ExitCode(ExitCodes.renderFailed)
        }
        let all = decodeDiags + replay.diagnostics + rendered.diagnostics
        printer.print(all)
        guard let frame = rendered.frames.last(where: { $0.capture.step == target.step && $0.capture.kind == target.kind && $0.capture.name == target.name }) ?? rendered.frames.last else {
            StdErr.write("\(session): error: nothing was rendered"); throw ExitCode(ExitCodes.renderFailed)
        }
        let out = output ?? "\(sess.name).png"
        do {
            try renderer.write(try renderer.encode(frame.bitmap), to: out)
            if let f = layoutDump { try AtomicFile.write(LayoutDump.text(frame.capture.tree, frame.layout), to: f) }
            if let f = displayList { try AtomicFile.write(DisplayListDump.text(frame.displayList), to: f) }
            if let f = events { try AtomicFile.write(EventJSON.lines(rendered.events), to: f) }
            if let dir = frames { try writeFrames(rendered.frames, to: dir, renderer: renderer) }
        } catch {
            StdErr.write("render: error: \(error)"); throw ExitCode(ExitCodes.unwritable)
        }
        if common.verbose {
            StdErr.write("\(session): wrote \(out) (\(sess.device.pixelWidth)x\(sess.device.pixelHeight)); \(renderer.timings.summary)")
        }
        if strict && all.contains(where: { $0.severity == .error }) { throw ExitCode(ExitCodes.strictFailure) }
    }

    private func writeFrames(_ frames: [RenderedFrame], to dir: String, renderer: Renderer) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (i, f) in frames.enumerated() {
            let label = f.capture.name.map { "-" + $0.replacingOccurrences(of: "/", with: "_") } ?? ""
            let name = String(format: "%@/frame-%04d-t%06d%@.png", dir, i, f.capture.time, label)
            try renderer.write(try renderer.encode(f.bitmap), to: name)
        }
    }
}

import Foundation
import PNG
import Primitives
import RenderPipeline

/// `render check --ticks`: every captured frame (each tick and snapshot, as `--frames` writes them)
/// against the session's frames golden `NAME.frames/`. The run stops at the first frame that differs
/// and names it (index and virtual time) with its element changes and a diff image, so a spinner or a
/// toast that goes wrong at tick 7 fails even when the final frame is right.
extension SnapshotChecker {
    /// One outcome named `NAME.frames`. The renderer must capture ticks (`RenderOptions.captureTicks`).
    package func checkFrames(session path: String, renderer: Renderer) -> SnapshotOutcome {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil) + ".frames"
        let folder = settings.snapshotsDirectory + "/" + name
        let goldensFolder = ConfinedFolder(settings.snapshotsDirectory)
        var out = SnapshotOutcome(
            name: name, session: path, snapshot: nil, status: .passed, golden: folder + "/frames.json",
            reproduce: reproduceLine(path, renderer: renderer) + " --ticks", message: "")
        do {
            let stored = try goldensFolder.readIfPresent(name + "/frames.json")
                .flatMap { try? JSONDecoder().decode(FramesGolden.self, from: Data($0)) }
            var cursor = stored.map {
                FramesGolden.Cursor(
                    $0, file: { try Self.patch(goldensFolder, name, $0) },
                    goldenFile: { try Self.patch(goldensFolder, nil, $0) })
            }
            var encoder = FramesGolden.Encoder()
            var fonts: [String: String] = [:]
            var firstFailure: String?
            var count = 0
            // Every frame's pixels exactly the golden's (not only within tolerance): what --restamp needs.
            var identical = true
            let (session, _) = try renderer.load(path: path)
            let replay = renderer.replay(session)
            // The session's goldens (the last capture of each snapshot name, the final frame): a frame
            // with exactly a golden's pixels refers to it instead of storing them again.
            var goldenNames: Set<String> = [SnapshotSettings.goldenName(session: path, snapshot: nil)]
            for c in replay.captures where c.kind == .snapshot {
                if let n = c.name, !n.isEmpty {
                    goldenNames.insert(SnapshotSettings.goldenName(session: path, snapshot: n))
                }
            }
            var goldens: [(file: String, sha256: String, pixels: Bitmap)] = []
            for n in goldenNames.sorted() {
                guard let data = try? goldensFolder.readIfPresent(n + ".png"), let b = try? PNGCodec.decode(data)
                else { continue }
                goldens.append((n + ".png", SHA256.hex(data), b))
            }
            _ = try renderer.renderEach(session, replay) { frame, _ in
                count += 1
                let env = SnapshotSidecar.Environment.current(
                    options: renderer.options, device: session.device, frame: frame, fonts: renderer.fonts)
                fonts.merge(env.fonts) { a, _ in a }
                let sidecar = SnapshotSidecar(frame: frame, environment: env)
                let kind: String
                switch frame.capture.kind {
                case .tick: kind = "tick"
                case .snapshot: kind = "snapshot"
                default: kind = "final"
                }
                try encoder.append(
                    .init(
                        time: frame.capture.time, kind: kind, name: frame.capture.name, bitmap: frame.bitmap,
                        sidecar: sidecar),
                    goldens: goldens)
                guard firstFailure == nil, cursor != nil else { return }
                guard let (expected, pixels, records) = try cursor!.advance() else {
                    firstFailure =
                        "frame \(count - 1) at \(frame.capture.time) ms is new: the golden has \(count - 1) frames"
                    return
                }
                if pixels != frame.bitmap { identical = false }
                let diff = ImageDiff.compare(pixels, frame.bitmap, threshold: settings.tolerance.threshold)
                let changes = SemanticDiff.changes(expected: records, actual: sidecar.elements)
                let pixelsOK = diff.map { $0.mismatch <= settings.tolerance.maxMismatch } ?? false
                guard
                    !pixelsOK || (settings.tolerance.semantic && !changes.isEmpty)
                        || expected.time != frame.capture.time
                else { return }
                out.changes = changes
                out.mismatch = diff?.mismatch
                if let d = diff, !d.mask.isEmpty {
                    out.regions = ChangedRegions.boxes(mask: d.mask, width: d.width, height: d.height)
                }
                let diffName = name + String(format: "-%04d.diff.png", count - 1)
                let diffPath = settings.failuresDirectory + "/" + diffName
                try GoldenComparison.writePNG(
                    DiffImage.labelled(
                        expected: pixels, actual: frame.bitmap, diff: diff,
                        fontsDirectory: renderer.options.fontsDirectory),
                    name: diffName, in: ConfinedFolder(settings.failuresDirectory))
                out.diffImage = diffPath
                let what =
                    diff.map { String(format: "%.3f%% of pixels differ", $0.mismatch * 100) }
                    ?? "the frame size changed"
                let timing =
                    expected.time != frame.capture.time
                    ? " (the golden's frame \(count - 1) is at \(expected.time) ms)" : ""
                firstFailure =
                    """
                    first difference at frame \(count - 1), \(frame.capture.kind == .tick ? "tick" : "capture") at \
                    \(frame.capture.time) ms\(timing): \(what)
                    """
            }
            let environment = SnapshotSidecar.Environment(
                rendererVersion: PreviewRendererVersion.string, fonts: fonts,
                theme: renderer.options.theme,
                device: "\(fmt(session.device.width))x\(fmt(session.device.height))@\(fmt(session.device.scale))")
            if let golden = stored, firstFailure == nil, golden.frames.count > count {
                firstFailure = "the golden has \(golden.frames.count) frames, the session now captures \(count)"
            }
            if let golden = stored { out.environmentChanges = golden.environment.changes(to: environment) }
            let mode = settings.record
            let record = stored == nil ? mode != .never : (firstFailure != nil && mode == .failed) || mode == .all
            if record {
                let target = try GoldenFiles.target(name, in: goldensFolder)
                do {
                    try Self.writeFrames(encoder.golden(environment: environment), files: encoder.files, to: target)
                } catch {
                    throw GoldenWriteError("cannot record the frames golden \(folder): \(error)")
                }
                out.status = .recorded
                out.message = OutputText.line(
                    """
                    \(name): recorded \(count) frames in \(folder) (\(encoder.files.count) of them stored as \
                    changed pixels); check them and run again
                    """)
            } else if stored == nil {
                out.status = .missing
                out.message = OutputText.line(
                    "\(name): no frames golden at \(folder) (record it with --ticks --record missing)")
            } else if let failure = firstFailure {
                // Changed, whatever the environment did: a new environment is a note on it.
                out.status = .failed
                var lines = ["\(name): \(failure) against \(folder)"]
                if !out.changes.isEmpty {
                    lines.append("  what changed:")
                    lines += SemanticDiff.summarize(out.changes).prefix(20).map { "    - \($0)" }
                }
                if !out.environmentChanges.isEmpty {
                    let note = "the environment changed too since the golden was recorded: "
                    out.notes.append(note + out.environmentChanges.joined(separator: "; "))
                    lines.append("  note: " + out.notes.last!)
                }
                if !out.regions.isEmpty {
                    lines.append(
                        "  changed regions: " + out.regions.prefix(8).map(\.description).joined(separator: "; "))
                }
                if let d = out.diffImage { lines.append("  expected | diff | actual: \(d)") }
                lines.append("  reproduce: \(out.reproduce)")
                out.accept = acceptLine(path, name: name, renderer: renderer) + " --ticks"
                lines.append("  accept the new frames: \(out.accept!)")
                out.message = OutputText.lines(lines)
            } else {
                out.message = OutputText.line("\(name): \(count) frames match \(folder)")
                if var golden = stored, !out.environmentChanges.isEmpty {
                    let note =
                        "environment changed since the golden was recorded: "
                        + out.environmentChanges.joined(separator: "; ")
                    if settings.restamp && identical {
                        // Every frame matched: only frames.json's environment is rewritten, no picture.
                        golden.environment = environment
                        try Self.writeFramesIndex(golden, to: folder)
                        out.status = .restamped
                        out.notes.append(note + "; re-stamped \(folder)/frames.json")
                    } else {
                        out.status = .environmentChanged
                        out.notes.append(
                            note
                                + (settings.restamp
                                    ? "; not re-stamped: the frames are within tolerance but not identical"
                                    : " but the frames match (render check --restamp records it)"))
                    }
                }
            }
        } catch let e as GoldenWriteError {
            out.status = .error
            out.unwritable = true
            out.message = OutputText.line("\(name): \(e)")
        } catch {
            out.status = .error
            out.message = OutputText.line("\(name): could not check the frames of \(path): \(error)")
        }
        return out
    }

    /// A file the frames golden names: a patch in its folder `sub` (`NAME.frames`) or, with `sub`
    /// nil, a golden beside it; plain file names inside the goldens folder only.
    static func patch(_ goldens: ConfinedFolder, _ sub: String?, _ name: String) throws -> [UInt8] {
        guard FileNames.isPlain(name), !name.hasPrefix(".") else {
            throw ConfinementError(path: name, reason: "not a plain file name of the frames golden; refused")
        }
        return try goldens.read(sub.map { $0 + "/" + name } ?? name)
    }

    /// Rewrites a frames golden's `frames.json` alone (as `writeFrames` encodes it).
    static func writeFramesIndex(_ golden: FramesGolden, to folder: String) throws {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(Array(try e.encode(golden)) + [0x0a], to: folder + "/frames.json")
    }

    /// Writes a frames golden as a whole: a new folder beside the old one, then swapped in.
    static func writeFrames(_ golden: FramesGolden, files: [String: [UInt8]], to folder: String) throws {
        let fm = FileManager.default
        let staging = folder + ".new-\(getpid())"
        try? fm.removeItem(atPath: staging)
        try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]  // compact: it holds every frame's changed elements
        try AtomicFile.write(Array(try e.encode(golden)) + [0x0a], to: staging + "/frames.json")
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            try AtomicFile.write(bytes, to: staging + "/" + name)
        }
        if fm.fileExists(atPath: folder) { try fm.removeItem(atPath: folder) }
        try fm.moveItem(atPath: staging, toPath: folder)
    }
}

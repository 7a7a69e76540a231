import Foundation
import Primitives
import SessionFormat

/// What a `HeadlessBackend` keeps to write its calls as a session file (the C library's
/// `pr_write_session`), with what it holds bounded however long the backend runs:
///
/// - pixel payloads (`setImageData`, `setSurface` pixels) live in a `PayloadSpill` (a temporary
///   file, identical payloads stored once); the steps keep only where they are;
/// - the recording stops at the first step that would make the written file larger than
///   `maxFileBytes` (what `render` reads: `SessionLimits.maxFileBytes`) or hold more than
///   `maxSteps` steps: a session past either could not be replayed anyway. The step it stops at
///   gets the warning `recording-full`, and the written file says `notExact` (which `render`
///   reports as the warning `recording-not-exact`). Before that, the recording is exact.
///
/// So the memory held is the steps' own fields (their texts count against `maxFileBytes`) and a
/// few words per distinct payload; the disk held is at most `maxFileBytes` of distinct payloads.
package final class SessionRecording {
    /// The largest session file written (bytes).
    package let maxFileBytes: Int
    /// The most steps written, batch entries included.
    package let maxSteps: Int
    /// Bytes kept for the file's header (name, device, folders, `notExact`) within `maxFileBytes`.
    static let headerAllowance = 64 * 1024

    /// A step as recorded: payload steps without their bytes, which are in `spill`.
    private indirect enum Entry {
        case plain(Step)
        case batch(index: Int, path: String, [Entry])
        case imageData(Step, PayloadSpill.Ref)
        case surface(Step, pixelWidth: Int, pixelHeight: Int, PayloadSpill.Ref)
    }

    private var entries: [Entry] = []
    /// The file the last `write` made, while it may be appended to.
    var lastWritten: WrittenFile?
    /// Writes that copied the last write's steps and encoded only the new ones.
    package private(set) var appendedWrites = 0
    private let spill = PayloadSpill()
    /// Bytes the recorded steps take in the written file (separators included).
    package private(set) var stepBytes = 0
    /// Steps recorded, batch entries included.
    package private(set) var stepCount = 0
    /// The step index the recording stopped at, and why; nil while it is exact.
    package private(set) var stopped: (step: Int, reason: String)?

    package init(maxFileBytes: Int = SessionLimits.maxFileBytes, maxSteps: Int = SessionLimits.maxSteps) {
        self.maxFileBytes = maxFileBytes
        self.maxSteps = maxSteps
    }

    /// Bytes of pixel payloads held in memory (only those the temporary file could not take).
    package var payloadMemoryBytes: Int { spill.memoryBytes }
    /// Bytes of distinct pixel payloads in the temporary file.
    package var payloadDiskBytes: Int { spill.diskBytes }
    /// Pixel payloads recorded, and how many of them were equal to one stored before.
    package var payloadsRecorded: Int { spill.stored }
    package var payloadsShared: Int { spill.shared }

    /// Why the written session does not replay exactly what the app did; nil while it does.
    package var notExact: String? {
        stopped.map { "the app's calls from step \($0.step) on were not recorded: \($0.reason)" }
    }

    /// Records `step`. Returns the warnings to report: when the recording stops at it, and when
    /// the temporary file cannot take payloads (each once).
    func append(_ step: Step) -> [Diagnostic] {
        guard stopped == nil else { return [] }
        let (bytes, count) = measure(step.kind)
        let separator = entries.isEmpty ? 1 : 2
        var reason: String?
        if stepCount + count > maxSteps {
            reason = "a session file holds at most \(maxSteps) steps (batch entries included)"
        } else if stepBytes + separator + bytes > maxFileBytes - Self.headerAllowance {
            reason = """
                the session file would pass \(maxFileBytes / (1024 * 1024)) MiB, the largest `render` reads \
                (pixel payloads count once per call, in base64)
                """
        }
        if let reason {
            stopped = (step.index, reason)
            return [
                .warning(
                    "recording-full", step: step.index, path: step.path,
                    """
                    the recording for pr_write_session is full: \(reason); this call and later ones are \
                    not recorded, and the written session says it is not exact (docs/limits.md)
                    """)
            ]
        }
        let hadProblem = spill.fileProblem != nil
        entries.append(entry(step))
        stepBytes += separator + bytes
        stepCount += count
        guard !hadProblem, let problem = spill.fileProblem else { return [] }
        return [
            .warning(
                "recording-in-memory", step: step.index, path: step.path,
                "\(problem); the recording keeps pixel payloads in memory from here on (still exact)")
        ]
    }

    /// The recorded steps with their payloads (read back from the temporary file).
    package func steps() throws -> [Step] { try entries.map(restore) }

    /// Writes `header` (its name, device, folders, theme; its steps are ignored) and the recorded
    /// steps as a session file at `path`, a step at a time (one payload in memory at once),
    /// replacing it atomically. Folders are written relative to `folder`.
    ///
    /// A recording written again to the same file (a live app writes its session after every input)
    /// copies the bytes of the steps it wrote last time from that file and encodes only the steps
    /// recorded since (SessionRecording+Append.swift): encoding every step again grew with the walk
    /// (8 ms an answer after 30 screens of 250 commands, issue 49). The bytes are the same either way.
    package func write(_ header: Session, to path: String, folder: String) throws {
        var head = header
        head.steps = []
        head.notExact = notExact
        let headBytes = SessionWriter.header(head, folder: folder)
        let last = lastWritten
        lastWritten = nil
        var stream = try AtomicFileStream(path: path)
        var from = 0
        var body = 0
        if let last, last.path == path, last.header == headBytes, last.entries <= entries.count,
            case .file = stream.destination
        {
            if Self.copyWritten(last, into: stream) {
                (from, body) = (last.entries, last.body)
                appendedWrites += 1
            } else {
                stream = try AtomicFileStream(path: path)  // the copy's partial file is dropped
            }
        }
        var buffer = from == 0 ? headBytes : []
        for i in from..<entries.count {
            buffer += SessionWriter.stepSeparator(first: i == 0)
            let step = try restore(entries[i])
            buffer += SessionWriter.step(step.kind, address: step.address)
            if buffer.count >= 1 << 20 {
                try stream.write(buffer)
                body += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        body += buffer.count
        buffer += SessionWriter.footer
        try stream.write(buffer)
        try stream.commit()
        if case .file = stream.destination, let id = FileIdentity(path: path) {
            lastWritten = WrittenFile(path: path, header: headBytes, entries: entries.count, body: body, identity: id)
        }
    }

    // MARK: - Internals

    /// Bytes `kind` takes in the file, and the steps it counts as (a batch: its entries).
    private func measure(_ kind: StepKind) -> (bytes: Int, steps: Int) {
        switch kind {
        case .batch(let inner):
            var bytes = SessionWriter.step(.batch([])).count + max(0, inner.count - 1)
            var steps = 0
            for s in inner {
                let m = measure(s.kind)
                bytes += m.bytes
                steps += m.steps
            }
            return (bytes, max(1, steps))
        case .setImageData(let id, var image) where image.file == nil:
            let n = image.data.count
            image.data = []
            return (SessionWriter.step(.setImageData(internalId: id, image: image)).count + Self.base64(n), 1)
        case .setSurface(let id, var surface) where surface.pixels != nil:
            let p = surface.pixels!
            surface.pixels = Bitmap(width: 0, height: 0, pixels: [])
            // The writer's "width":0,"height":0 stand for the real sizes' digits.
            let digits = String(p.width).utf8.count + String(p.height).utf8.count - 2
            let empty = SessionWriter.step(.setSurface(internalId: id, surface: surface)).count
            return (empty + digits + Self.base64(p.pixels.count), 1)
        default:
            return (SessionWriter.step(kind).count, 1)
        }
    }

    private static func base64(_ n: Int) -> Int { (n + 2) / 3 * 4 }

    private func entry(_ step: Step) -> Entry {
        switch step.kind {
        case .batch(let inner):
            guard inner.contains(where: { Self.hasPayload($0.kind) }) else { return .plain(step) }
            return .batch(index: step.index, path: step.path, inner.map(entry))
        case .setImageData(let id, var image) where image.file == nil:
            let ref = spill.store(image.data)
            image.data = []
            return .imageData(
                Step(.setImageData(internalId: id, image: image), index: step.index, path: step.path), ref)
        case .setSurface(let id, var surface) where surface.pixels != nil:
            let p = surface.pixels!
            let ref = spill.store(p.pixels)
            surface.pixels = nil
            return .surface(
                Step(.setSurface(internalId: id, surface: surface), index: step.index, path: step.path),
                pixelWidth: p.width, pixelHeight: p.height, ref)
        default:
            return .plain(step)
        }
    }

    private static func hasPayload(_ kind: StepKind) -> Bool {
        switch kind {
        case .batch(let inner): return inner.contains { hasPayload($0.kind) }
        case .setImageData(_, let image): return image.file == nil
        case .setSurface(_, let surface): return surface.pixels != nil
        default: return false
        }
    }

    private func restore(_ e: Entry) throws -> Step {
        switch e {
        case .plain(let s): return s
        case .batch(let index, let path, let inner):
            return Step(.batch(try inner.map(restore)), index: index, path: path)
        case .imageData(var s, let ref):
            guard case .setImageData(let id, var image) = s.kind else { return s }
            image.data = try spill.load(ref)
            s.kind = .setImageData(internalId: id, image: image)
            return s
        case .surface(var s, let w, let h, let ref):
            guard case .setSurface(let id, var surface) = s.kind else { return s }
            surface.pixels = Bitmap(width: w, height: h, pixels: try spill.load(ref))
            s.kind = .setSurface(internalId: id, surface: surface)
            return s
        }
    }
}

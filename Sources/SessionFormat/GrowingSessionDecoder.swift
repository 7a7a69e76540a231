import Foundation
import JSON
import Primitives

/// Decodes a session file that is read again and again while it grows at its end: `render serve
/// --app`'s app rewrites its session after every input with the new steps added before the closing
/// `\n]}\n`, and decoding the whole walk again made each tap cost more the longer one played. When
/// the file starts with the last version's bytes up to its last step and goes on with more steps
/// that decode without a single diagnostic, only those are decoded and added to the last result;
/// anything else (an edit, a header change, a step with a warning, a file laid out another way)
/// is decoded whole, so the result is always the one `SessionDecoder` gives for the file
/// (docs/decisions/2026-11-28-growing-session-files-decode-their-new-steps.md).
package final class GrowingSessionDecoder {
    /// A version read: its path, its bytes and how many of them come before its closing `\n]}\n`,
    /// what it decoded to, the entries of its `steps` array, and those entries as the step limit counts
    /// them (batch entries too; steps dropped with a diagnostic count in both).
    private struct Version {
        var path: String
        var bytes: [UInt8]
        var bodyCount: Int
        var session: Session
        var diagnostics: [Diagnostic]
        var topLevel: Int
        var entries: Int
    }
    private var last: Version?
    /// Steps decoded so far in all (tests count the work with it).
    package private(set) var stepsDecoded = 0
    /// Versions decoded by their new steps only.
    package private(set) var grown = 0

    package init() {}

    package func decode(fileAt path: String) throws -> (Session, [Diagnostic]) {
        let data = try SessionDecoder.read(fileAt: path)
        if let r = continued(data, path: path) { return r }
        last = nil
        let reader = StepCommandReader()
        let (session, diagnostics) = try SessionDecoder().decode(
            data: data, path: path, maxSteps: SessionLimits.maxSteps, readingStepCommands: true, stepReader: reader)
        stepsDecoded += session.steps.count
        // Kept only when its one `steps` array is what the file's last `\n]}\n` closes.
        let footer = SessionWriter.footer
        if reader.arrays == 1, reader.closedAt == data.count - 2, data.count >= footer.count,
            data.suffix(footer.count).elementsEqual(footer)
        {
            last = Version(
                path: path, bytes: data, bodyCount: data.count - footer.count, session: session,
                diagnostics: diagnostics, topLevel: reader.commands.count, entries: reader.counted)
        }
        return (session, diagnostics)
    }

    /// The last version and the steps `data` adds to it, when `data` only adds clean steps.
    private func continued(_ data: [UInt8], path: String) -> (Session, [Diagnostic])? {
        let footer = SessionWriter.footer
        guard let l = last, l.path == path, data.count > l.bodyCount + footer.count,
            data.count <= SessionLimits.maxFileBytes, data.suffix(footer.count).elementsEqual(footer),
            Self.sameStart(data, l.bytes, count: l.bodyCount)
        else { return nil }
        var tail = data[l.bodyCount..<(data.count - footer.count)]
        if l.topLevel > 0 {
            // After steps, the new ones start with the separator.
            guard let comma = tail.firstIndex(where: { !Self.isBlank($0) }), tail[comma] == UInt8(ascii: ",") else {
                return nil
            }
            tail = tail[(comma + 1)...]
        }
        guard let added = Self.steps(in: tail, after: l) else { return nil }
        var session = l.session
        session.steps += added.steps
        last = Version(
            path: path, bytes: data, bodyCount: data.count - footer.count, session: session,
            diagnostics: l.diagnostics, topLevel: l.topLevel + added.topLevel, entries: l.entries + added.entries)
        stepsDecoded += added.steps.count
        grown += 1
        return (session, l.diagnostics)
    }

    /// The steps in `tail` (entries of the `steps` array after the last version's), or nil when the
    /// whole file must be decoded: any diagnostic they would bring (the step limit passed among
    /// them), a `]` ending the array early.
    private static func steps(in tail: ArraySlice<UInt8>, after l: Version) -> (
        steps: [Step], topLevel: Int, entries: Int
    )? {
        let open = Array(#"{"steps":["#.utf8)
        let doc = open + tail + Array("]}".utf8)
        let reader = StepCommandReader()
        var substitutions: [JSONParser.Substitution] = []
        guard SessionDecoder.isValidUTF8(Array(tail)),
            let root = try? JSONParser.parse(doc, substitutions: &substitutions, entries: reader, of: "steps"),
            substitutions.isEmpty, reader.arrays == 1, reader.closedAt == doc.count - 1,
            case .object(let top) = root, top.members.count == 1, case .array(let values)? = top["steps"]
        else { return nil }
        var decoder = StepDecoder(maxSteps: SessionLimits.maxSteps - l.entries)
        var snapshots: [String: Int] = [:]
        for s in l.session.steps { if case .snapshot(let name) = s.kind { snapshots[name] = s.index } }
        var duplicates: [Diagnostic] = []
        let steps = SessionDecoder.decodeSteps(
            values, commands: reader.commands, first: l.topLevel, decoder: &decoder,
            snapshots: &snapshots, duplicates: &duplicates)
        guard decoder.diagnostics.isEmpty, duplicates.isEmpty, steps.count == values.count else { return nil }
        return (steps, values.count, decoder.decodedSteps)
    }

    /// Whether `a` and `b` agree in their first `count` bytes (one memory compare: the last version's
    /// bytes are most of the file, compared on every read).
    private static func sameStart(_ a: [UInt8], _ b: [UInt8], count: Int) -> Bool {
        guard a.count >= count, b.count >= count else { return false }
        if count == 0 { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, count) == 0 } }
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}

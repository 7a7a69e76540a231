import Foundation
import PNG
import Primitives
import RenderPipeline

/// Compares one rendered image (with its sidecar) against its golden, applies the record mode and
/// writes failure artefacts. File work only: rendering happens before (SnapshotChecker).
package struct GoldenComparison {
    package var settings: SnapshotSettings
    package init(settings: SnapshotSettings) { self.settings = settings }

    /// What comparing a frame with its golden found, before any file is written: the outcome so far
    /// (mismatch, element and environment changes, regions, where a change no element shows was
    /// painted), the golden as read and decoded, the pixel diff, and the verdict on the pixels and
    /// elements. `render check` goes on from here to record and write failure images (`evaluate`);
    /// `render gallery` and `render serve` stop here (they write no golden), so all three see one change
    /// the same way, and group it by the same causes (`ChangeCause`).
    package struct Judgement {
        package var outcome: SnapshotOutcome
        /// The golden's PNG bytes and its pixels.
        package var goldenBytes: [UInt8]
        package var expected: Bitmap
        package var diff: ImageDiff?
        package var oldSidecar: SnapshotSidecar?
        /// Pixels within tolerance, but the tree says something changed.
        package var semanticOnly: Bool
        /// The golden holds: pixels within tolerance and (with semantic checks) no element changed.
        package var pixelsOK: Bool

        /// The outcome as a look that writes nothing sees it (`render gallery`, `render serve`): `failed`
        /// unless the golden holds, `environmentChanged` when it holds in another environment.
        package var verdict: SnapshotOutcome {
            var o = outcome
            o.status = !pixelsOK ? .failed : o.environmentChanges.isEmpty ? .passed : .environmentChanged
            return o
        }
    }

    /// The judgement on `name` (`NAME` or `NAME@SNAP`) against its golden in `snapshotsDirectory`; nil
    /// when it has no golden. Reads inside the goldens folder only and writes nothing. The outcome's
    /// status is `passed` (whatever the verdict: `evaluate`, or the caller, decides from it).
    package func judge(
        name: String, session: String, snapshot: String?, actual: Bitmap, sidecar: SnapshotSidecar, reproduce: String
    ) throws -> Judgement? {
        let goldens = ConfinedFolder(settings.snapshotsDirectory)
        let base = settings.snapshotsDirectory + "/" + name
        let pngPath = base + ".png"
        let jsonPath = base + ".json"
        var out = SnapshotOutcome(
            name: name, session: session, snapshot: snapshot, status: .passed, golden: pngPath,
            mismatch: nil, reproduce: reproduce, message: "")
        // Read inside the goldens folder only: a golden or sidecar that is a link out is refused.
        guard let bytes = try goldens.readIfPresent(name + ".png") else { return nil }
        // The header's size is judged before decoding: a 261 KB PNG can claim 8192 x 8192 (1.3 GB decoded).
        if let (w, h) = PNGCodec.size(of: bytes), !PNGCodec.fitsDecodeLimits(width: w, height: h) {
            throw GoldenTooLarge(path: pngPath, width: w, height: h)
        }
        // A stamped golden whose pixels are the new frame's needs no decoding (GoldenStamp.swift).
        let expected = GoldenStamp.matches(bytes, actual) ? actual : try PNGCodec.decode(bytes)
        let oldSidecar = try goldens.readIfPresent(name + ".json").flatMap {
            try? JSONDecoder().decode(SnapshotSidecar.self, from: Data($0))
        }
        let diff = ImageDiff.compare(expected, actual, threshold: settings.tolerance.threshold)
        out.mismatch = diff?.mismatch
        if let old = oldSidecar {
            out.environmentChanges = old.environment.changes(to: sidecar.environment)
            out.changes = SemanticDiff.changes(expected: old, actual: sidecar)
        } else {
            out.notes.append("no sidecar at \(jsonPath): no semantic diff (record one with --record failed)")
        }
        let pixelsWithin = diff.map { $0.mismatch <= settings.tolerance.maxMismatch } ?? false
        // Pixels within tolerance, but the tree says something changed: a failure too, whatever the
        // environment did (a changed environment must not let an element change be recorded away unseen).
        let semanticOnly = pixelsWithin && settings.tolerance.semantic && !out.changes.isEmpty
        let pixelsOK = pixelsWithin && !semanticOnly
        if let d = diff, !d.mask.isEmpty {
            out.regions = ChangedRegions.boxes(mask: d.mask, width: d.width, height: d.height)
            if out.changes.isEmpty && !pixelsOK {
                out.paintedIn = PaintedElement.name(regions: out.regions, sidecar: sidecar)
            }
        }
        return Judgement(
            outcome: out, goldenBytes: bytes, expected: expected, diff: diff, oldSidecar: oldSidecar,
            semanticOnly: semanticOnly, pixelsOK: pixelsOK)
    }

    /// The outcome for `name` (`NAME` or `NAME@SNAP`) given the actual image and sidecar.
    package func evaluate(
        name: String, session: String, snapshot: String?, actual: Bitmap,
        sidecar: SnapshotSidecar, reproduce: String
    ) throws -> SnapshotOutcome {
        let goldens = ConfinedFolder(settings.snapshotsDirectory)
        let failures = ConfinedFolder(settings.failuresDirectory)
        let base = settings.snapshotsDirectory + "/" + name
        let pngPath = base + ".png"
        let jsonPath = base + ".json"
        let mode = settings.record
        guard
            let j = try judge(
                name: name, session: session, snapshot: snapshot, actual: actual, sidecar: sidecar,
                reproduce: reproduce)
        else {
            var out = SnapshotOutcome(
                name: name, session: session, snapshot: snapshot, status: .passed, golden: pngPath,
                mismatch: nil, reproduce: reproduce, message: "")
            if mode == .never {
                out.status = .missing
                out.message = OutputText.line(
                    "\(name): no golden at \(pngPath) (record it with --record missing or PREVIEW_RECORD=missing)")
            } else {
                try record(actual, sidecar, name, in: goldens)
                out.status = .recorded
                out.message = OutputText.line("\(name): recorded a new golden at \(pngPath); check it and run again")
            }
            return out
        }
        var out = j.outcome
        let (expected, diff, oldSidecar, semanticOnly, pixelsOK) = (
            j.expected, j.diff, j.oldSidecar, j.semanticOnly, j.pixelsOK
        )
        if pixelsOK && oldSidecar == nil && (mode == .missing || mode == .failed) {
            // The sidecar is part of the golden: a missing one is recorded like a missing PNG (and reported).
            try GoldenFiles.write(try sidecar.encoded(), name: name + ".json", in: goldens)
            out.notes.removeAll()
            out.status = .recorded
            out.message = OutputText.line("\(name): pixels match; recorded the missing sidecar \(jsonPath); run again")
            return out
        }
        let environmentNote =
            out.environmentChanges.isEmpty
            ? nil
            : "environment changed since the golden was recorded: " + out.environmentChanges.joined(separator: "; ")
        if pixelsOK && mode != .all {
            out.message = OutputText.line("\(name): matches \(pngPath)")
            guard let note = environmentNote else { return out }
            // The pixels are the golden's: a new environment alone passes, counted on its own.
            if settings.restamp,
                let why = try restamp(expected, actual, old: oldSidecar, new: sidecar, name: name, in: goldens)
            {
                out.notes.append(note + "; " + why)
            } else if settings.restamp {
                out.status = .restamped
                out.notes.append(note + "; re-stamped \(jsonPath) (the PNG is unchanged)")
                out.message = OutputText.line(
                    "\(name): re-stamped \(jsonPath): \(out.environmentChanges.joined(separator: "; "))")
                return out
            } else {
                out.notes.append(note + " but the pixels match (render check --restamp records it)")
            }
            out.status = .environmentChanged
            return out
        }
        var what = describe(diff, expected: expected, actual: actual)
        if semanticOnly { what = "pixels within tolerance (" + what + ") but elements changed" }
        if !pixelsOK {
            let diffPath = settings.failuresDirectory + "/" + name + ".diff.png"
            try Self.writePNG(
                DiffImage.labelled(
                    expected: expected, actual: actual, diff: diff, fontsDirectory: settings.fontsDirectory),
                name: name + ".diff.png", in: failures)
            try GoldenFiles.write(try sidecar.encoded(), name: name + ".actual.json", in: failures)
            let actualPath = settings.failuresDirectory + "/" + name + ".actual.png"
            try Self.writePNG(actual, name: name + ".actual.png", in: failures)
            out.actualImage = actualPath
            out.diffImage = diffPath
        }
        if let note = environmentNote { out.notes.append(note) }
        if mode == .failed || mode == .all {
            try record(actual, sidecar, name, in: goldens)
            out.status = .recorded
            out.message = OutputText.line(
                settings.accepting
                    ? "\(name): accepted the new picture: wrote \(pngPath) and its sidecar; it was \(what)"
                    : "\(name): re-recorded \(pngPath) (--record \(mode.rawValue)); was \(what)")
            return out
        }
        // Changed, whatever the environment did: the environment is a note on it, never its status.
        out.status = .failed
        out.message = Self.failureMessage(out, what: what)
        return out
    }

    /// `--restamp`: writes the new sidecar of a golden whose pixels are the new frame's exactly and
    /// whose elements did not change, leaving the PNG as it is. Returns nil when it wrote it, else why not.
    func restamp(
        _ expected: Bitmap, _ actual: Bitmap, old: SnapshotSidecar?, new: SnapshotSidecar, name: String,
        in goldens: ConfinedFolder
    ) throws -> String? {
        guard expected.width == actual.width, expected.height == actual.height, expected.pixels == actual.pixels
        else { return "not re-stamped: the pixels are within tolerance but not identical (re-record it to accept)" }
        guard let old = old, SemanticDiff.changes(expected: old, actual: new).isEmpty else {
            return "not re-stamped: elements changed"
        }
        try GoldenFiles.write(try new.encoded(), name: name + ".json", in: goldens)
        return nil
    }

    /// `12.3% of pixels differ`, or the size change.
    func describe(_ diff: ImageDiff?, expected: Bitmap, actual: Bitmap) -> String {
        guard let d = diff else {
            return "size \(expected.width)x\(expected.height) -> \(actual.width)x\(actual.height) px"
        }
        return String(
            format: "%.3f%% of pixels differ (max %.3f%%)", d.mismatch * 100, settings.tolerance.maxMismatch * 100)
    }

    /// The multi-line failure message: verdict, environment, semantic diff, regions, artefacts, reproduce line
    /// (each line made safe to print: names, ids and texts from the session never start a line).
    static func failureMessage(_ o: SnapshotOutcome, what: String) -> String {
        var lines: [String] = []
        lines.append("\(o.name): \(what) against \(o.golden)")
        if !o.changes.isEmpty {
            lines.append("  what changed:")
            let summary = SemanticDiff.summarize(o.changes)
            lines += summary.prefix(20).map { "    - \($0)" }
            if summary.count > 20 { lines.append("    - ... and \(summary.count - 20) more") }
        } else {
            lines.append("  what changed: no element moved, resized, restyled or changed text (painting only)")
        }
        if !o.environmentChanges.isEmpty {
            // A note beside (never instead of) what changed: the golden is changed either way.
            lines.append(
                "  note: the environment changed too since the golden was recorded: "
                    + o.environmentChanges.joined(separator: "; "))
        }
        if !o.regions.isEmpty {
            lines.append(
                "  changed regions: " + o.regions.prefix(8).map(\.description).joined(separator: "; ")
                    + (o.regions.count > 8 ? "; ... (\(o.regions.count) in all)" : ""))
        }
        if let d = o.diffImage { lines.append("  expected | diff | actual: \(d)") }
        lines.append("  reproduce: \(o.reproduce)")
        return OutputText.lines(lines)
    }

    /// The golden `NAME.png` and its sidecar `NAME.json`, written as a pair (`GoldenFiles.writePair`).
    func record(_ bitmap: Bitmap, _ sidecar: SnapshotSidecar, _ name: String, in goldens: ConfinedFolder) throws {
        try GoldenFiles.writePair(
            png: try GoldenStamp.stamped(try PNGCodec.encode(bitmap, compressionLevel: 6)),
            sidecar: try sidecar.encoded(), name: name, in: goldens)
    }

    /// A failure image `folder/name`, confined to the folder.
    static func writePNG(_ b: Bitmap, name: String, in folder: ConfinedFolder) throws {
        try GoldenFiles.write(try PNGCodec.encode(b, compressionLevel: 6), name: name, in: folder)
    }
}

/// A golden whose PNG header claims more pixels than any device has; refused before decoding.
package struct GoldenTooLarge: Error, CustomStringConvertible {
    package var path: String
    package var width: Int
    package var height: Int
    package var description: String {
        """
        golden \(path) is \(width)x\(height) px by its PNG header, larger than any render (at most \
        \(PNGCodec.maxDecodedSide) per side and \(PNGCodec.maxDecodedPixels) pixels); refused without decoding it \
        (record it again with --record failed)
        """
    }
}

import Foundation
import Primitives
import RenderPipeline

/// When goldens are (re)written. Recording never makes a run pass: a recorded golden is reported
/// as such and counts as a failure, so CI (always `never`) cannot go green by recording.
public enum RecordMode: String, CaseIterable, Codable, Sendable {
    /// Compare only (the default, and what CI runs).
    case never
    /// Write goldens that do not exist yet.
    case missing
    /// Write missing goldens and replace failing ones.
    case failed
    /// Replace every golden.
    case all

    /// `PREVIEW_RECORD` from the environment (`never` when unset or unknown).
    package static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        env["PREVIEW_RECORD"].flatMap { RecordMode(rawValue: $0.lowercased()) } ?? .never
    }
}

/// How different two images may be and still match.
public struct Tolerance: Codable, Hashable, Sendable {
    /// A pixel mismatches when a channel differs by more than this (0...255) after the 3x3 blur
    /// that makes sub-pixel edge shifts (anti-aliasing) harmless.
    public var threshold: Int
    /// Share of mismatching pixels allowed, 0...1.
    public var maxMismatch: Double
    /// Fail when the sidecars show a change (moved, resized, restyled, text) even if the pixels are
    /// within tolerance: a thin text turning #111827 -> #555555 survives the blur, not the sidecar.
    public var semantic: Bool
    /// The defaults of the golden tests: compare-png's measure, 0.1% of pixels, semantic changes fail.
    public init(threshold: Int = 40, maxMismatch: Double = 0.001, semantic: Bool = true) {
        self.threshold = threshold
        self.maxMismatch = maxMismatch
        self.semantic = semantic
    }
}

/// Where goldens and failure artefacts go, and how to compare.
package struct SnapshotSettings: Sendable {
    /// Folder of goldens (`Snapshots/`): `NAME.png`, `NAME@SNAP.png` and their `.json` sidecars.
    package var snapshotsDirectory: String
    /// Where `NAME.diff.png` (expected | diff | actual) and `NAME.actual.json` go on failure.
    package var failuresDirectory: String
    package var record: RecordMode
    package var tolerance: Tolerance
    /// Command prefix used in the reproduce line (`render check`).
    package var command: String
    /// `render check --restamp`: a golden whose pixels are the new frame's exactly but whose sidecar
    /// names another environment gets the new sidecar (the PNG is left as it is).
    package var restamp = false
    /// `render check --accept`: failing goldens are re-recorded (as `record: .failed`) because the
    /// reviewer accepted them, and the messages say so.
    package var accepting = false
    /// `render check --a11y[=warn]`: each screen's accessibility findings against its baseline
    /// `NAME.a11y.json` beside the golden; nil: nothing is audited (the default).
    package var a11y: A11yMode?
    /// Which diagnostics the outcomes keep (`render check --strict` keeps warnings too).
    package var gate = SessionGate()
    /// The bundled fonts, for the labels of failure images (default: `BundledFonts`).
    package var fontsDirectory: String = RenderOptions().fontsDirectory
    package init(
        snapshotsDirectory: String = "Snapshots", failuresDirectory: String = "out/snapshot-failures",
        record: RecordMode = .never, tolerance: Tolerance = Tolerance(), command: String = "render check"
    ) {
        self.snapshotsDirectory = snapshotsDirectory
        self.failuresDirectory = failuresDirectory
        self.record = record
        self.tolerance = tolerance
        self.command = command
    }

    /// Golden base path (without extension) of a session and optional named snapshot.
    package func goldenBase(session: String, snapshot: String?) -> String {
        snapshotsDirectory + "/" + Self.goldenName(session: session, snapshot: snapshot)
    }

    /// The goldens folder of a theme and device under `root` (`Snapshots`): `root` itself for the
    /// default theme on each session's own device, else a subfolder named after what differs:
    /// `root/ios`, `root/pixel-7`, `root/ios-pixel-7`. A theme file counts by its name without
    /// `.json`; a device as given to `--device`; each made one plain name (`FileNames.component`:
    /// `/` made `_`, a theme file `...json` gives `__`, never `..`), so the folder is `root` or one
    /// folder inside it. Goldens of several themes and devices live side by side and the default
    /// folder never changes.
    package static func goldensDirectory(root: String, theme: String, device: String?) -> String {
        var parts: [String] = []
        var t = (theme as NSString).lastPathComponent
        if t.hasSuffix(".json") { t = String(t.dropLast(5)) }
        if !t.isEmpty && t.lowercased() != "default" { parts.append(FileNames.component(t)) }
        if let d = device, !d.isEmpty { parts.append(FileNames.component(d)) }
        let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        return parts.isEmpty ? base : base + "/" + parts.joined(separator: "-")
    }

    /// `NAME` or `NAME@SNAP`; NAME is the session file name without `.json` (a file's own name, kept as
    /// it is, as `--out-dir` keeps it). SNAP is made one plain file name (`FileNames.component`: a
    /// snapshot `../x` or `a/b` gives `NAME@.._x`, `NAME@a_b`), and a name too long for a file is cut
    /// with its hash, so no golden, sidecar or failure image of it can land outside its folder.
    package static func goldenName(session: String, snapshot: String?) -> String {
        var base = (session as NSString).lastPathComponent
        if base.hasSuffix(".json") { base = String(base.dropLast(5)) }
        guard let snap = snapshot else { return base }
        let whole = base + "@" + FileNames.component(snap)
        return whole.utf8.count <= FileNames.maxBytes ? whole : FileNames.component(whole)
    }

    /// The first golden two different session files of one run would both own (`a/card.json` and `b/card.json`
    /// both own `card.png`): its name and the two files; nil when every session's goldens are its own.
    package static func sharedGolden(_ paths: [String]) -> (name: String, first: String, second: String)? {
        var byName: [String: String] = [:]
        for p in paths {
            let name = goldenName(session: p, snapshot: nil)
            let full = URL(fileURLWithPath: p).standardizedFileURL.path
            if let other = byName[name], URL(fileURLWithPath: other).standardizedFileURL.path != full {
                return (name, other, p)
            }
            byName[name] = p
        }
        return nil
    }
}

/// The verdict on one golden (a session's final frame or one named snapshot).
package struct SnapshotOutcome: Codable, Hashable, Sendable {
    /// The raw values are the JSON report's (stable); people read `words` and `badge`.
    package enum Status: String, Codable, Sendable {
        /// Matches the golden within tolerance, in the environment it was recorded in.
        case passed
        /// Changed: pixels differ beyond tolerance (or an element changed), whatever else changed. A
        /// changed environment is a note on it (`environmentChanges`, `notes`), never its status.
        case failed
        /// Passes: the pixels match the golden, but it was recorded in another environment (renderer
        /// version, a font file, theme, device); `render check --restamp` records the new one.
        case environmentChanged
        /// Passes: the pixels are the golden's exactly and `--restamp` wrote the new environment into
        /// its sidecar (the PNG is untouched).
        case restamped
        /// No golden, and the record mode did not allow writing one.
        case missing
        /// A golden was written (counts as a failure: check it and run again).
        case recorded
        /// The session could not be rendered.
        case error

        /// Whether a golden with this status passes the check.
        package var passes: Bool { self == .passed || self == .environmentChanged || self == .restamped }

        /// How a summary counts it: `2 changed, 1 passed with a new environment`.
        package var words: String {
            switch self {
            case .passed: return "passed"
            case .failed: return "changed"
            case .environmentChanged: return "passed with a new environment"
            case .restamped: return "re-stamped"
            case .missing: return "without a golden"
            case .recorded: return "recorded"
            case .error: return "could not be rendered"
            }
        }

        /// The short badge of the review page and the progress lines.
        package var badge: String {
            switch self {
            case .passed: return "passed"
            case .failed: return "changed"
            case .environmentChanged: return "environment changed"
            case .restamped: return "re-stamped"
            case .missing: return "no golden"
            case .recorded: return "recorded"
            case .error: return "error"
            }
        }

        /// Every status, in the order summaries count them: what needs a look first.
        package static let summaryOrder: [Status] = [
            .failed, .missing, .recorded, .error, .environmentChanged, .restamped, .passed,
        ]
    }
    /// `NAME` or `NAME@SNAP`.
    package var name: String
    package var session: String
    package var snapshot: String?
    package var status: Status
    package var golden: String
    /// Share of mismatching pixels (0...1); nil when not compared or the sizes differ.
    package var mismatch: Double?
    /// Changed regions in device pixels.
    package var regions: [PixelBox] = []
    /// What changed, element by element (from the sidecars).
    package var changes: [ElementChange] = []
    /// For a change no element shows: the innermost element holding every changed pixel, as a
    /// cause names it (`button 'OK'`), so such changes group by where they are (`ChangeCause`).
    package var paintedIn: String?
    /// Environment fields that differ from the golden's sidecar.
    package var environmentChanges: [String] = []
    /// `expected | diff | actual` image, when written.
    package var diffImage: String?
    /// One line that reproduces the check.
    package var reproduce: String
    /// One line that accepts the new picture (re-records this golden alone), for goldens that did not pass.
    package var accept: String?
    /// The actual frame as written on failure (`NAME.actual.png` beside the diff image).
    package var actualImage: String?
    /// In a report file: a copy of the golden beside the report (`images/SHA256.png`, relative to the
    /// report's folder), so a merge or a page needs no goldens folder (issue 46). Absent in a run's
    /// in-memory report and for goldens that are folders (`--ticks`).
    package var goldenImage: String?
    /// The human message (also used by `assertSnapshot`): one line, or several made with
    /// `OutputText.lines`; either way no line of it comes raw from input (`render check` prints it as is).
    package var message: String
    /// Notes that do not change the verdict (no sidecar yet, the environment changed).
    package var notes: [String] = []
    /// True when a golden, sidecar or failure image could not be written (status `error`; `render
    /// check` exits 2 with the message, not 3). Absent from reports otherwise.
    package var unwritable: Bool?
    /// With `render check --a11y`: the screen's accessibility findings against its baseline. Absent
    /// otherwise (a report without `--a11y` is byte for byte what it was).
    package var a11y: A11yResult?
    /// The session's error diagnostics (with `--strict` its warnings too), on the first outcome of
    /// each session; absent when it has none (`SessionGate`).
    package var diagnostics: [SessionDiagnostic]?
    /// Seconds the check of this golden took (its share of its session's time in the worker, to the
    /// millisecond): JUnit's `time`. The one field that differs between two runs of the same check.
    package var seconds: Double?

    package var passed: Bool { status.passes }
}

extension Array where Element == SnapshotOutcome {
    /// `2 changed, 1 passed with a new environment`: each kind counted in words, what needs a look
    /// first; "nothing" when empty.
    package var countedInWords: String {
        let parts = SnapshotOutcome.Status.summaryOrder.compactMap { s -> String? in
            let n = filter { $0.status == s }.count
            return n == 0 ? nil : "\(n) \(s.words)"
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

extension SnapshotOutcome.Status {
    /// The first word of an outcome's line, padded to one width (`render check`'s lines); `accepting`: the
    /// goldens recorded were accepted (`--accept`), not recorded.
    package func label(accepting: Bool) -> String {
        switch self {
        case .passed, .environmentChanged: return "ok     "
        case .restamped: return "RESTAMP"
        case .failed: return "CHANGED"
        case .missing: return "MISSING"
        case .recorded: return accepting ? "ACCEPT " : "REC    "
        case .error: return "ERROR  "
        }
    }
}

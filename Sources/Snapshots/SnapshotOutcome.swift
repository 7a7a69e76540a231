/// The verdict on one golden (a session's final frame or one named snapshot).
public struct SnapshotOutcome: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Matches the golden within tolerance.
        case passed
        /// Pixels differ beyond tolerance in the same environment.
        case failed
        /// Pixels differ and the golden was rendered in another environment (renderer version, fonts,
        /// theme, device): re-record rather than hunt for a regression.
        case environmentChanged
        /// No golden, and the record mode did not allow writing one.
        case missing
        /// A golden was written (counts as a failure: check it and run again).
        case recorded
        /// The session could not be rendered.
        case error
    }
    /// `NAME` or `NAME@SNAP`.
    public var name: String
    public var session: String
    public var snapshot: String?
    public var status: Status
    public var golden: String
    /// Share of mismatching pixels (0...1); nil when not compared or the sizes differ.
    public var mismatch: Double?
    /// Changed regions in device pixels.
    public var regions: [PixelBox] = []
    /// What changed, element by element (from the sidecars).
    public var changes: [ElementChange] = []
    /// Environment fields that differ from the golden's sidecar.
    public var environmentChanges: [String] = []
    /// `expected | diff | actual` image, when written.
    public var diffImage: String?
    /// One line that reproduces the check.
    public var reproduce: String
    /// One line that accepts the new picture (re-records this golden alone), for goldens that did not pass.
    public var accept: String?
    /// The actual frame as written on failure (`NAME.actual.png` beside the diff image).
    public var actualImage: String?
    /// The human message (also used by `assertSnapshot`): one line, or several made with
    /// `OutputText.lines`; either way no line of it comes raw from input (`render check` prints it as is).
    public var message: String
    /// Notes that do not fail the check (no sidecar yet, environment changed but pixels equal).
    public var notes: [String] = []

    public var passed: Bool { status == .passed }
}

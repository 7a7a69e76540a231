import Snapshots

/// One picture in the gallery: a session's final frame or named snapshot in one theme, or one
/// interactive element in one state.
public struct GalleryCard: Codable, Hashable, Sendable {
    /// What the card shows.
    public enum Section: String, Codable, Sendable { case frame, state }
    public var session: String
    public var section: Section
    /// Named snapshot, nil for the final frame.
    public var snapshot: String?
    public var theme: String
    /// `NORMAL`, `ACTIVE`, `SELECTED`, `HOVER`, `DISABLED`.
    public var state: String
    /// `button 7` for state cards.
    public var element: String?
    /// `img/SHA256.png`, relative to the gallery folder.
    public var image: String
    /// The golden (content-hashed copy) and the `expected | diff | actual` composite, when a golden exists.
    public var golden: String?
    public var diff: String?
    /// `new` (no golden), `passed`, `failed`, `environmentChanged`, `error`; `state` for a state-matrix
    /// cell, which is not a golden and so never "no golden".
    public var status: String
    public var mismatch: Double?
    /// Semantic diff and environment changes against the golden's sidecar.
    public var changes: [String] = []
    /// Problem text when status is `error`.
    public var error: String?
    /// `render gallery --a11y`: the screen's accessibility findings (`gallery.json` holds them as the
    /// check report does, for any page that shows them). Absent otherwise.
    package var a11y: A11yResult?

    public init(
        session: String, section: Section, snapshot: String?, theme: String, state: String, element: String?,
        image: String, status: String
    ) {
        self.session = session
        self.section = section
        self.snapshot = snapshot
        self.theme = theme
        self.state = state
        self.element = element
        self.image = image
        self.status = status
    }

    /// The status of every state-matrix cell.
    public static let stateStatus = "state"

    /// Stable sort key (within a session): frames before states, snapshot, theme order, element id, state order.
    func sortKey(themes: [String]) -> [String] {
        let stateOrder = ["NORMAL", "ACTIVE", "SELECTED", "HOVER", "DISABLED"].firstIndex(of: state) ?? 9
        let el =
            element.map { e in e.split(separator: " ").last.flatMap { Int($0) }.map { String(format: "%08d", $0) } ?? e
            } ?? ""
        return [
            section == .frame ? "0" : "1", snapshot.map { "0" + $0 } ?? "1",
            String(format: "%04d", themes.firstIndex(of: theme) ?? 9999), el, String(stateOrder),
        ]
    }
}

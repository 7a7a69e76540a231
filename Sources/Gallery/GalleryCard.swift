import Snapshots

/// One picture in the gallery: a session's final frame or named snapshot in one theme, or one
/// interactive element in one state.
package struct GalleryCard: Codable, Hashable, Sendable {
    /// What the card shows.
    package enum Section: String, Codable, Sendable { case frame, state }
    package var session: String
    package var section: Section
    /// Named snapshot, nil for the final frame.
    package var snapshot: String?
    package var theme: String
    /// `NORMAL`, `ACTIVE`, `SELECTED`, `HOVER`, `DISABLED`.
    package var state: String
    /// `button 7` for state cards.
    package var element: String?
    /// `img/SHA256.png`, relative to the gallery folder.
    package var image: String
    /// The golden (content-hashed copy) and the `expected | diff | actual` composite, when a golden exists.
    package var golden: String?
    package var diff: String?
    /// `new` (no golden), `passed`, `failed`, `environmentChanged`, `error`; `state` for a state-matrix
    /// cell, which is not a golden and so never "no golden".
    package var status: String
    package var mismatch: Double?
    /// Semantic diff and environment changes against the golden's sidecar.
    package var changes: [String] = []
    /// Problem text when status is `error`.
    package var error: String?
    /// `render gallery --a11y`: the screen's accessibility findings (`gallery.json` holds them as the
    /// check report does, for any page that shows them). Absent otherwise.
    package var a11y: A11yResult?
    /// Why its golden changed, as `render check` names it (`ChangeCause`): the gallery's groups
    /// (`GalleryGroups`). Absent when nothing changed.
    package var causes: [ChangeCause]?
    /// The session's error diagnostics in this theme (with `--strict` its warnings too), on the unit's
    /// first card; absent when it has none (`SessionGate`).
    package var diagnostics: [SessionDiagnostic]?

    package init(
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
    package static let stateStatus = "state"

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

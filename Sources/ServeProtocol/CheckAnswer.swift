/// The Groups pane of `render serve` (issue 50): the folder's sessions checked against their goldens
/// as `render check FOLDER` checks them, writing nothing, and the changed goldens grouped by cause as
/// `render check --html`'s review page groups them. The worker decides both (Snapshots'
/// `SnapshotChecker.look` and `ChangeGroup.groups`, ServeWorker+Check.swift); the server only forwards
/// its answer (Hub+Check.swift), the page shows it (Serve/Page/groups.js).

/// What the server asks: every session of the folder, in the look and on the device a page shows,
/// against the goldens under `root` (`Snapshots`, `Snapshots/ios`, ... as `render check` picks them).
public struct CheckSpec: Equatable, Sendable {
    /// The goldens' root (`render serve --snapshots DIR`, default `Snapshots`).
    public var root: String
    /// A look's name or theme file, and its generation (as `StateSpec` names them).
    public var theme: String
    public var themeGeneration: String
    /// `session` (each session's own), a preset or WxH@S.
    public var device: String
    /// The sessions' files, in the folder's order.
    public var paths: [String]

    public init(root: String, theme: String, themeGeneration: String, device: String, paths: [String]) {
        self.root = root
        self.theme = theme
        self.themeGeneration = themeGeneration
        self.device = device
        self.paths = paths
    }

    var fields: [String] { [root, theme, themeGeneration, device] + paths }

    init?(fields f: [String]) {
        guard f.count >= 4 else { return nil }
        self.init(root: f[0], theme: f[1], themeGeneration: f[2], device: f[3], paths: Array(f[4...]))
    }
}

/// The worker's answer to `check`.
public struct CheckAnswer: Codable, Equatable, Sendable {
    public var ok = true
    /// The goldens folder checked against (`Snapshots/ios`).
    public var goldens: String
    /// `render check`'s count in words: `3 changed, 40 passed, 2 without a golden`.
    public var summary: String
    /// Every golden checked, in the folder's order.
    public var snapshots: [CheckedSnapshot]
    /// The changed goldens grouped by cause, most snapshots first (`ChangeGroup`).
    public var groups: [CheckGroup]
    /// `render check FOLDER ...` as it checked them (what a designer runs to see the review page).
    public var command: String

    public init(
        goldens: String, summary: String, snapshots: [CheckedSnapshot], groups: [CheckGroup], command: String
    ) {
        self.goldens = goldens
        self.summary = summary
        self.snapshots = snapshots
        self.groups = groups
        self.command = command
    }
}

/// One golden's verdict.
public struct CheckedSnapshot: Codable, Equatable, Sendable {
    /// `NAME` or `NAME@SNAP`.
    public var name: String
    /// The session's file name in the folder (what the page's list names it by).
    public var session: String
    /// The snapshot's name; absent for the final frame.
    public var snapshot: String?
    /// `render check`'s JSON status: `passed`, `failed`, `environmentChanged`, `missing`, `error`.
    public var status: String
    /// Share of pixels that differ (0...1), when compared.
    public var mismatch: Double?

    public init(name: String, session: String, snapshot: String?, status: String, mismatch: Double?) {
        self.name = name
        self.session = session
        self.snapshot = snapshot
        self.status = status
        self.mismatch = mismatch
    }
}

/// Changed goldens that share a cause (`ChangeGroup`): its id (`render check --accept-group ID`), the
/// cause in words, its snapshots and sessions, and the one command that accepts it.
public struct CheckGroup: Codable, Equatable, Sendable {
    public var id: String
    /// `restyled`, `moved`, ... (`ChangeCause.kind`).
    public var kind: String
    /// `text color #212121 -> #303030`.
    public var cause: String
    /// `text color #212121 -> #303030: 21 snapshots in 5 sessions`.
    public var words: String
    /// The goldens' names (`CheckedSnapshot.name`).
    public var snapshots: [String]
    /// Their sessions' file names, each once.
    public var sessions: [String]
    /// `render check S1 S2 --accept-group ID --snapshots DIR ...`.
    public var accept: String?

    public init(
        id: String, kind: String, cause: String, words: String, snapshots: [String], sessions: [String],
        accept: String?
    ) {
        self.id = id
        self.kind = kind
        self.cause = cause
        self.words = words
        self.snapshots = snapshots
        self.sessions = sessions
        self.accept = accept
    }
}

/// The head of the Groups pane's answer (`type` `groups`); the worker's `CheckAnswer` follows as `data`.
public struct GroupsMessage: Codable, Equatable, Sendable {
    public var type = "groups"
    /// The look and device checked.
    public var look: String
    public var device: String
    public init(look: String, device: String) {
        self.look = look
        self.device = device
    }
}

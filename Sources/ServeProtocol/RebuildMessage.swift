import Foundation

/// `render serve --app BIN --rebuild CMD`: where the rebuild after a source's save is (docs/serve.md "Restart on
/// code edit"), sent to every page at each change of state and to a page when it connects.
public struct RebuildMessage: Codable, Equatable, Sendable {
    public var type = "rebuild"
    /// Numbers the rebuilds (a page's test waits for a newer one); 0 before the first save.
    public var build: Int
    /// `watching` (no build yet), `building`, `failed` (the app was left running, the picture is the last good
    /// build's), `replaying` (built: the app restarts and plays the walk again), `done` (the walk replayed),
    /// `stopped` (the replay stopped at a step: `replay` says which).
    public var state: String
    public var command: String
    /// The folders watched.
    public var watching: [String]
    /// The files whose save started this build (the first 10).
    public var changed: [String]
    /// The build's seconds, once it ended.
    public var seconds: Double?
    /// Its exit code, or why it has none (a signal, the time limit).
    public var status: Int?
    public var message: String?
    /// The compiler's errors (and warnings) read from its output, `file:line:col: error: message`.
    public var diagnostics: [BuildDiagnostic]
    /// The output's last lines when the build failed (its errors when none could be read as a diagnostic).
    public var output: String?
    public var replay: ReplayReport?
    /// When the build ended and when the replayed screen's frame went to the pages (ms since 1970, the page's
    /// `performance.timeOrigin` clock): the bench's "build's end to the new frame".
    public var builtAt: Double?
    public var framedAt: Double?

    public init(
        build: Int, state: String, command: String, watching: [String], changed: [String] = [],
        seconds: Double? = nil, status: Int? = nil, message: String? = nil, diagnostics: [BuildDiagnostic] = [],
        output: String? = nil, replay: ReplayReport? = nil, builtAt: Double? = nil, framedAt: Double? = nil
    ) {
        self.build = build
        self.state = state
        self.command = command
        self.watching = watching
        self.changed = changed
        self.seconds = seconds
        self.status = status
        self.message = message
        self.diagnostics = diagnostics
        self.output = output
        self.replay = replay
        self.builtAt = builtAt
        self.framedAt = framedAt
    }
}

/// One compiler message of a failed build (gcc's and clang's `file:line:col: severity: message`).
public struct BuildDiagnostic: Codable, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int?
    /// `error`, `fatal error` or `warning`.
    public var severity: String
    public var message: String
    public init(file: String, line: Int, column: Int? = nil, severity: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }
}

/// The walk played again on the rebuilt app: its steps, how many were played, and where it stopped (the step's
/// index in the walk, its JSON, and the app's answer) when a step's locator found no element.
public struct ReplayReport: Codable, Equatable, Sendable {
    public var steps: Int
    public var played: Int
    public var stoppedAt: Int?
    public var step: String?
    public var message: String?
    public init(steps: Int, played: Int, stoppedAt: Int? = nil, step: String? = nil, message: String? = nil) {
        self.steps = steps
        self.played = played
        self.stoppedAt = stoppedAt
        self.step = step
        self.message = message
    }
}

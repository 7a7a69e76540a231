import SessionFormat
import WidgetTree

/// A replay kept after its last step, so a session that grew by a few steps is brought up to date
/// by applying only those (`render serve --app`: the app appends each input's commands to its
/// session, and replaying the whole walk again for every frame made a click cost more the longer
/// one played). The result is the one `Renderer.replay` gives for the grown session: the engine,
/// its hit maps' resource loader and its clock are the ones a full replay would have had at that
/// step, and a session that is not a continuation (another header, a step applied that changed, a
/// different boot choice) is refused, so the caller replays it in full
/// (docs/decisions/2026-11-28-live-frames-replay-only-new-steps.md).
package final class LiveReplay {
    private let renderer: Renderer
    /// The session as far as it was applied (its header and steps).
    package private(set) var session: Session
    private var engine: ReplayEngine
    /// What the boot chose the application id from; a later step can change that choice only
    /// while it is not a CREATE_APPLICATION (`ReplayEngine.bootCommand`).
    private let bootCommand: Command?
    /// Steps applied by `advance` (not counting those of `init`): the tests count work with it.
    package private(set) var stepsAdvanced = 0

    /// Boots and applies every step of `session` (the same work as `Renderer.replay`).
    /// `layouts`: where the caller keeps its frames' layouts, for the hit tests of the steps after them.
    package init(renderer: Renderer, session: Session, layouts: LayoutMemo? = nil) {
        self.renderer = renderer
        self.session = session
        var options = renderer.replayOptions
        options.hitMaps = renderer.hitMapSource(for: session, memo: layouts)
        engine = ReplayEngine(session: session, options: options)
        bootCommand = ReplayEngine.bootCommand(in: session.steps)
        renderer.timedReplay {
            engine.boot()
            for step in session.steps { engine.apply(step) }
        }
    }

    /// Applies the steps `newer` has past the ones applied. False, with nothing changed, when
    /// `newer` does not continue this session: the caller replays it in full then.
    package func advance(to newer: Session) -> Bool {
        guard Self.sameHeader(session, newer), newer.steps.count >= session.steps.count else { return false }
        if bootCommand?.type != .CREATE_APPLICATION, ReplayEngine.bootCommand(in: newer.steps) != bootCommand {
            return false
        }
        guard newer.steps.starts(with: session.steps) else { return false }
        let added = newer.steps[session.steps.count...]
        renderer.timedReplay {
            for step in added { engine.apply(step) }
        }
        stepsAdvanced += added.count
        session = newer
        return true
    }

    /// Everything a full replay of `session` gives (the engine goes on from where it is: the
    /// result is finished on a copy).
    package var result: ReplayResult {
        var finished = engine
        return finished.finish(lastStep: session.steps.last?.index ?? 0)
    }

    /// Whether two sessions agree on everything but their steps.
    static func sameHeader(_ a: Session, _ b: Session) -> Bool {
        a.name == b.name && a.description == b.description && a.device == b.device
            && a.assetsDirectory == b.assetsDirectory && a.fontsDirectory == b.fontsDirectory && a.theme == b.theme
            && a.sourcePath == b.sourcePath && a.notExact == b.notExact
    }
}

import RenderPipeline
import ServeProtocol
import SessionFormat
import WidgetTree

/// The replays the worker keeps after their last step, per look and session file: a new version of
/// a session that only added steps (`render serve --app`: each input appends its commands) is
/// replayed by applying those steps (`LiveReplay`); anything else (an edit in the middle, a restart
/// of the app, a look, device or font scale not seen yet) is replayed in full, as before, and kept
/// for the next version (docs/decisions/2026-11-28-live-frames-replay-only-new-steps.md).
struct LiveReplays {
    /// One session played live, and one edited beside it: each holds a whole replay's captures.
    private var kept = RecentlyUsed<LiveReplay>(limit: 2)
    /// Per renderer: the last frame's layout, which the next step's hit test reuses (a live tap hits
    /// the screen that frame showed).
    private var layouts: [String: LayoutMemo] = [:]

    /// The replay of `session` (the final frame's), and whether only its new steps were applied.
    mutating func replay(_ session: Session, path: String, rendererKey: String, renderer r: Renderer) -> (
        ReplayResult, incremental: Bool
    ) {
        let key = rendererKey + "\u{1}" + path
        if let live = kept.use(key), live.advance(to: session) { return (live.result, true) }
        let live = LiveReplay(renderer: r, session: session, layouts: layouts(rendererKey))
        kept.keep(live, for: key)
        return (live.result, false)
    }

    /// The memo of a renderer's last frame layout.
    mutating func layouts(_ rendererKey: String) -> LayoutMemo {
        if let m = layouts[rendererKey] { return m }
        let m = LayoutMemo()
        layouts[rendererKey] = m
        return m
    }

    /// A renderer dropped: its replays go with it.
    mutating func forget(rendererKey: String) {
        layouts[rendererKey] = nil
        let prefix = rendererKey + "\u{1}"
        kept.removeAll { $0.hasPrefix(prefix) }
    }
}

/// A decoder per session file read lately: a file that only grew since (a live app's session after
/// each input) is decoded by its new steps (`GrowingSessionDecoder`).
struct GrowingDecoders {
    /// Files kept: the live session and a few edited beside it (each holds its last version's bytes).
    private var kept = RecentlyUsed<GrowingSessionDecoder>(limit: 4)

    mutating func decoder(for path: String) -> GrowingSessionDecoder {
        if let d = kept.use(path) { return d }
        let d = GrowingSessionDecoder()
        kept.keep(d, for: path)
        return d
    }
}

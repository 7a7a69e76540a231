import RenderPipeline
import SessionFormat
import WidgetTree

/// The replays the worker keeps after their last step, per look and session file: a new version of
/// a session that only added steps (`render serve --app`: each input appends its commands) is
/// replayed by applying those steps (`LiveReplay`); anything else (an edit in the middle, a restart
/// of the app, a look, device or font scale not seen yet) is replayed in full, as before, and kept
/// for the next version (docs/decisions/2026-11-28-live-frames-replay-only-new-steps.md).
struct LiveReplays {
    private var kept: [String: LiveReplay] = [:]
    private var order: [String] = []
    /// Per renderer: the last frame's layout, which the next step's hit test reuses (a live tap hits
    /// the screen that frame showed).
    private var layouts: [String: LayoutMemo] = [:]
    /// One session played live, and one edited beside it: each holds a whole replay's captures.
    static let limit = 2

    /// The replay of `session` (the final frame's), and whether only its new steps were applied.
    mutating func replay(_ session: Session, path: String, rendererKey: String, renderer r: Renderer) -> (
        ReplayResult, incremental: Bool
    ) {
        let key = rendererKey + "\u{1}" + path
        order.removeAll { $0 == key }
        order.append(key)
        if let live = kept[key], live.advance(to: session) { return (live.result, true) }
        let live = LiveReplay(renderer: r, session: session, layouts: layouts(rendererKey))
        kept[key] = live
        if order.count > Self.limit { kept[order.removeFirst()] = nil }
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
        for key in order where key.hasPrefix(prefix) { kept[key] = nil }
        order.removeAll { $0.hasPrefix(prefix) }
    }
}

/// A decoder per session file read lately: a file that only grew since (a live app's session after
/// each input) is decoded by its new steps (`GrowingSessionDecoder`).
struct GrowingDecoders {
    private var kept: [String: GrowingSessionDecoder] = [:]
    private var order: [String] = []
    /// Files kept: the live session and a few edited beside it (each holds its last version's bytes).
    static let limit = 4

    mutating func decoder(for path: String) -> GrowingSessionDecoder {
        order.removeAll { $0 == path }
        order.append(path)
        if let d = kept[path] { return d }
        let d = GrowingSessionDecoder()
        kept[path] = d
        if order.count > Self.limit { kept[order.removeFirst()] = nil }
        return d
    }
}

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
        let live = LiveReplay(renderer: r, session: session)
        kept[key] = live
        if order.count > Self.limit { kept[order.removeFirst()] = nil }
        return (live.result, false)
    }

    /// A renderer dropped: its replays go with it.
    mutating func forget(rendererKey: String) {
        let prefix = rendererKey + "\u{1}"
        for key in order where key.hasPrefix(prefix) { kept[key] = nil }
        order.removeAll { $0.hasPrefix(prefix) }
    }
}

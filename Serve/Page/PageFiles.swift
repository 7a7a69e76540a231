/// The page's files (this folder), embedded in the binary at build time by SwiftPM's `.embedInCode`
/// (Package.swift lists the same files): the server reads nothing from disk for its page unless told to
/// with `--page-dir` (docs/decisions/2026-12-07-page-as-files.md). A file added here is added to both lists;
/// the unit test `testEveryPageFileIsEmbedded` fails on a file in this folder that is not.
public enum PageFiles {
    /// Each file's name (its URL path without the slash; index.html is served at `/`) and bytes.
    public static let all: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "page.css": PackageResources.page_css,
        "a11y.css": PackageResources.a11y_css,
        "groups.css": PackageResources.groups_css,
        "live.css": PackageResources.live_css,
        "main.js": PackageResources.main_js,
        "dom.js": PackageResources.dom_js,
        "state.js": PackageResources.state_js,
        "socket.js": PackageResources.socket_js,
        "sessions.js": PackageResources.sessions_js,
        "frames.js": PackageResources.frames_js,
        "hover.js": PackageResources.hover_js,
        "outlines.js": PackageResources.outlines_js,
        "tree.js": PackageResources.tree_js,
        "inspector.js": PackageResources.inspector_js,
        "timeline.js": PackageResources.timeline_js,
        "a11y.js": PackageResources.a11y_js,
        "groups.js": PackageResources.groups_js,
        "live.js": PackageResources.live_js,
        "live-controls.js": PackageResources.live_controls_js,
        "live-gestures.js": PackageResources.live_gestures_js,
        "live-action-bar.js": PackageResources.live_action_bar_js,
        "live-rebuild.js": PackageResources.live_rebuild_js,
    ]
}

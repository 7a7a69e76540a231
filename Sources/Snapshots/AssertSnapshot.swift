import Foundation
import RenderPipeline

/// Checks a session against its goldens from a user's own test target, with the same record modes
/// and messages as `render check`. The record mode comes from `PREVIEW_RECORD` (never, missing,
/// failed, all) unless given. Each outcome that is not `passed` is handed to `fail`, so it works
/// with either test library without this module linking one:
///
///     // Swift Testing
///     try assertSnapshot(session: "Examples/login-form.json", fontsDirectory: "Fonts") { Issue.record("\($0)") }
///     // XCTest
///     try assertSnapshot(session: "Examples/login-form.json", fontsDirectory: "Fonts") { XCTFail($0) }
///
/// - Parameters:
///   - session: the session file.
///   - snapshots: the goldens folder (default `Snapshots` beside the session's folder, `Snapshots/THEME`
///     for another theme: `SnapshotSettings.goldensDirectory`).
///   - snapshot: only this named snapshot, which alone is rendered, compared and recorded (`nil`: the
///     final frame and every named snapshot).
///   - theme: theme name or file.
/// - Returns: every outcome (discardable).
@discardableResult
package func assertSnapshot(
    session: String, snapshot: String? = nil, snapshots: String? = nil, fontsDirectory: String,
    theme: String = "default", record: RecordMode? = nil, tolerance: Tolerance = Tolerance(),
    failuresDirectory: String? = nil, fail: (String) -> Void
) throws -> [SnapshotOutcome] {
    let sessionDir = (session as NSString).deletingLastPathComponent
    let parent = ((sessionDir.isEmpty ? "." : sessionDir) as NSString).deletingLastPathComponent
    let root = parent.isEmpty ? "." : parent
    let settings = SnapshotSettings(
        snapshotsDirectory: snapshots
            ?? SnapshotSettings.goldensDirectory(root: root + "/Snapshots", theme: theme, device: nil),
        failuresDirectory: failuresDirectory ?? root + "/out/snapshot-failures",
        record: record ?? RecordMode.fromEnvironment(), tolerance: tolerance)
    var options = RenderOptions(fontsDirectory: fontsDirectory)
    options.theme = theme
    let renderer = try Renderer(options: options)
    let outcomes = SnapshotChecker(settings: settings).check(
        session: session, renderer: renderer, only: snapshot.map { [$0] })
    if outcomes.isEmpty {
        fail(SnapshotChecker.noSuchSnapshot(snapshot ?? "", session: session, renderer: renderer))
    }
    for o in outcomes where !o.passed { fail(o.message) }
    return outcomes
}

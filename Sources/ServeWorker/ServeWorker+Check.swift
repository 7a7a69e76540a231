import Foundation
import RenderPipeline
import ServeProtocol
import Snapshots

extension ServeWorkerState {
    /// `render check`'s verdicts on every session of `spec`, against the goldens of its look and device
    /// under `spec.root`, writing nothing (`SnapshotChecker.look`), and the changed ones grouped by cause
    /// (`ChangeGroup.groups`, as the review page groups them). A session's outcomes are kept while its
    /// file, its goldens and the look are unchanged: the server asks for one session at a time first (each
    /// request within the worker's time limit), then for all of them, which is answered from memory.
    func check(_ spec: CheckSpec) throws -> WorkerReply<CheckAnswer> {
        let r = try checkRenderer(spec)
        let goldens = SnapshotSettings.goldensDirectory(
            root: spec.root, theme: spec.theme, device: spec.device == "session" ? nil : spec.device)
        var settings = SnapshotSettings(snapshotsDirectory: goldens)
        settings.fontsDirectory = r.options.fontsDirectory
        let checker = SnapshotChecker(settings: settings)
        var outcomes: [SnapshotOutcome] = []
        // The folder listed once per request (a whole folder's request names every session).
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: goldens)) ?? []).sorted()
        for path in spec.paths {
            let key =
                ([path, spec.theme, spec.themeGeneration, spec.device, goldens]
                + Self.signature(path, goldens, files)).joined(separator: "\u{1}")
            if let kept = checked.use(key) {
                outcomes += kept
                continue
            }
            r.forgetLastFrame()
            let list = checker.look(session: path, renderer: r)
            checked.keep(list, for: key)
            outcomes += list
        }
        let file = { (p: String) in (p as NSString).lastPathComponent }
        let groups = ChangeGroup.groups(of: outcomes).map { g in
            CheckGroup(
                id: g.id, kind: g.kind, cause: g.cause, words: g.words, snapshots: g.snapshots,
                sessions: g.sessions.map(file), accept: AcceptAll.groupCommand(g, outcomes: outcomes))
        }
        let snapshots = outcomes.map {
            CheckedSnapshot(
                name: $0.name, session: file($0.session), snapshot: $0.snapshot, status: $0.status.rawValue,
                mismatch: $0.mismatch)
        }
        var command = [
            spec.paths.first.map { ($0 as NSString).deletingLastPathComponent } ?? ".", "--snapshots", spec.root,
        ]
        if spec.theme != "default" { command += ["--theme", spec.theme] }
        if spec.device != "session" { command += ["--device", spec.device] }
        return .ok(
            CheckAnswer(
                goldens: goldens, summary: outcomes.countedInWords, snapshots: snapshots, groups: groups,
                command: "render check " + command.map(SnapshotChecker.shellQuote).joined(separator: " ")))
    }

    /// The renderer of a check: `render check`'s options for the look (the session's own theme in the
    /// default look, as `render check` without `--theme`), no ticks captured; kept beside the frames' ones.
    func checkRenderer(_ spec: CheckSpec) throws -> Renderer {
        let key = ["check", spec.theme, spec.themeGeneration, spec.device].joined(separator: "\u{1}")
        if let r = checkRenderers.use(key) { return r }
        let options = try makeOptions(
            LookOptions(
                theme: spec.theme, themeGiven: spec.theme != "default",
                device: spec.device == "session" ? nil : spec.device, fontScale: 1, fontsDir: fontsDir,
                fonts: appFonts))
        let r = try Renderer(options: options)
        _ = checkRenderers.keep(r, for: key)
        return r
    }

    /// What a session's check depends on besides the look: its file's and its goldens' sizes and times
    /// (`NAME.*` and `NAME@*` in the goldens folder), so a save or an accepted golden checks it again.
    static func signature(_ path: String, _ goldens: String, _ files: [String]) -> [String] {
        func stamp(_ p: String) -> String {
            var st = stat()
            guard stat(p, &st) == 0 else { return "-" }
            return "\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        let own = files.filter { $0.hasPrefix(name + ".") || $0.hasPrefix(name + "@") }
        return [stamp(path)] + own.map { $0 + "=" + stamp(goldens + "/" + $0) }
    }
}

import Foundation
import ServeProtocol

/// The Groups pane (issue 50): with goldens beside the folder (`--snapshots DIR`, default `Snapshots`,
/// as `render check`'s), a page whose pane is open gets the folder's goldens checked and the changed ones
/// grouped by cause, as `render check FOLDER --html` groups them on its review page. The worker decides
/// (its `check` request: `SnapshotChecker.look` and `ChangeGroup.groups`); the server only asks it, on
/// the side worker, after the pages' frames, and forwards its answer. Pages that never open the pane
/// cost nothing.
extension Hub {
    /// A page opened (or closed) its Groups pane: it gets the groups now and after every change.
    func groups(_ c: Client, open: Bool) {
        guard goldens != nil else { return }
        if open {
            groupsPages.insert(c.id)
            refreshGroups()
        } else {
            groupsPages.remove(c.id)
        }
    }

    /// The groups checked again and sent to every page with the pane open; a change while a check is
    /// under way is followed by one more check once it is done (latest wins, as frames do).
    func refreshGroups() {
        guard !groupsPages.isEmpty else { return }
        if groupsChecking {
            groupsAgain = true
            return
        }
        groupsChecking = true
        Task {
            repeat {
                groupsAgain = false
                // The pages' new frames first: the check shares the cores with them otherwise.
                for f in Array(inflight.values) { _ = await f.value }
                await checkAndSendGroups()
            } while groupsAgain && !groupsPages.isEmpty
            groupsChecking = false
        }
    }

    /// Each look and device the pages with the pane show, checked once (the worker keeps each session's
    /// verdicts while its file and goldens are unchanged, so only what changed is rendered again).
    func checkAndSendGroups() async {
        guard let root = goldens else { return }
        var views: [String: (look: String, device: String, pages: [Client])] = [:]
        for id in groupsPages.sorted() {
            guard let c = clients[id] else { continue }
            let look = c.view?.look ?? initialLook
            let device = c.view?.device ?? initialDevice
            views[look + "|" + device, default: (look, device, [])].pages.append(c)
        }
        let paths = folder.list().compactMap { folder.path(of: $0) }
        for key in views.keys.sorted() {
            let (look, device, pages) = views[key]!
            func spec(_ p: [String]) -> CheckSpec {
                CheckSpec(
                    root: root, theme: lookValue(look), themeGeneration: String(generation), device: device, paths: p)
            }
            // One session per request first, so each stays within the worker's time limit on a large
            // folder; the whole folder's request is then answered from the worker's memory.
            for p in paths where !groupsAgain { _ = await side.call(.check(spec([p]))) }
            if groupsAgain { return }
            let answer = await side.call(.check(spec(paths)))
            let text = MessageJSON.splicedText(GroupsMessage(look: look, device: device), "data", answer.json)
            for c in pages where groupsPages.contains(c.id) { c.mailbox.put("groups", .text(text)) }
        }
    }

    /// The goldens' root for `options` (`--snapshots`, default `Snapshots`), as its real path; nil when it
    /// is not a folder, or the server plays an app (its session has no goldens of its own).
    static func goldensRoot(_ options: ServeOptions) -> String? {
        guard options.app == nil else { return nil }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.snapshots, isDirectory: &isDir), isDir.boolValue else {
            return nil
        }
        return SessionFolder.realPath(options.snapshots) ?? options.snapshots
    }

    /// The folders to watch for goldens: the root and each folder in it (`Snapshots/ios`, ...).
    public nonisolated func goldensFolders() -> [String] {
        guard let root = goldens else { return [] }
        let subs = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted().compactMap {
            name -> String? in
            var isDir: ObjCBool = false
            let p = root + "/" + name
            return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue ? p : nil
        }
        return [root] + subs
    }

    /// Whether a changed path is a golden's (then only the groups are checked again, no frame is redrawn).
    nonisolated func isGolden(_ path: String) -> Bool {
        guard let root = goldens else { return false }
        return path == root || path.hasPrefix(root + "/")
    }
}

import Foundation
import Primitives
import RenderPipeline

/// Keeping a goldens folder in step with its sessions: which goldens a session produces, which files
/// no session produces any more (`render check --unused`), and which goldens an `--accept` names.
package enum GoldenMaintenance {
    /// The golden names a session produces: `NAME` for the final frame and `NAME@SNAP` for each named
    /// snapshot, as `SnapshotChecker` names them (replayed, not rendered).
    package static func goldenNames(session path: String, renderer: Renderer) throws -> [String] {
        let (session, _) = try renderer.load(path: path)
        var names: Set<String> = [SnapshotSettings.goldenName(session: path, snapshot: nil)]
        for c in renderer.replay(session).captures where c.kind == .snapshot {
            if let n = c.name, !n.isEmpty { names.insert(SnapshotSettings.goldenName(session: path, snapshot: n)) }
        }
        return names.sorted()
    }

    /// Goldens (`.png`), sidecars (`.json`), accessibility baselines (`NAME.a11y.json`, whether or
    /// not this run audits) and frames goldens (`NAME.frames/`) directly in `folder`
    /// whose name is none of `names`, sorted; other subfolders (themes, devices) are another run's business.
    /// An entry is judged by itself (`lstat`): a link is a file of the folder (deleting it removes
    /// the link, never what it points to) and is never a frames folder.
    package static func unused(in folder: String, names: Set<String>) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.sorted().filter { file in
            var st = stat()
            guard file != ".", file != "..", lstat(folder + "/" + file, &st) == 0 else { return false }
            // A frames golden (`NAME.frames/`, `--ticks`) belongs to the session NAME.
            if st.st_mode & S_IFMT == S_IFDIR {
                return file.hasSuffix(".frames") && !names.contains(String(file.dropLast(7)))
            }
            if file.hasSuffix(A11yBaseline.suffix) {
                return !names.contains(String(file.dropLast(A11yBaseline.suffix.count)))
            }
            let ext = (file as NSString).pathExtension
            guard ext == "png" || ext == "json" else { return false }
            return !names.contains((file as NSString).deletingPathExtension)
        }.map { folder + "/" + $0 }
    }

    /// The accept-filter entry that names a session's frames golden (`NAME.frames`).
    package static let framesMarker = ".frames"

    /// `--accept` names by session: `login-form@filled` -> ["login-form": ["filled"]], `login-form` ->
    /// ["login-form": [""]] (the final frame). No names: nil (every failing golden of the sessions).
    package static func acceptFilter(_ names: [String]) -> [String: Set<String>]? {
        guard !names.isEmpty else { return nil }
        var out: [String: Set<String>] = [:]
        for n in names {
            if n.hasSuffix(".frames") {  // the frames golden of `--ticks`
                out[String(n.dropLast(7)), default: []].insert(framesMarker)
            } else if let at = n.firstIndex(of: "@") {
                out[String(n[..<at]), default: []].insert(String(n[n.index(after: at)...]))
            } else {
                out[n, default: []].insert("")
            }
        }
        return out
    }

    /// Why an unused golden was not deleted: it is not directly in the goldens folder, or deleting it failed.
    package struct DeleteRefused: Error, CustomStringConvertible {
        package var description: String
    }

    /// Deletes `files` (what `unused` found in `folder`), each only when it is directly in the folder (a link
    /// goes, never what it points to); stops at the first refused or failed one.
    package static func delete(_ files: [String], of folder: String, each: (String) -> Void) throws {
        let goldens = ConfinedFolder(folder)
        for f in files {
            guard goldens.holds(f) else {
                throw DeleteRefused(description: "not deleting \(f): it is not inside \(folder)")
            }
            do { try remove(f) } catch { throw DeleteRefused(description: "cannot delete \(f): \(error)") }
            each(f)
        }
    }

    /// Deletes a file or frames folder of the goldens folder; a link is unlinked (its target stays).
    package static func remove(_ path: String) throws {
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            guard unlink(path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
        } else {
            try FileManager.default.removeItem(atPath: path)
        }
    }
}

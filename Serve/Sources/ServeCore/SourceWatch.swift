import Foundation

/// The app's sources for `--rebuild` (docs/serve.md "Restart on code edit"): each `--watch` folder and its
/// subfolders through the FileWatcher (inotify, folders, not files: editors save by a rename), a subfolder made
/// later included. Only sources count (`isSource`): the build's own outputs (objects, the binary, CMake's and
/// make's files) written into a watched folder would otherwise start the next build. Hidden folders (.git) and
/// build folders are not walked; at most `maxFolders` are watched (inotify's watches are a per-user limit).
final class SourceWatch: @unchecked Sendable {
    static let maxFolders = 4096
    static let extensions: Set<String> = [
        "c", "cc", "cpp", "cxx", "c++", "h", "hh", "hpp", "hxx", "h++", "ipp", "inl", "m", "mm", "cmake",
    ]
    static let names: Set<String> = ["CMakeLists.txt", "Makefile", "makefile", "GNUmakefile"]
    /// Folders not walked: the usual build folders (an in-tree build's thousands of folders of objects).
    static let skipped: Set<String> = ["build", "out", "node_modules", "CMakeFiles"]

    private var watcher: FileWatcher?
    private let lock = NSLock()
    private var watched = Set<String>()
    private let changed: @Sendable ([String]) -> Void
    /// Folders left unwatched past `maxFolders` (the page says so).
    private(set) var overflow = 0

    private init(changed: @escaping @Sendable ([String]) -> Void) { self.changed = changed }

    /// Watches `folders` and their subfolders; `changed` gets the sources saved, in bursts as the kernel
    /// reports them. Nil when inotify cannot be used.
    static func start(folders: [String], changed: @escaping @Sendable ([String]) -> Void) -> SourceWatch? {
        let s = SourceWatch(changed: changed)
        guard let w = FileWatcher(changed: { [weak s] paths in s?.report(paths) }) else { return nil }
        s.watcher = w
        for f in folders { s.walk(f) }
        w.start()
        return s
    }

    static func isSource(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard !name.hasPrefix(".") else { return false }  // an editor's swap or backup file
        return names.contains(name) || extensions.contains((name as NSString).pathExtension.lowercased())
    }

    private func report(_ paths: [String]) {
        var sources: [String] = []
        for p in paths {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue {
                walk(p)  // a folder made or moved in: its sources are watched from now on
            } else if Self.isSource(p) {
                sources.append(p)
            }
        }
        if !sources.isEmpty { changed(sources) }
    }

    /// Watches `folder` and the folders under it (breadth first, so a deep tree cannot take every watch).
    private func walk(_ folder: String) {
        var queue = [folder]
        while !queue.isEmpty {
            let f = queue.removeFirst()
            let name = (f as NSString).lastPathComponent
            if f != folder && (name.hasPrefix(".") || Self.skipped.contains(name)) { continue }
            // Watched again when seen again: a folder deleted and made anew lost its watch.
            let room = lock.withLock { () -> Bool in
                if !watched.contains(f) && watched.count >= Self.maxFolders {
                    overflow += 1
                    return false
                }
                watched.insert(f)
                return true
            }
            guard room else { return }
            watcher?.watch(f)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: f)) ?? [] {
                let p = (f as NSString).appendingPathComponent(entry)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue,
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: p)) == nil
                {
                    queue.append(p)
                }
            }
        }
    }

    var folderCount: Int { lock.withLock { watched.count } }
}

import Foundation

/// Size and modification time of one file (a folder is listed file by file). Polling these is
/// enough to notice an editor's save, needs no inotify, and works on every file system.
package struct FileStamp: Hashable, Sendable {
    package var size: UInt64
    package var modified: Double
}

package enum FileStamps {
    /// Stamps of every file under `paths` (files as themselves, folders recursively), keyed by path.
    /// A path that does not exist has no entry, so creating or deleting a file is a change too.
    package static func scan(_ paths: [String]) -> [String: FileStamp] {
        let fm = FileManager.default
        var out: [String: FileStamp] = [:]
        func add(_ p: String) {
            guard let a = try? fm.attributesOfItem(atPath: p) else { return }
            out[p] = FileStamp(
                size: (a[.size] as? NSNumber)?.uint64Value ?? 0,
                modified: (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        }
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { continue }
            if !isDir.boolValue {
                add(p)
                continue
            }
            // Sorted so the scan does not depend on directory order; capped so a huge folder cannot stall a poll.
            let names = ((try? fm.subpathsOfDirectory(atPath: p)) ?? []).sorted().prefix(20_000)
            for n in names { add(p + "/" + n) }
        }
        return out
    }
}

/// `render watch`: render once, then poll the watched files every `intervalMs` and render again
/// when any of them changes (after they stay unchanged for one more poll, so a save in progress is
/// not rendered half-written). A render that fails is reported and the loop keeps watching.
/// Time and files come in through closures, so tests drive it with a fake clock.
package struct WatchLoop {
    /// What one render reports: whether it wrote the picture, and one line for the log.
    package struct Result: Sendable {
        package var ok: Bool
        package var line: String
        package init(ok: Bool, line: String) {
            self.ok = ok
            self.line = line
        }
    }

    /// Poll period.
    package var intervalMs = 300
    /// Stop after this many renders (the first included); nil: until interrupted.
    package var maxRenders: Int?
    /// The paths to watch; asked again after each render (a session may name another assets folder).
    package var watched: () -> [String]
    /// Renders once.
    package var render: () -> Result
    /// Prints one line (with its own time stamp).
    package var log: (String) -> Void
    /// Waits `ms` milliseconds.
    package var sleep: (Int) -> Void
    /// The file stamps of paths (replaceable for tests).
    package var scan: ([String]) -> [String: FileStamp] = FileStamps.scan
    /// `HH:mm:ss.SSS` now, for the log lines.
    package var clock: () -> String = WatchLoop.wallClock

    package init(
        watched: @escaping () -> [String], render: @escaping () -> Result,
        log: @escaping (String) -> Void, sleep: @escaping (Int) -> Void
    ) {
        self.watched = watched
        self.render = render
        self.log = log
        self.sleep = sleep
    }

    /// Runs until `maxRenders` renders happened (forever without it). Returns (renders, failed renders).
    @discardableResult
    package func run() -> (renders: Int, failures: Int) {
        var renders = 0
        var failures = 0
        func once(_ why: String) {
            let r = render()
            renders += 1
            if !r.ok { failures += 1 }
            log("[\(clock())] \(why): \(r.line)")
        }
        var paths = watched()
        var last = scan(paths)
        once("rendered")
        while maxRenders.map({ renders < $0 }) ?? true {
            sleep(intervalMs)
            let now = scan(paths)
            guard now != last else { continue }
            // Changed: wait until two polls agree, so a file still being written is read whole.
            var settled = now
            for _ in 0..<10 {
                sleep(intervalMs)
                let again = scan(paths)
                if again == settled { break }
                settled = again
            }
            let what = Self.changed(last, settled)
            once("changed \(what)")
            paths = watched()
            last = scan(paths)
        }
        return (renders, failures)
    }

    /// `Examples/a.json` or `3 files` (the first changed path in sorted order, with a count).
    static func changed(_ a: [String: FileStamp], _ b: [String: FileStamp]) -> String {
        let keys = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        guard let first = keys.first else { return "files" }
        let gone = b[first] == nil ? " (removed)" : (a[first] == nil ? " (added)" : "")
        return keys.count == 1 ? first + gone : "\(first)\(gone) and \(keys.count - 1) more"
    }

    package static func wallClock() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "HH:mm:ss.SSS"
        return f.string(from: Date())
    }
}

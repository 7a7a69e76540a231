import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Folders watched through the kernel's file notifications (inotify(7)), not by polling: a
/// thread blocks in read(2) and calls `changed` with the full paths of files that were written and
/// closed, moved in, created or deleted. Folders are watched rather than files, because editors
/// save by writing a new file and renaming it over the old one (a watch on the old file's inode
/// would see nothing more). IN_MODIFY is not watched: a file is reported once it is closed, so a
/// half-written session is never rendered.
public final class FileWatcher: @unchecked Sendable {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    /// Folders to watch as soon as they appear (`watch(_:whenCreated:)`), by full path.
    private var wanted: Set<String> = []
    private let lock = NSLock()
    private let changed: @Sendable ([String]) -> Void

    public init?(changed: @escaping @Sendable ([String]) -> Void) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.changed = changed
    }

    /// Watches a folder (again: no-op); false when it cannot be watched (missing, unreadable).
    @discardableResult
    public func watch(_ folder: String) -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        let wd = inotify_add_watch(fd, folder, mask)
        guard wd >= 0 else { return false }
        lock.withLock { folders[wd] = folder }
        return true
    }

    /// Watches a folder that may not exist yet (the sessions' `assets/`): now if it exists, and
    /// again whenever it is created or moved into its parent, which must be watched. The parent's
    /// event for the new folder is reported only after the new watch is in place, so a caller that
    /// treats it as a change misses none of the files written into the folder since.
    public func watch(_ folder: String, whenCreated: Bool) {
        if whenCreated { lock.withLock { _ = wanted.insert(folder) } }
        watch(folder)
    }

    public func start() {
        let thread = Thread { [self] in self.loop() }
        thread.name = "render-serve.inotify"
        thread.start()
    }

    private func loop() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            var paths: [String] = []
            var at = 0
            while at + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.load(fromByteOffset: at, as: inotify_event.self)
                let nameStart = at + MemoryLayout<inotify_event>.size
                var name = ""
                if event.len > 0 {
                    let p = (buffer + nameStart).assumingMemoryBound(to: CChar.self)
                    name = String(cString: p)
                }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    lock.withLock { _ = folders.removeValue(forKey: event.wd) }  // the folder is gone
                } else if let folder = lock.withLock({ folders[event.wd] }) {
                    let path = name.isEmpty ? folder : (folder as NSString).appendingPathComponent(name)
                    let appeared = UInt32(IN_CREATE | IN_MOVED_TO)
                    if event.mask & UInt32(IN_ISDIR) != 0, event.mask & appeared != 0,
                        lock.withLock({ wanted.contains(path) })
                    {
                        watch(path)
                    }
                    paths.append(path)
                }
                at = nameStart + Int(event.len)
            }
            if !paths.isEmpty { changed(paths) }
        }
    }
}

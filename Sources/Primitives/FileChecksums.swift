import Foundation

/// SHA-256 of files, computed once per process and file version: the cache key is the path with
/// the file's size and modification time, so a font checked by every snapshot of a test run is
/// read and hashed once, and a file replaced under the same name is hashed again.
package enum FileChecksums {
    private struct Key: Hashable {
        var path: String
        var size: Int64
        var modified: Int64
    }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [Key: String] = [:]

    /// The file's sha256 as 64 hex digits; nil when it cannot be read.
    package static func sha256(ofFile path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if os(Linux)
            let mtime = st.st_mtim
        #else
            let mtime = st.st_mtimespec
        #endif
        let key = Key(
            path: path, size: Int64(st.st_size), modified: Int64(mtime.tv_sec) * 1_000_000_000 + Int64(mtime.tv_nsec))
        lock.lock()
        if let hit = cache[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let sum = SHA256.hex(Array(data))
        lock.lock()
        cache[key] = sum
        lock.unlock()
        return sum
    }
}

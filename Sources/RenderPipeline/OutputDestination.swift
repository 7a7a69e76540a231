import Foundation

/// Where an output path really leads, decided once for every file `render` writes (PNG, frames,
/// APNG, dumps, events, reports, goldens): standard output for `-`; the node itself for a character
/// device or a FIFO (written straight, never replaced: `-o /dev/null` stays a device); otherwise a
/// regular file replaced atomically — through a symlink that is the link's target, so the link stays.
package enum OutputDestination: Equatable {
    case standardOutput
    /// A character device or FIFO, opened for writing as it is (no create, no truncate, no rename).
    case stream(path: String)
    /// A regular file (or a new one): written to a temporary sibling of `target`, then renamed over it.
    case file(target: String)

    /// Most symlinks followed before giving up (as the kernel's own limit).
    static let maxLinks = 40

    package static func resolve(_ path: String) throws -> OutputDestination {
        if path == "-" { return .standardOutput }
        guard !path.isEmpty else { throw AtomicFile.WriteError(path: path, reason: "empty file name") }
        // An already open descriptor (`-o /dev/stdout > out.png`, bash's `>(...)`): written through,
        // even when it is a regular file — renaming over the file it names would leave the
        // descriptor, and the shell's redirection, pointing at the replaced inode.
        if ["/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/")
            || path.hasPrefix("/proc/self/fd/")
        {
            return .stream(path: path)
        }
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: return .file(target: try linkTarget(path))
            // The path itself, not the link's text: /dev/stdout and /dev/fd/N are links to names like
            // "pipe:[123]" that only open(2) understands.
            case S_IFCHR, S_IFIFO: return .stream(path: path)
            case S_IFDIR: throw AtomicFile.WriteError(path: path, reason: "it is a folder")
            case S_IFBLK:
                throw AtomicFile.WriteError(path: path, reason: "it is a block device; refusing to write over a disk")
            case S_IFSOCK: throw AtomicFile.WriteError(path: path, reason: "it is a socket")
            default: throw AtomicFile.WriteError(path: path, reason: "it is not a regular file")
            }
        }
        // Missing: a new file, or a dangling link whose target is to be created.
        return .file(target: try linkTarget(path))
    }

    /// The file a chain of symlinks at `path` ends at (`path` itself when it is no symlink).
    /// Relative link texts are read from the link's own folder.
    static func linkTarget(_ path: String) throws -> String {
        var current = path
        for _ in 0..<maxLinks {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buf, buf.count - 1)
            guard n > 0 else { return current }
            let text = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : AtomicFile.split(current).dir + "/" + text
        }
        throw AtomicFile.WriteError(path: path, reason: "too many levels of symbolic links")
    }
}

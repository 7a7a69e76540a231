import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a size-limited input is read (session files, assets, goldens, review images, theme
/// files; docs/limits.md, "Limits judged on what is read"): the file is opened, the limit is judged
/// on the opened file's own status (`fstat` of that descriptor: through every symlink, the file that
/// will be read), and the bytes come from that same descriptor. A link's own size (`lstat`) or a
/// `stat` of the path before opening it would judge another file than the one read (issue 44: a link
/// to a 1.5 GB file was read, peaking at 3.1 GB, before the refusal).
package enum LimitedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing at the path (or a dangling link).
        case noSuchFile
        /// A folder, or a socket: nothing a caller can mean as a file's bytes.
        case notAFile(String)
        /// Larger than the limit: `size` bytes by the opened file's status (or read from a pipe
        /// before it passed the limit), `limit` the most that is read.
        case tooLarge(size: Int, limit: Int)
        /// Opening or reading failed (permissions, I/O): the system's reason.
        case unreadable(String)

        package var description: String {
            switch self {
            case .noSuchFile: return "no such file"
            case .notAFile(let what): return "\(what), not a file"
            case .tooLarge(let size, let limit): return "the file is \(size) bytes; at most \(limit) are read"
            case .unreadable(let why): return "cannot read the file: \(why)"
            }
        }
    }

    /// The bytes of the file at `path`, at most `maxBytes`. A regular file larger than that is refused
    /// before a byte is read; a pipe or device is read up to `maxBytes` + 1 bytes, then refused, or,
    /// with `onlyRegular`, refused unread (a FIFO without a writer would block the read for good).
    package static func bytes(at path: String, maxBytes: Int, onlyRegular: Bool = false) throws -> [UInt8] {
        // Non-blocking open: a FIFO without a writer does not hang the open (cleared below).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            throw e == ENOENT || e == ENOTDIR ? Failure.noSuchFile : Failure.unreadable(String(cString: strerror(e)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure.unreadable(String(cString: strerror(errno))) }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: throw Failure.notAFile("a folder")
        case S_IFSOCK: throw Failure.notAFile("a socket")
        case S_IFREG:
            let size = Int(st.st_size)
            guard size <= maxBytes else { throw Failure.tooLarge(size: size, limit: maxBytes) }
            return try readAll(fd, expected: size, maxBytes: maxBytes)
        default:
            if onlyRegular { throw Failure.notAFile("a pipe or device") }
            // A pipe or character device (`<(cmd)`, /dev/stdin): its size is unknown until read.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return try readAll(fd, expected: 0, maxBytes: maxBytes)
        }
    }

    /// Reads to the end, never more than `maxBytes` + 1 bytes (a file that grows past the limit
    /// after `fstat` is refused as well).
    private static func readAll(_ fd: Int32, expected: Int, maxBytes: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(expected, maxBytes) + 1)
        var done = 0
        while true {
            if done == bytes.count {
                guard done <= maxBytes else { throw Failure.tooLarge(size: done, limit: maxBytes) }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 1 << 16), maxBytes + 1 - done))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure.unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            done += n
        }
        guard done <= maxBytes else { throw Failure.tooLarge(size: done, limit: maxBytes) }
        bytes.removeLast(bytes.count - done)
        return bytes
    }
}

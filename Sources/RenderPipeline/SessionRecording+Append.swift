import Foundation
import SessionFormat

/// A session file written again with more steps: what the last write left is copied, not encoded again.
extension SessionRecording {
    /// What the last `write` left at `path`: its header's bytes, how many entries it held, the bytes before
    /// its footer, and the file's identity then (a file replaced or edited since is written whole).
    struct WrittenFile {
        var path: String
        var header: [UInt8]
        var entries: Int
        var body: Int
        var identity: FileIdentity
    }

    /// Device, inode, size and modification time: the file is the one written when all four match.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        init?(path: String) {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            self.init(st)
        }

        init?(fd: Int32) {
            var st = stat()
            guard fstat(fd, &st) == 0 else { return nil }
            self.init(st)
        }

        private init?(_ st: stat) {
            guard st.st_mode & S_IFMT == S_IFREG else { return nil }
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
            size = Int64(st.st_size)
            seconds = Int(st.st_mtim.tv_sec)
            nanoseconds = Int(st.st_mtim.tv_nsec)
        }
    }

    /// Copies the first `last.body` bytes of the file `last` describes (its header and steps) into `stream`,
    /// 1 MiB at a time; false when the file is no longer the one written (nothing or part of it copied).
    static func copyWritten(_ last: WrittenFile, into stream: AtomicFileStream) -> Bool {
        let fd = open(last.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let size = Int64(last.body + SessionWriter.footer.count)
        guard FileIdentity(fd: fd) == last.identity, last.identity.size == size else { return false }
        var done = 0
        while done < last.body {
            var chunk = [UInt8](repeating: 0, count: min(1 << 20, last.body - done))
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            if n < chunk.count { chunk.removeLast(chunk.count - n) }
            guard (try? stream.write(chunk)) != nil else { return false }
            done += n
        }
        return true
    }
}

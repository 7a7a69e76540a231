import Foundation

/// Waits for a file to appear in a folder without polling: inotify wakes the test when the kernel
/// creates the entry, and a child's output pipe closing (end of file) says the child is gone
/// without making it. Set up before the child starts, so no creation can be missed.
final class CreationWatch {
    private let fd: Int32

    init(_ dir: String) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, dir, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: dir])
        }
    }

    deinit { close(fd) }

    /// True when an entry whose name starts with `prefix` is created; false when `output` (a pipe
    /// from the child) reaches its end first. The two minutes are a safety net for CI (a child
    /// that neither writes nor exits), not a measure of anything.
    func wait(prefix: String, orEndOf output: FileHandle) -> Bool {
        let pipe = output.fileDescriptor
        var events = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: pipe, events: Int16(POLLIN), revents: 0),
            ]
            let n = poll(&fds, 2, 120_000)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            if fds[0].revents != 0 {
                let got = events.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if got > 0 && Self.names(events, got).contains(where: { $0.hasPrefix(prefix) }) { return true }
            }
            if fds[1].revents != 0 {
                let got = events.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
                if got <= 0 { return false }  // the child is gone; what it printed does not matter
            }
        }
    }

    /// The names of the inotify events in the first `count` bytes (`struct inotify_event`: wd,
    /// mask, cookie, len, then `len` bytes of NUL-padded name).
    private static func names(_ buffer: [UInt8], _ count: Int) -> [String] {
        var out: [String] = []
        var at = 0
        let header = MemoryLayout<inotify_event>.size
        while at + header <= count {
            let len = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: at + 12, as: UInt32.self)) }
            let name = buffer[(at + header)..<min(count, at + header + len)].prefix { $0 != 0 }
            out.append(String(decoding: name, as: UTF8.self))
            at += header + len
        }
        return out
    }
}

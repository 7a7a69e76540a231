import Foundation

/// The pixel payloads of a live recording (`SessionRecording`), kept out of memory: each distinct
/// payload is written once to a temporary file and the recording holds only where it is. A
/// backend that runs for hours, handed a phone-sized surface every frame, would otherwise keep
/// every frame (600 frames of 1170 x 2532 px: 7 GB).
///
/// - Identical payloads (a canvas re-sent unchanged, the same icon for many views) are stored
///   once: found by a 64-bit content hash, confirmed byte for byte against the stored copy, so two
///   payloads are only ever shared when they are equal.
/// - The file is unlinked as soon as it is made: nothing is left on disk when the backend is
///   released, or when the process dies.
/// - When no temporary file can be made or written (no TMPDIR, a full disk), the payload is kept in
///   memory instead: the recording stays exact, and its budget (`SessionRecording.maxFileBytes`)
///   still bounds what it holds.
final class PayloadSpill {
    /// Where one payload is: `offset` in the file, or, for a negative offset, `memory[-offset - 1]`.
    struct Ref: Hashable {
        var offset: Int
        var count: Int
    }

    private var fd: Int32 = -1
    private var fileTried = false
    /// False after a write failed: later payloads stay in memory, those in the file stay readable.
    private var writable = true
    private var end = 0
    private var memory: [[UInt8]] = []
    /// Stored payloads by (content hash, byte count).
    private var index: [Key: [Ref]] = [:]
    private struct Key: Hashable {
        var hash: UInt64
        var count: Int
    }

    /// Bytes of distinct payloads in the temporary file.
    private(set) var diskBytes = 0
    /// Bytes of distinct payloads held in memory (none unless the file could not be used).
    private(set) var memoryBytes = 0
    /// Payloads stored so far, and how many of them were found already stored.
    private(set) var stored = 0
    private(set) var shared = 0
    /// Why the file could not be used, if it could not (shown by diagnostics, once).
    private(set) var fileProblem: String?

    deinit { if fd >= 0 { close(fd) } }

    struct SpillError: Error, CustomStringConvertible { var description: String }

    /// Stores `bytes` (or finds an equal payload stored before) and says where it is.
    func store(_ bytes: [UInt8]) -> Ref {
        stored += 1
        let key = Key(hash: Self.hash(bytes), count: bytes.count)
        for ref in index[key, default: []] where equals(ref, bytes) {
            shared += 1
            return ref
        }
        let ref = write(bytes)
        index[key, default: []].append(ref)
        return ref
    }

    /// The payload at `ref`.
    func load(_ ref: Ref) throws -> [UInt8] {
        if ref.offset < 0 { return memory[-ref.offset - 1] }
        var out = [UInt8](repeating: 0, count: ref.count)
        try out.withUnsafeMutableBytes { try readFully(into: $0, at: ref.offset) }
        return out
    }

    // MARK: - Internals

    private func write(_ bytes: [UInt8]) -> Ref {
        if writable && openFile() {
            let failure: Int32 = bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(end + done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    done += n
                }
                return 0
            }
            if failure == 0 {
                let ref = Ref(offset: end, count: bytes.count)
                end += bytes.count
                diskBytes += bytes.count
                return ref
            }
            // A full disk: this payload and later ones stay in memory (the file keeps what it
            // holds, still readable).
            fileProblem = "the recording's temporary file could not be written: \(String(cString: strerror(failure)))"
            writable = false
        }
        memory.append(bytes)
        memoryBytes += bytes.count
        return Ref(offset: -memory.count, count: bytes.count)
    }

    /// Makes the unlinked temporary file once; false when there is none.
    private func openFile() -> Bool {
        if fd >= 0 { return true }
        if fileTried { return false }
        fileTried = true
        let dir = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((dir + "/preview-renderer-recording-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            fileProblem = "no temporary file in \(dir): \(String(cString: strerror(errno)))"
            return false
        }
        // Unlinked at once: the space is freed when the descriptor closes (deinit or process exit).
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        fd = made
        return true
    }

    /// Whether the payload at `ref` holds exactly `bytes` (compared a chunk at a time).
    private func equals(_ ref: Ref, _ bytes: [UInt8]) -> Bool {
        guard ref.count == bytes.count else { return false }
        if ref.offset < 0 { return memory[-ref.offset - 1] == bytes }
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: min(chunk, max(1, bytes.count)))
        return bytes.withUnsafeBytes { mine in
            var at = 0
            while at < bytes.count {
                let n = min(chunk, bytes.count - at)
                let same: Bool = buffer.withUnsafeMutableBytes { buf in
                    guard
                        (try? readFully(into: UnsafeMutableRawBufferPointer(rebasing: buf[0..<n]), at: ref.offset + at))
                            != nil
                    else { return false }
                    return memcmp(buf.baseAddress!, mine.baseAddress! + at, n) == 0
                }
                if !same { return false }
                at += n
            }
            return true
        }
    }

    private func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw SpillError(
                    description: "the recording's temporary file could not be read: "
                        + (n == 0 ? "it ended early" : String(cString: strerror(errno))))
            }
            done += n
        }
    }

    /// A 64-bit content hash (multiply-rotate over 8-byte words, as `Bitmap.fingerprint`'s lanes):
    /// only to find candidates, which are then compared byte for byte.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        @inline(__always) func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                h = rotl(h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self), 29) &* 0x9E37_79B9_7F4A_7C15
            }
            for j in (words * 8)..<raw.count { h = rotl(h ^ UInt64(raw[j]), 29) &* 0x9E37_79B9_7F4A_7C15 }
        }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}

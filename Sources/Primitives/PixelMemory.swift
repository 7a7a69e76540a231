#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The check in front of every large pixel buffer (frames, canvas surfaces): Swift aborts the
/// process when an array cannot be allocated, so the memory is first asked of the kernel with an
/// anonymous `mmap` (what malloc does for buffers this large), which fails instead (an address-space
/// limit, `ulimit -v`, or overcommit refusing). A refusal is a thrown error: `render` exits 3 with
/// a message, never aborts. Not `malloc` + `free`: the optimizer may delete an allocation nobody uses.
package enum PixelMemory {
    package struct Failure: Error, CustomStringConvertible {
        package var bytes: Int
        package var what: String
        package init(bytes: Int, what: String) {
            self.bytes = bytes
            self.what = what
        }
        package var description: String { "cannot allocate \(bytes >> 20) MiB for \(what) (out of memory)" }
    }

    /// Buffers below this are not probed: a failure there would be a failure anywhere.
    static let probeFrom = 16 << 20

    /// Throws when `bytes` cannot be allocated now.
    package static func check(bytes: Int, for what: @autoclosure () -> String) throws {
        guard bytes >= probeFrom else { return }
        let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else { throw Failure(bytes: bytes, what: what()) }
        munmap(p, bytes)
    }
}

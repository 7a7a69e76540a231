import Foundation

/// Writes whole outputs so that readers never see a partial file (see `AtomicFileStream`, which does
/// the work: devices, FIFOs, `-`, symlinks and unique temporary names are decided there).
///
/// Plain POSIX calls on purpose: `FileManager.createFile` makes its own temporary file and renames
/// it (a second rename on top of ours) and copies the bytes into `Data` first, which cost about
/// 1.2 ms per PNG in a `render` process (Benchmarks/README.md).
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let stream = try AtomicFileStream(path: path)
        stream.reserve(bytes.count)
        try stream.write(bytes)
        try stream.commit()
    }

    /// Text, atomically.
    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    /// The folder part ("." for a bare name) and the file name of `path`.
    static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// Throws the message users see when the output folder is missing (or is not a folder).
    static func requireFolder(_ dir: String, for path: String) throws {
        var st = stat()
        guard stat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(path: path, reason: "folder \(dir) does not exist")
        }
    }
}

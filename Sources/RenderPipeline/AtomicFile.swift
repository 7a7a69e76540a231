import Foundation

/// Writes whole outputs so that readers never see a partial file (see `AtomicFileStream`, which does
/// the work: devices, FIFOs, `-`, symlinks and unique temporary names are decided there).
///
/// Plain POSIX calls on purpose: `FileManager.createFile` makes its own temporary file and renames
/// it (a second rename on top of ours) and copies the bytes into `Data` first, which cost about
/// 1.2 ms per PNG in a `render` process (Benchmarks/README.md).
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    package static func write(_ bytes: [UInt8], to path: String) throws {
        let stream = try AtomicFileStream(path: path)
        stream.reserve(bytes.count)
        try stream.write(bytes)
        try stream.commit()
    }

    /// Text, atomically.
    package static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    /// The folder part ("." for a bare name) and the file name of `path`.
    static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// Makes the output folder and its missing parents, as `mkdir -p` would (every output option of
    /// `render` writes into a folder that need not exist yet: `--report out/shard/check.json` on a fresh
    /// tree); throws the message users see when a path part is a file or the folder cannot be made.
    static func makeFolder(_ dir: String, for path: String) throws {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw WriteError(path: path, reason: "\(dir) is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            // Name the part in the way (a file where a folder belongs) rather than Foundation's wording.
            var part = dir
            while !part.isEmpty, part != "/", stat(part, &st) != 0 { part = split(part).dir }
            let reason =
                stat(part, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR
                ? "\(part) is not a folder" : "cannot create folder \(dir)"
            throw WriteError(path: path, reason: reason)
        }
    }
}

import Foundation

/// A file written piece by piece that readers only ever see whole: the pieces go to a temporary
/// sibling, renamed over the target by `commit()`; if the stream is dropped uncommitted (an
/// error on the way) the temporary file is removed and the target is left as it was.
public final class AtomicFileStream {
    public let path: String
    private let tmp: String
    private var handle: FileHandle?
    private var committed = false

    /// Creates the temporary file; the folder must exist.
    public init(path: String) throws {
        self.path = path
        let (dir, name) = AtomicFile.split(path)
        try AtomicFile.requireFolder(dir, for: path)
        tmp = dir + "/." + name + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: tmp, contents: nil), let h = FileHandle(forWritingAtPath: tmp) else {
            throw AtomicFile.WriteError(path: path, reason: "cannot create a file in \(dir)")
        }
        handle = h
    }

    deinit {
        if !committed {
            try? handle?.close()
            unlink(tmp)
        }
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws {
        guard let h = handle else { throw AtomicFile.WriteError(path: path, reason: "written after commit") }
        do { try h.write(contentsOf: Data(bytes)) } catch {
            throw AtomicFile.WriteError(path: path, reason: "\(error)")
        }
    }

    /// Closes the temporary file and renames it over `path`.
    public func commit() throws {
        guard let h = handle else { return }
        handle = nil
        try h.close()
        if rename(tmp, path) != 0 {
            let err = String(cString: strerror(errno))
            unlink(tmp)
            throw AtomicFile.WriteError(path: path, reason: err)
        }
        committed = true
    }
}

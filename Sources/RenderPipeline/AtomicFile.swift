import Foundation

/// Writes files so that readers never see a partial file: write a temporary sibling, then rename.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw WriteError(path: path, reason: "folder \(dir) does not exist")
        }
        let tmp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) else {
            throw WriteError(path: path, reason: "cannot create a file in \(dir)")
        }
        if rename(tmp, path) != 0 {
            let err = String(cString: strerror(errno))
            unlink(tmp)
            throw WriteError(path: path, reason: err)
        }
    }
    /// Text, atomically.
    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }
}

import Foundation

/// `render serve --app PATH --rebuild CMD [--watch DIR]... [--rebuild-timeout S]` (docs/serve.md "Restart on
/// code edit"): the command a save of a watched source runs, the folders watched, the build's time limit.
public struct RebuildOptions: Sendable, Equatable {
    /// Run with `/bin/sh -c` in the server's current folder.
    public var command: String?
    /// Folders watched with their subfolders; none given: the current folder.
    public var watch: [String] = []
    /// Seconds a build may take before it is ended with its whole process group.
    public var timeout = 600.0

    static let names: Set<String> = ["--rebuild", "--watch", "--rebuild-timeout"]

    public init() {}

    mutating func parse(_ name: String, _ value: String) throws {
        switch name {
        case "--rebuild":
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ServeError("--rebuild needs a command (e.g. --rebuild \"make -C build\")")
            }
            command = value
        case "--watch": watch.append(value)
        default:
            guard let t = Double(value), t.isFinite, (1...86400).contains(t) else {
                throw ServeError("--rebuild-timeout must be 1...86400 seconds, not \(value)")
            }
            timeout = t
        }
    }

    /// The folders to watch, checked: each must be a folder this user can read.
    func folders() throws -> [String] {
        let given = watch.isEmpty ? [FileManager.default.currentDirectoryPath] : watch
        return try given.map { f in
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue,
                access(f, R_OK | X_OK) == 0
            else { throw ServeError("--watch \(f): not a folder this user can read") }
            return SessionFolder.realPath(f) ?? f
        }
    }
}

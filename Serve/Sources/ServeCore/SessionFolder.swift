import Foundation

/// The sessions a server shows: the `*.json` files directly in one folder (expectation files
/// `*.expect.json` and the theme file left out), or one session file. The page names a session by
/// its file name; `path(of:)` accepts only a name the listing holds, so no request can reach a file
/// outside the folder: not with `..` or `%2e%2e` (a name has no slash), and not through a symbolic
/// link (the listing skips links and files whose real path is not directly in the folder).
public struct SessionFolder: Sendable {
    /// The folder, as its real path (links resolved).
    public let folder: String
    /// Only this file of the folder (`render serve SESSION.json`), or every session.
    public let only: String?
    /// A file of the folder that is not a session (the theme file, when it lives there).
    public let excluded: Set<String>

    public init(target: String, excluding: [String] = []) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDir) else {
            throw ServeError("\(target): no such file or folder")
        }
        let dir = isDir.boolValue ? target : (target as NSString).deletingLastPathComponent
        folder = Self.realPath(dir.isEmpty ? "." : dir) ?? dir
        only = isDir.boolValue ? nil : (target as NSString).lastPathComponent
        excluded = Set(excluding.map { (Self.realPath($0) ?? $0) })
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Whether `name` may be a session of this folder (before looking at the disk).
    public static func isSessionName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasSuffix(".expect.json") && !name.contains("/") && !name.hasPrefix(".")
            && name != ".json" && !name.contains("\0") && name.utf8.count <= 255
    }

    /// The session names, sorted.
    public func list() -> [String] {
        let names = only.map { [$0] } ?? ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        return names.filter { path(of: $0) != nil }.sorted()
    }

    /// The full path of a listed session; nil for any name that is not one (see the type's comment).
    public func path(of name: String) -> String? {
        guard Self.isSessionName(name), only == nil || only == name else { return nil }
        let full = (folder as NSString).appendingPathComponent(name)
        var st = stat()
        guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let real = Self.realPath(full), real == full, !excluded.contains(real) else { return nil }
        return full
    }
}

/// A message for the user: what went wrong and how to fix it.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
    public var exitCode: Int32
    public init(_ description: String, exitCode: Int32 = 64) {
        self.description = description
        self.exitCode = exitCode
    }
}

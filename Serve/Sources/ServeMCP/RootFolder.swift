import Foundation

/// `--root`: the folder every path a tool is given must stay inside, by the rules of `render`'s confined
/// folders (Sources/Primitives/ConfinedPaths.swift, docs/limits.md "File access"): a path is relative to the
/// root (or absolute and inside it), has no `.` or `..` part and no NUL, and its real path (links resolved)
/// is inside the root, so a link cannot lead out. What the tools write goes to `<root>/.render-mcp/`.
struct RootFolder: Sendable {
    /// The root's real path.
    let path: String
    /// The folder the tools write into (docs/mcp.md "Files").
    static let outName = ".render-mcp"
    var out: String { (path as NSString).appendingPathComponent(Self.outName) }

    init(_ given: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isDir), isDir.boolValue,
            let real = Self.realPath(given)
        else { throw ToolError("--root \(given): no such folder") }
        path = real
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    func contains(_ real: String) -> Bool { real == path || real.hasPrefix(path == "/" ? "/" : path + "/") }

    /// The full path of `given` inside the root (it need not exist yet); a ToolError says why not.
    func inside(_ given: String, what: String = "path") throws -> String {
        guard !given.isEmpty, !given.contains("\0"), given.utf8.count <= 4096 else {
            throw ToolError("\(what) \"\(given)\": not a path")
        }
        let parts = given.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw ToolError("\(what) \(given): a path may not have . or .. parts (paths stay inside --root \(path))")
        }
        let full = given.hasPrefix("/") ? given : (path as NSString).appendingPathComponent(given)
        // The deepest part that exists, by its real path: a link there may not lead out of the root.
        var probe = full
        var rest: [String] = []
        while Self.realPath(probe) == nil, probe != "/" {
            rest.insert((probe as NSString).lastPathComponent, at: 0)
            probe = (probe as NSString).deletingLastPathComponent
        }
        guard let real = Self.realPath(probe), contains(real) else {
            throw ToolError("\(what) \(given): outside --root \(path)")
        }
        return rest.reduce(real) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// An existing regular file inside the root.
    func file(_ given: String, what: String = "session") throws -> String {
        let full = try inside(given, what: what)
        var st = stat()
        guard stat(full, &st) == 0 else { throw ToolError("\(what) \(given): no such file under --root \(path)") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ToolError("\(what) \(given): not a file") }
        return full
    }

    /// An existing file or folder inside the root.
    func existing(_ given: String, what: String) throws -> String {
        let full = try inside(given, what: what)
        guard FileManager.default.fileExists(atPath: full) else {
            throw ToolError("\(what) \(given): no such file or folder under --root \(path)")
        }
        return full
    }

    /// A folder of `out` (made when missing).
    func outFolder(_ name: String) throws -> String {
        let dir = (out as NSString).appendingPathComponent(name)
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw ToolError("cannot create \(dir): \(error.localizedDescription)")
        }
        // Made by the tools, never the project's: git leaves the whole folder out.
        let ignore = (out as NSString).appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore) {
            try? Data("# written by render mcp (docs/mcp.md): its outputs, not the project's\n*\n".utf8).write(
                to: URL(fileURLWithPath: ignore))
        }
        return dir
    }

    /// The path as answers show it: relative to the root.
    func relative(_ full: String) -> String {
        full.hasPrefix(path + "/") ? String(full.dropFirst(path.count + 1)) : full
    }

    /// The sessions under the root (resources): `*.json` files but expectation files, at most `depth` folders
    /// down, skipping hidden folders (`.render-mcp` too) and `.build`; at most `limit`, sorted.
    func sessions(depth: Int = 3, limit: Int = 500) -> [String] {
        var out: [String] = []
        func walk(_ dir: String, _ level: Int) {
            guard out.count < limit,
                let names = try? FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            else { return }
            for n in names where !n.hasPrefix(".") && out.count < limit {
                let full = (dir as NSString).appendingPathComponent(n)
                var st = stat()
                guard lstat(full, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    if level < depth && n != "node_modules" { walk(full, level + 1) }
                } else if (st.st_mode & S_IFMT) == S_IFREG, n.hasSuffix(".json"), !n.hasSuffix(".expect.json") {
                    out.append(relative(full))
                }
            }
        }
        walk(path, 0)
        return out
    }
}

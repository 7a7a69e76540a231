import Foundation

/// Names that come from input (a session's name and snapshot names, names in a check report, theme
/// and device names, names through the C library) as file names: the one rule for every surface
/// that turns such a name into a file, so none of them can climb out of its folder
/// (docs/limits.md, "File access").
package enum FileNames {
    /// Longest name kept as it is, in UTF-8 bytes: room for the longest suffix a golden gets
    /// (`.frames-0000.diff.png`) and a temporary file's `.NAME.XXXXXX` within NAME_MAX (255).
    package static let maxBytes = 180

    /// `name` as one plain file name: `/`, `\`, NUL and the other control characters (and DEL) become
    /// `replacement`; "", "." and ".." become `replacement`s (never the folder or its parent); a name
    /// longer than `maxBytes` is cut at a character boundary and ends with `~` and 16 hex digits of
    /// the SHA-256 of the whole name, so two long names stay apart. A plain name is unchanged.
    package static func component(_ name: String, replacement: Character = "_") -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(name.unicodeScalars.count)
        for s in name.unicodeScalars {
            if s == "/" || s == "\\" || s.value < 0x20 || s.value == 0x7F {
                out.append(replacement)
            } else {
                out.unicodeScalars.append(s)
            }
        }
        if out.isEmpty || out == "." || out == ".." {
            return String(repeating: replacement, count: max(1, out.count))
        }
        guard out.utf8.count > maxBytes else { return out }
        let tag = "~" + SHA256.hex(Array(name.utf8)).prefix(16)
        var cut = ""
        for s in out.unicodeScalars {
            guard cut.utf8.count + String(s).utf8.count + tag.utf8.count <= maxBytes else { break }
            cut.unicodeScalars.append(s)
        }
        return cut + tag
    }

    /// True when `name` is already one plain file name (what `component` leaves unchanged).
    package static func isPlain(_ name: String) -> Bool { component(name) == name }
}

/// Why a path from input was refused.
package struct ConfinementError: Error, Hashable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    package var description: String { "\(path): \(reason)" }
}

/// A folder that paths from input must stay inside: goldens, failure images, a report's folder, a
/// shard's folder. A relative path is joined to the folder only when it has no absolute start, no
/// `.`/`..` part and no NUL; reading and writing also judge symlinks by their real path, so a link
/// that leads out of the folder is neither read (copied into a page) nor written through.
package struct ConfinedFolder: Sendable {
    /// The folder as given (paths built from it keep its spelling, for messages).
    package let path: String

    package init(_ path: String) {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        self.path = p.isEmpty ? "." : p
    }

    /// `folder/relative` for a relative path of plain parts (`img/x.png`, `NAME.frames/0003.png`).
    package func file(_ relative: String) throws -> String {
        guard !relative.isEmpty else { throw ConfinementError(path: relative, reason: "empty file name") }
        guard !relative.contains("\0") else {
            throw ConfinementError(path: relative, reason: "the name contains a NUL character")
        }
        guard !relative.hasPrefix("/"), !relative.hasPrefix("~") else {
            throw ConfinementError(path: relative, reason: "an absolute path; only names inside \(path) are allowed")
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw ConfinementError(path: relative, reason: "'..', '.' or an empty part; only names inside \(path)")
        }
        return path + "/" + relative
    }

    /// The part of `full` after this folder (`folder/a/b.png` -> `a/b.png`), nil when `full` is not
    /// spelt as a path inside it.
    package func relative(_ full: String) -> String? {
        let prefix = path == "/" ? "/" : path + "/"
        guard full.hasPrefix(prefix) else { return nil }
        // `folder/` given with its slash spells paths `folder//name`.
        let rest = String(full.dropFirst(prefix.count).drop { $0 == "/" })
        return (try? file(rest)) != nil ? rest : nil
    }

    /// The bytes of the regular file `relative` names, when its real path (every symlink resolved)
    /// lies inside the folder's real path; at most `maxBytes`.
    package func read(_ relative: String, maxBytes: Int = 256 << 20) throws -> [UInt8] {
        let joined = try file(relative)
        guard let root = Self.realPath(path) else {
            throw ConfinementError(path: path, reason: "the folder does not exist")
        }
        guard let real = Self.realPath(joined) else {
            throw ConfinementError(path: joined, reason: "no such file")
        }
        guard Self.isInside(real, root) else {
            throw ConfinementError(path: joined, reason: "a link to \(real), outside \(path); refused")
        }
        // Judged on the opened file and read from it (LimitedFile), regular files only.
        do { return try LimitedFile.bytes(at: real, maxBytes: maxBytes, onlyRegular: true) } catch let f
            as LimitedFile.Failure
        {
            switch f {
            case .notAFile: throw ConfinementError(path: joined, reason: "not a regular file")
            case .tooLarge(let size, _):
                throw ConfinementError(path: joined, reason: "\(size) bytes, more than \(maxBytes)")
            case .noSuchFile: throw ConfinementError(path: joined, reason: "no such file")
            case .unreadable(let why): throw ConfinementError(path: joined, reason: why)
            }
        }
    }

    /// `readIfPresent`: nil when nothing is there; a refusal (link out, not a file) still throws.
    package func readIfPresent(_ relative: String, maxBytes: Int = 256 << 20) throws -> [UInt8]? {
        let joined = try file(relative)
        var st = stat()
        guard lstat(joined, &st) == 0 else { return nil }
        // A dangling link is "not there" only when it would not lead out of the folder.
        if st.st_mode & S_IFMT == S_IFLNK, stat(joined, &st) != 0 {
            try checkWritable(joined)
            return nil
        }
        return try read(relative, maxBytes: maxBytes)
    }

    /// Throws unless writing `full` (a path inside this folder) stays inside it: the folder part
    /// must be this folder or below it, and a symlink at `full` must lead (through every link) to a
    /// place inside the folder's real path. A missing file is fine.
    package func checkWritable(_ full: String) throws {
        guard let rel = relative(full) else {
            throw ConfinementError(path: full, reason: "not inside \(path); refused")
        }
        let root = Self.realPath(path) ?? path
        // A folder on the way that is a link out (`folder/sub -> /etc`) leads out as well.
        if rel.contains("/"), let parent = Self.realPath((full as NSString).deletingLastPathComponent),
            parent != root, !Self.isInside(parent, root)
        {
            throw ConfinementError(path: full, reason: "its folder is \(parent), outside \(path); refused")
        }
        var st = stat()
        guard lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return }
        let target = Self.linkTarget(full)
        let folder = Self.realPath((target as NSString).deletingLastPathComponent)
        let leaf = (target as NSString).lastPathComponent
        guard let f = folder, Self.isInside(f + "/" + leaf, root), leaf != "..", leaf != "." else {
            throw ConfinementError(path: full, reason: "a link to \(target), outside \(path); not written through")
        }
    }

    /// True when `full` is spelt as a path inside the folder and its parent's real path is the
    /// folder's real path or below it (a name in it that is itself a link counts as inside: deleting
    /// it removes the link, not what it points to).
    package func holds(_ full: String) -> Bool {
        guard relative(full) != nil, let root = Self.realPath(path) else { return false }
        guard let parent = Self.realPath((full as NSString).deletingLastPathComponent) else { return false }
        return parent == root || Self.isInside(parent, root)
    }

    static func isInside(_ real: String, _ root: String) -> Bool {
        real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Where a chain of symlinks at `path` ends (relative link texts from the link's folder).
    static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buf, buf.count - 1)
            guard n > 0 else { return current }
            let text = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : (current as NSString).deletingLastPathComponent + "/" + text
        }
        return current
    }

    package static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

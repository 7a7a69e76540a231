import Foundation

/// Font folders are read like the assets folder (session-format.md, `fonts`: "Confined like
/// `assets`"): a font file is used only when it is a regular file whose real path lies inside the
/// folder's real path. A symlink leading elsewhere is refused; a FIFO, device or folder named `*.ttf`
/// is skipped before FreeType opens it (opening a FIFO would wait for a writer forever).
enum FontFolder {
    struct Refusal: Error {
        var message: String
        var isMissing = false
    }

    /// The real path of `name` in `folder`, or why it may not be read.
    static func check(_ name: String, in folder: String) -> Result<String, Refusal> {
        guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
            return .failure(Refusal(message: "font '\(name)': not a plain file name; refused"))
        }
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
        var st = stat()
        guard lstat(path, &st) == 0 else {
            return .failure(Refusal(message: "font '\(name)' not found in '\(folder)'", isMissing: true))
        }
        // The common case costs one lstat: a regular file directly in the folder cannot be outside it.
        if st.st_mode & S_IFMT == S_IFREG { return .success(path) }
        guard st.st_mode & S_IFMT == S_IFLNK else {
            return .failure(Refusal(message: "font '\(name)' in '\(folder)' is not a regular file; skipped"))
        }
        guard let root = realPath(folder), let real = realPath(path) else {
            return .failure(
                Refusal(message: "font '\(name)' in '\(folder)' is a broken symlink; skipped", isMissing: true))
        }
        guard real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return .failure(
                Refusal(
                    message:
                        "font '\(name)' resolves to '\(real)', outside the fonts folder '\(folder)' (symlink); refused")
            )
        }
        guard stat(real, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            return .failure(Refusal(message: "font '\(name)' in '\(folder)' is not a regular file; skipped"))
        }
        return .success(real)
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

import Foundation
import PNG
import Primitives
import SessionFormat

/// Why an asset or pixel buffer could not be used.
package struct ImageError: Error, Hashable, CustomStringConvertible {
    package var message: String
    /// Whether the image was refused for the render's image memory budget (diagnostic `budget`),
    /// not for its own content.
    package var isBudget = false
    package init(_ m: String, isBudget: Bool = false) {
        message = m
        self.isBudget = isBudget
    }
    package var description: String { message }
}

/// Loads PNG assets from the session's assets folder only (no `..`, absolute paths or symlinks out).
package struct AssetLoader: Sendable {
    package let assetsDirectory: String
    /// Pixels per dp of an asset without an `@Nx` suffix (semantics.md section 7 item 8).
    package let defaultDensity: Double
    /// Largest asset file read (bytes); judged on the opened file before reading (`LimitedFile`).
    package let maxFileSize: Int
    /// Largest asset side in pixels (docs/limits.md), as for packed images.
    package static let maxSide = 8192
    /// Most pixels in one asset (docs/limits.md).
    package static let maxPixels = 40_000_000

    /// Where decoded images are kept between loads (nil: every load decodes).
    let decoded: DecodedAssetCache?
    /// The assets folder's real path when the loader was made (nil: missing then; looked up again
    /// at each load). A session loads several assets; realpath reads every folder from / down.
    private let realRoot: String?

    package init(assetsDirectory: String, defaultDensity: Double = 3, maxFileSize: Int = 32 * 1024 * 1024) {
        self.init(
            assetsDirectory: assetsDirectory, defaultDensity: defaultDensity, maxFileSize: maxFileSize,
            decoded: .shared)
    }

    init(assetsDirectory: String, defaultDensity: Double, maxFileSize: Int, decoded: DecodedAssetCache?) {
        self.assetsDirectory = assetsDirectory
        self.defaultDensity = defaultDensity
        self.maxFileSize = maxFileSize
        self.decoded = decoded
        realRoot = Self.realPath(assetsDirectory)
    }

    /// Loads `name` as an image store entry (bitmap + density from the `@Nx` suffix). The file is
    /// read and checked every time; its pixels come from `DecodedAssetCache` when these same bytes
    /// were decoded before.
    package func load(_ name: String) throws -> ImageStore.Entry { try load(name, budget: nil) }

    /// `load(name)`, with its decoded pixels (width x height x 4 bytes, from the header, before
    /// decoding) reserved from `budget`'s image memory; refused (`isBudget`) when they do not fit.
    /// The reservation is the caller's to give back when the image is dropped.
    package func load(_ name: String, budget: RenderBudget?) throws -> ImageStore.Entry {
        let (path, bytes) = try read(name)
        guard let (w, h) = PNGCodec.size(of: bytes) else {
            throw ImageError("asset '\(name)' is not a PNG image (only PNG assets are supported)")
        }
        // The header's size is judged before libpng allocates anything (a decompression bomb is
        // a few bytes claiming 30000 x 30000).
        guard w <= Self.maxSide, h <= Self.maxSide, w * h <= Self.maxPixels else {
            throw ImageError(
                """
                asset '\(name)' is \(w)x\(h) pixels: too large (at most \(Self.maxSide) per side and \
                \(Self.maxPixels) in all)
                """
            )
        }
        // Counted whether or not the pixels come from the cache: the render holds them either way.
        if let budget, !budget.reserveImage(bytes: w * h * 4) {
            throw ImageError(
                """
                asset '\(name)' (\(w)x\(h) px, \((w * h * 4) >> 20) MiB decoded) does not fit the render's image \
                memory budget (\(budget.imageBytesLimit >> 20) MiB, \(budget.imageBytes >> 20) MiB in use, \
                docs/limits.md)
                """, isBudget: true)
        }
        do {
            let bitmap =
                try decoded?.bitmap(path: path, file: bytes, decode: { try PNGCodec.decode($0) })
                ?? PNGCodec.decode(bytes)
            return ImageStore.Entry(bitmap: bitmap, density: density(of: name))
        } catch {
            budget?.releaseImage(bytes: w * h * 4)
            throw ImageError("asset '\(name)' cannot be decoded: \(error)")
        }
    }

    /// The bytes of `name`, read only if it resolves to a regular file inside `assetsDirectory`.
    package func readFile(_ name: String) throws -> [UInt8] { try read(name).bytes }

    /// `readFile(name)` with the real path it was read from.
    func read(_ name: String) throws -> (path: String, bytes: [UInt8]) {
        let path = try resolve(name)
        // Judged on the opened file and read from it (LimitedFile), regular files only.
        do { return (path, try LimitedFile.bytes(at: path, maxBytes: maxFileSize, onlyRegular: true)) } catch let f
            as LimitedFile.Failure
        {
            switch f {
            case .tooLarge(let size, _):
                throw ImageError("asset '\(name)' is \(size) bytes, more than the \(maxFileSize)-byte limit")
            case .notAFile: throw ImageError("asset '\(name)' is not a regular file")
            case .noSuchFile, .unreadable: throw ImageError("asset '\(name)' cannot be read")
            }
        }
    }

    /// The real path of `name`, after checking it cannot leave the assets folder.
    package func resolve(_ name: String) throws -> String {
        guard !name.isEmpty else { throw ImageError("empty asset name") }
        guard !name.hasPrefix("/"), !name.hasPrefix("~") else {
            throw ImageError("asset '\(name)': absolute paths are not allowed; names are relative to the assets folder")
        }
        guard !name.contains("\0") else { throw ImageError("asset name contains a NUL character") }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0 == ".." }) else {
            throw ImageError("asset '\(name)': '..' is not allowed; assets are read only inside the assets folder")
        }
        guard let root = realRoot ?? Self.realPath(assetsDirectory) else {
            throw ImageError("assets folder '\(assetsDirectory)' does not exist")
        }
        if let plain = Self.plainPath(parts, under: root) { return plain }
        let joined = root + "/" + parts.joined(separator: "/")
        guard let real = Self.realPath(joined) else {
            throw ImageError("asset '\(name)' not found in '\(assetsDirectory)'")
        }
        // A symlink (the file or a folder on the way) may point anywhere: judge the real path.
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(prefix) else {
            throw ImageError("asset '\(name)' resolves to '\(real)', outside the assets folder (symlink); refused")
        }
        return real
    }

    /// Density for a file name: `@1x`/`@2x`/`@3x` before the extension, else the default.
    package func density(of name: String) -> Double {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        for (suffix, d) in [("@1x", 1.0), ("@2x", 2.0), ("@3x", 3.0)] where stem.lowercased().hasSuffix(suffix) {
            return d
        }
        return defaultDensity
    }

    /// `root/parts...` when every part exists and none is a symlink or "." (one lstat each): then
    /// that is already the real path, inside `root`, found without realpath's readlink of every
    /// folder from / down (9 calls for an asset in a folder four deep). nil: resolve it in full.
    static func plainPath(_ parts: [Substring], under root: String) -> String? {
        var path = root == "/" ? "" : root
        for part in parts {
            guard part != "." else { return nil }
            path += "/" + part
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT != S_IFLNK else { return nil }
        }
        return path
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

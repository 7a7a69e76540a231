import CairoFonts
import Foundation
import Primitives
import Styles

/// The bundled fonts (Fonts/) and the app's own, opened lazily through FreeType; never system fonts.
///
/// Start-up reads only `Fonts/fonts.lock` (file, family, weight, style per face); a face is opened
/// the first time a glyph, metric or drawing needs it. App fonts are scanned once (FreeType names
/// and OS/2 weights) and win over bundled families of the same name.
package final class FontLibrary: @unchecked Sendable {
    /// The family used when a requested one is unknown.
    package static let defaultFamily = "Roboto"

    /// One face file as listed by the lock (or found in the app folder).
    struct Entry {
        var path: String
        var faceIndex: Int
        var family: String
        var weight: Int
        var style: FontStyle
        var isColor: Bool
        /// The lock's sha256 for a file read from its Debian install path (Fonts/ lacks it): checked
        /// when the face is first opened. nil for files in the fonts folder and app fonts.
        var expectedSHA256: String? = nil
        /// The size in bytes the Debian package's lock gives for a file read from its Debian install path:
        /// checked instead of the sha256 (the package pinned the font package's version; parseLock).
        var expectedSize: Int? = nil
        /// Read from its Debian install path, named by the lock itself (not confined to the fonts folder).
        var fromInstallPath: Bool { expectedSHA256 != nil || expectedSize != nil }
    }

    let entries: [Entry]
    /// Normalized family name -> entry indices (app entries before bundled ones).
    let families: [String: [Int]]
    /// Display names of the families, sorted.
    package let familyNames: [String]

    private let lock = NSLock()
    private var opened: [Int: FontFace] = [:]
    private var failed: Set<Int> = []
    private var mismatched: Set<String> = []
    var clusterCache: [ClusterKey: FaceID] = [:]
    var resolved: [FontSpec: FaceID] = [:]
    var chains: [FontSpec: [FaceID]] = [:]
    /// One-scalar cluster faces per request (`ScalarFaces`).
    var scalarFaceTables: [FontSpec: ScalarFaces] = [:]
    /// Normalized names that are not a lock family, looked up among the faces' own family names
    /// (`Noto Sans CJK JP` for `Noto Sans CJK`): the lock family's indices, or nil when none matched.
    private var aliases: [String: [Int]?] = [:]

    /// `fontsDirectory`: the bundled Fonts/ folder; `appFontsDirectory`: a session's own fonts, used first.
    package init(fontsDirectory: String, appFontsDirectory: String? = nil) throws {
        guard !fontsDirectory.isEmpty else { throw FontLibraryError.noFolder }
        let lockPath = (fontsDirectory as NSString).appendingPathComponent("fonts.lock")
        guard let lockText = try? String(contentsOfFile: lockPath, encoding: .utf8) else {
            throw FontLibraryError.missingLock(lockPath)
        }
        var list = Self.parseLock(lockText, directory: fontsDirectory)
        // One lstat per face now gives a clear error instead of silently missing text later; the
        // bundled folder is confined like the app's (regular files, real path inside the folder).
        // A file read from its Debian install path (the lock's 8th column) is named by the lock itself
        // and checked by its sha256 (or the size the Debian package's lock gives) when first opened.
        var missing: [String] = []
        for i in list.indices where !list[i].fromInstallPath {
            let name = (list[i].path as NSString).lastPathComponent
            switch FontFolder.check(name, in: fontsDirectory) {
            case .success(let real): list[i].path = real
            case .failure(let reason): missing.append(reason.isMissing ? name : reason.message)
            }
        }
        guard missing.isEmpty, !list.isEmpty else {
            let packages = Self.lockPackages(lockText, files: Set(missing))
            throw FontLibraryError.missingFonts(directory: fontsDirectory, files: missing, packages: packages)
        }
        let bundledCount = list.count
        var appFaces: [Int: FontFace] = [:]
        var refused: [String] = []
        if let dir = appFontsDirectory {
            for (entry, face) in Self.scanAppFonts(dir, refused: &refused) {
                appFaces[list.count << 2] = face
                list.append(entry)
            }
        }
        entries = list
        var fam: [String: [Int]] = [:]
        // App faces first so that they are matched before bundled faces of the same family.
        for i in Array(bundledCount..<list.count) + Array(0..<bundledCount) {
            fam[Self.normalize(list[i].family), default: []].append(i)
        }
        families = fam
        var names: [String: String] = [:]
        for e in list { names[Self.normalize(e.family)] = e.family }
        familyNames = names.values.sorted()
        opened = appFaces
        refusedAppFonts = refused
    }

    /// Files of the app fonts folder that were not read, each with the reason (outside the folder
    /// through a symlink, not a regular file): reported by the renderer as warnings.
    package let refusedAppFonts: [String]

    /// Whether `family` names a bundled or app family (case-insensitive, ignoring spaces, `-`, `_`):
    /// by the project's short name (the lock's family) or by the font's own family name.
    package func hasFamily(_ family: String) -> Bool { candidates(family) != nil }

    /// The entries of `family`: the lock's (or an app font's) family of that name, else the family
    /// whose font calls itself so. Only families whose short name starts the requested name are
    /// opened to read their own names, so an unknown name opens no file.
    func candidates(_ family: String) -> [Int]? {
        let key = Self.normalize(family)
        if let hit = families[key] { return hit }
        if let known = withLock({ aliases[key] }) { return known }
        var found: [Int]? = nil
        for (short, indices) in families.sorted(by: { $0.key < $1.key }) where key.hasPrefix(short) {
            guard let first = indices.first,
                let f = face(FaceID(first << 2)), Self.normalize(f.familyName) == key
            else { continue }
            found = indices
            break
        }
        withLock { aliases[key] = found }
        return found
    }

    /// Faces opened so far (app faces are opened with the library; bundled faces when text first
    /// needs them), for start-up tests: opening the library reads `fonts.lock` and opens no face.
    package var openedFaceCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return opened.count
    }

    /// The face behind a FaceID (for drawing glyphs); nil when its file cannot be opened.
    package func face(_ id: FaceID) -> FontFace? {
        let entryIndex = id.index >> 2
        guard id.index >= 0, entryIndex < entries.count else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let f = opened[id.index] { return f }
        if failed.contains(id.index) { return nil }
        let e = entries[entryIndex]
        let differs =
            e.expectedSHA256.map { FileChecksums.sha256(ofFile: e.path) != $0 } == true
            || e.expectedSize.map { Self.fileSize(e.path) != $0 } == true
        if differs {
            // A system font package that changed since the lock was written would change the output.
            failed.insert(id.index)
            mismatched.insert(e.path)
            return nil
        }
        do {
            let f = try FontFace(
                path: e.path, faceIndex: e.faceIndex, syntheticBold: id.index & 1 != 0,
                syntheticOblique: id.index & 2 != 0)
            opened[id.index] = f
            return f
        } catch {
            failed.insert(id.index)
            return nil
        }
    }

    /// The face a request resolves to in its own family (the default family when unknown), with
    /// synthetic bold or oblique only where the family has no such face.
    package func resolve(_ spec: FontSpec) -> FaceID {
        if let hit = withLock({ resolved[spec] }) { return hit }
        let id =
            match(family: spec.family, weight: spec.weight, style: spec.style)
            ?? match(family: Self.defaultFamily, weight: spec.weight, style: spec.style) ?? FaceID(0)
        withLock {
            if resolved.count > 1000 { resolved.removeAll() }
            resolved[spec] = id
        }
        return id
    }

    /// Ascent (positive), descent (positive, below the baseline) and line gap of the resolved face at `size`.
    package func metrics(_ spec: FontSpec, size: Double) -> (ascent: Double, descent: Double, lineGap: Double) {
        guard let f = face(resolve(spec)) else { return (size * 0.93, size * 0.24, 0) }
        let m = f.metrics(size: size)
        return (m.ascent, -m.descent, m.lineGap)
    }

    /// Whether a face is a colour (emoji) face, known from the lock without opening it.
    package func isColorFace(_ id: FaceID) -> Bool {
        let i = id.index >> 2
        return i >= 0 && i < entries.count && entries[i].isColor
    }

    /// The file a face is read from (absolute or relative to the working folder).
    package func file(of id: FaceID) -> String? {
        let i = id.index >> 2
        return i >= 0 && i < entries.count ? entries[i].path : nil
    }

    /// The size of a file in bytes (one stat), nil when it cannot be read.
    static func fileSize(_ path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    /// Font files that were refused because they differ from `fonts.lock`, sorted.
    package var refusedFiles: [String] { withLock { mismatched.sorted() } }

    /// The display name and file of a face (for dumps and diagnostics).
    package func describe(_ id: FaceID) -> String {
        let i = id.index >> 2
        guard i >= 0, i < entries.count else { return "face#\(id.index)" }
        let e = entries[i]
        var s = "\(e.family) \(e.weight)\(e.style == .normal ? "" : " " + e.style.rawValue)"
        if id.index & 1 != 0 { s += " synthetic-bold" }
        if id.index & 2 != 0 { s += " synthetic-oblique" }
        return s
    }

    /// Picks a face of `family` as CSS font matching does: style first, then the nearest weight.
    func match(family: String, weight: Int, style: FontStyle) -> FaceID? {
        guard let candidates = candidates(family), !candidates.isEmpty else { return nil }
        let styleOrder: [FontStyle]
        switch style {
        case .normal: styleOrder = [.normal, .oblique, .italic]
        case .italic: styleOrder = [.italic, .oblique, .normal]
        case .oblique: styleOrder = [.oblique, .italic, .normal]
        }
        for s in styleOrder {
            let group = candidates.filter { entries[$0].style == s }
            guard !group.isEmpty else { continue }
            let best = FontMatching.nearestWeight(group.map { entries[$0].weight }, desired: weight)
            let entryIndex = group.first { entries[$0].weight == best }!
            let e = entries[entryIndex]
            var flags = 0
            if !e.isColor {
                if weight >= 600 && e.weight < 600 { flags |= 1 }
                if style != .normal && e.style == .normal { flags |= 2 }
            }
            return FaceID(entryIndex << 2 | flags)
        }
        return nil
    }

    /// Lower case without spaces, hyphens and underscores: "Noto-Sans-CJK" == "noto sans cjk".
    static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    // Caches guarded by the same lock (used by the fallback code in FontFallback.swift).
    func withLock<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Why a font library cannot be set up.
package enum FontLibraryError: Error, CustomStringConvertible {
    case missingLock(String)
    /// No folder was given and none was found (`BundledFonts`).
    case noFolder
    /// `packages`: the Debian packages that hold the missing files (from the lock).
    case missingFonts(directory: String, files: [String], packages: [String])
    package var description: String {
        switch self {
        case .noFolder: return "fonts: " + BundledFonts.notFoundMessage
        case .missingLock(let p):
            return
                """
                fonts: cannot read \(p): pass the bundled fonts folder of a PreviewRenderer checkout (it holds \
                fonts.lock)
                """
        case .missingFonts(let dir, let files, let packages):
            if files.isEmpty { return "fonts: \(dir)/fonts.lock lists no faces" }
            let install =
                packages.isEmpty
                ? "run scripts/fonts.sh in the PreviewRenderer checkout"
                : "run: sudo apt-get install \(packages.joined(separator: " "))"
            return
                """
                fonts: \(files.count) bundled font files are neither in \(dir) nor at their Debian install paths \
                (\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", ..." : "")); \(install)
                """
        }
    }
}

import CairoFonts
import Foundation
import Styles

/// CSS font matching rules that do not depend on the library's state.
enum FontMatching {
    /// The weight CSS Fonts 4 picks among `available` for `desired`: for 400..500, heavier up to
    /// 500, then lighter, then heavier; below 400, lighter then heavier; above 500, heavier then lighter.
    static func nearestWeight(_ available: [Int], desired: Int) -> Int {
        let ws = Array(Set(available)).sorted()
        guard !ws.isEmpty else { return desired }
        if ws.contains(desired) { return desired }
        let lighter = ws.filter { $0 < desired }.reversed()
        let heavier = ws.filter { $0 > desired }
        if desired >= 400 && desired <= 500 {
            if let w = heavier.first(where: { $0 <= 500 }) { return w }
            if let w = lighter.first { return w }
            return heavier.first!
        }
        if desired < 400 { return lighter.first ?? heavier.first! }
        return heavier.first ?? lighter.first!
    }
}

extension FontLibrary {
    /// Entries of `fonts.lock`: `sha256 file family weight style faceIndex package [source [size]]`, `-`
    /// for spaces in family names. A file missing from `directory` is read from `source`, its Debian
    /// install path, when that exists, so a package that depends on this one renders without copying
    /// fonts: checked against the sha256 when first opened; or, when the line has a size (the Debian
    /// package's lock: scripts/deb-fonts compared the sha256 when the package was built and pinned the
    /// font package's exact version, so dpkg put those very bytes there), by its size alone, one stat
    /// instead of hashing megabytes in every process (docs/decisions/2026-12-07-fonts-from-debian-packages.md).
    static func parseLock(_ text: String, directory: String) -> [Entry] {
        var out: [Entry] = []
        // Split as bytes: Character splitting and replacingOccurrences cost 4 M instructions per start.
        for line in text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let f = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { String(decoding: $0, as: UTF8.self) }
            guard f.count >= 6, !f[0].hasPrefix("#"), let weight = Int(f[3]), let index = Int(f[5]) else { continue }
            let style = FontStyle(rawValue: f[4].lowercased()) ?? .normal
            let family = String(
                decoding: f[2].utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            var path = (directory as NSString).appendingPathComponent(f[1])
            var expected: String? = nil
            var size: Int? = nil
            if f.count >= 8, !FileManager.default.fileExists(atPath: path), FileManager.default.fileExists(atPath: f[7])
            {
                path = f[7]
                if f.count >= 9, let bytes = Int(f[8]) { size = bytes } else { expected = f[0] }
            }
            out.append(
                Entry(
                    path: path, faceIndex: index, family: family, weight: weight, style: style,
                    isColor: family.lowercased().contains("emoji"), expectedSHA256: expected, expectedSize: size))
        }
        return out
    }

    /// The Debian packages (the lock's 7th column) that hold `files`, sorted.
    static func lockPackages(_ text: String, files: Set<String>) -> [String] {
        var out: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let f = line.split(separator: " ")
            if f.count >= 7, !f[0].hasPrefix("#"), files.contains(String(f[1])) { out.insert(String(f[6])) }
        }
        return out.sorted()
    }

    /// The faces of the app's font folder (.ttf, .otf, .ttc; sorted by name), read with FreeType.
    /// Read like assets (FontFolder): only regular files whose real path lies inside the folder; the
    /// others are skipped with a message in `refused` (a FIFO named *.ttf would block FreeType forever).
    static func scanAppFonts(_ directory: String, refused: inout [String]) -> [(Entry, FontFace)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var out: [(Entry, FontFace)] = []
        for name in names.sorted() {
            let ext = (name as NSString).pathExtension.lowercased()
            guard ["ttf", "otf", "ttc", "otc"].contains(ext) else { continue }
            let path: String
            switch FontFolder.check(name, in: directory) {
            case .success(let real): path = real
            case .failure(let reason):
                refused.append(reason.message)
                continue
            }
            guard let first = try? FontFace(path: path) else { continue }
            for index in 0..<min(first.faceCount, 64) {
                guard let face = index == 0 ? first : try? FontFace(path: path, faceIndex: index),
                    !face.familyName.isEmpty
                else { continue }
                let style: FontStyle =
                    face.isItalic ? (name.lowercased().contains("oblique") ? .oblique : .italic) : .normal
                out.append(
                    (
                        Entry(
                            path: path, faceIndex: index, family: face.familyName, weight: face.weightClass,
                            style: style, isColor: face.isColor), face
                    ))
            }
        }
        return out
    }
}

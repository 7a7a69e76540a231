import Foundation
import Primitives
import Styles
import Testing

@testable import TextLayout

/// A dependency's checkout has only `Fonts/fonts.lock`: the files come from the lock's install paths,
/// checked by sha256; a changed file is refused; with neither, one message names the command to run.
struct BundledFontsTests {
    /// A fonts folder holding only a lock whose entries point at `source` (standing for the Debian
    /// install paths) for each file; `sums` overrides a file's recorded sha256; `sizes` gives each line a
    /// 9th column, the size in bytes (as the Debian package's lock has: scripts/deb-fonts).
    func checkoutLikeFolder(
        source: (String) -> String, sums: [String: String] = [:], sizes: ((String) -> Int)? = nil
    ) throws -> String {
        let dir = NSTemporaryDirectory() + "fonts-fallback-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let lock = try String(contentsOfFile: TestFonts.directory + "/fonts.lock", encoding: .utf8)
        var lines: [String] = []
        for line in lock.split(separator: "\n") {
            var f = line.split(separator: " ").map(String.init)
            if f.first?.hasPrefix("#") ?? true || f.count < 8 {
                lines.append(String(line))
                continue
            }
            f[0] = sums[f[1]] ?? f[0]
            f[7] = source(f[1])
            if let sizes { f = Array(f.prefix(8)) + [String(sizes(f[1]))] }
            lines.append(f.joined(separator: " "))
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/fonts.lock", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func filesMissingFromTheFolderAreReadFromTheirInstallPaths() throws {
        let dir = try checkoutLikeFolder(source: { TestFonts.directory + "/" + $0 })
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lib = try FontLibrary(fontsDirectory: dir)
        let id = lib.resolve(FontSpec(family: "Roboto", weight: 400))
        #expect(lib.file(of: id) == TestFonts.directory + "/Roboto-Regular.ttf")
        #expect(lib.face(id) != nil)
        #expect(lib.refusedFiles.isEmpty)
    }

    @Test func aFileThatDiffersFromTheLockIsRefused() throws {
        let dir = try checkoutLikeFolder(
            source: { TestFonts.directory + "/" + $0 },
            sums: ["Roboto-Regular.ttf": String(repeating: "0", count: 64)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lib = try FontLibrary(fontsDirectory: dir)
        let id = lib.resolve(FontSpec(family: "Roboto", weight: 400))
        #expect(lib.face(id) == nil)
        #expect(lib.refusedFiles == [TestFonts.directory + "/Roboto-Regular.ttf"])
        #expect(lib.face(lib.resolve(FontSpec(family: "Roboto", weight: 700))) != nil)  // others still open
    }

    /// The Debian package's lock (a size column): the file is checked by its size, not hashed, so a file of
    /// the lock's size with other bytes is accepted (dpkg vouches for them), and one of another size refused.
    @Test func aLockWithSizesChecksTheSizeInsteadOfTheHash() throws {
        let size = { (name: String) -> Int in
            let attributes = try? FileManager.default.attributesOfItem(atPath: TestFonts.directory + "/" + name)
            return (attributes?[.size] as? Int) ?? -1
        }
        let dir = try checkoutLikeFolder(
            source: { TestFonts.directory + "/" + $0 },
            sums: ["Roboto-Regular.ttf": String(repeating: "0", count: 64)],
            sizes: { $0 == "Roboto-Bold.ttf" ? size($0) + 1 : size($0) })
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lib = try FontLibrary(fontsDirectory: dir)
        let regular = lib.resolve(FontSpec(family: "Roboto", weight: 400))
        #expect(lib.file(of: regular) == TestFonts.directory + "/Roboto-Regular.ttf")
        #expect(lib.face(regular) != nil)  // a wrong sha256 is not looked at: the size matches
        #expect(lib.face(lib.resolve(FontSpec(family: "Roboto", weight: 700))) == nil)
        #expect(lib.refusedFiles == [TestFonts.directory + "/Roboto-Bold.ttf"])
    }

    @Test func withNeitherTheErrorNamesTheCommandToRun() throws {
        let dir = try checkoutLikeFolder(source: { "/nonexistent/" + $0 })
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            _ = try FontLibrary(fontsDirectory: dir)
            Issue.record("expected an error")
        } catch let e as FontLibraryError {
            let text = e.description
            #expect(
                text.contains(
                    """
                    run: sudo apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk \
                    fonts-noto-color-emoji fonts-noto-core fonts-roboto-unhinted
                    """
                ))
            #expect(text.contains("Roboto-Thin.ttf"))
        }
    }

    @Test func theDefaultFolderIsFoundWithNoArgument() {
        #expect(
            BundledFonts.defaultDirectory(environment: [:]).map {
                FileManager.default.fileExists(atPath: $0 + "/fonts.lock")
            } == true)
        #expect(
            BundledFonts.defaultDirectory(environment: ["PREVIEW_RENDERER_FONTS": TestFonts.directory])
                == TestFonts.directory)
        #expect(FontLibraryError.noFolder.description.contains("PREVIEW_RENDERER_FONTS"))
    }

    /// An installed `render` (`make install`, the Debian package) reads PREFIX/share/preview-renderer/fonts,
    /// found from its own folder, before any checkout's Fonts/; the environment still comes first.
    @Test func anInstalledExecutableReadsTheInstalledFonts() throws {
        let prefix = NSTemporaryDirectory() + "prefix-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let fonts = prefix + "/" + BundledFonts.installedFonts
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        let render = prefix + "/bin/render"
        #expect(BundledFonts.defaultDirectory(environment: [:], executable: render) != fonts)  // no lock yet
        _ = FileManager.default.createFile(atPath: fonts + "/fonts.lock", contents: Data("# lock\n".utf8))
        #expect(BundledFonts.defaultDirectory(environment: [:], executable: render) == fonts)
        let env = ["PREVIEW_RENDERER_FONTS": TestFonts.directory]
        #expect(BundledFonts.defaultDirectory(environment: env, executable: render) == TestFonts.directory)
    }
}

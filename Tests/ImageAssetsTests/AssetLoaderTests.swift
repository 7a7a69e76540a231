import Foundation
import Primitives
import Testing

@testable import ImageAssets

/// The loader reads only inside its folder, caps file sizes, and reads densities from names.
struct AssetLoaderTests {
    /// A temp assets folder with a real PNG, a sub-folder, a text file, and symlinks in and out.
    func makeFolder() throws -> (root: String, assets: String) {
        let root = try TestBuffers.tempFolder("assets")
        let assets = root + "/assets"
        let fm = FileManager.default
        try fm.createDirectory(atPath: assets + "/sub", withIntermediateDirectories: true)
        let png = try Data(contentsOf: URL(fileURLWithPath: TestBuffers.examplesAssets + "/test.png"))
        try png.write(to: URL(fileURLWithPath: assets + "/icon@2x.png"))
        try png.write(to: URL(fileURLWithPath: assets + "/sub/deep.png"))
        try png.write(to: URL(fileURLWithPath: root + "/secret.png"))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: assets + "/notes.png"))
        try fm.createSymbolicLink(atPath: assets + "/out.png", withDestinationPath: root + "/secret.png")
        try fm.createSymbolicLink(atPath: assets + "/outdir", withDestinationPath: root)
        try fm.createSymbolicLink(atPath: assets + "/alias.png", withDestinationPath: "sub/deep.png")
        return (root, assets)
    }

    @Test func loadsPNGWithDensity() throws {
        let (root, assets) = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = AssetLoader(assetsDirectory: assets)
        let e = try loader.load("icon@2x.png")
        #expect(e.bitmap.width == 72 && e.density == 2)
        #expect(e.size == Size(width: 36, height: 36))
        #expect(try loader.load("sub/deep.png").density == 3)
        // A symlink that stays inside the folder is fine.
        #expect(try loader.load("alias.png").bitmap.height == 72)
    }

    @Test(arguments: [
        "../secret.png", "sub/../../secret.png", "out.png", "outdir/secret.png", "/etc/passwd", "missing.png", "",
    ])
    func refusesEscapesAndMissingFiles(_ name: String) throws {
        let (root, assets) = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = AssetLoader(assetsDirectory: assets)
        let e = #expect(throws: ImageError.self) { try loader.load(name) }
        if name.contains("..") { #expect(e?.message.contains("..") == true) }
        if name.hasPrefix("/") { #expect(e?.message.contains("absolute") == true) }
        if name.hasPrefix("out") { #expect(e?.message.contains("outside the assets folder") == true) }
    }

    @Test func refusesNonPNGAndOversizedFiles() throws {
        let (root, assets) = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let notPNG = #expect(throws: ImageError.self) { try AssetLoader(assetsDirectory: assets).load("notes.png") }
        #expect(notPNG?.message.contains("not a PNG") == true)
        let big = #expect(throws: ImageError.self) {
            try AssetLoader(assetsDirectory: assets, maxFileSize: 100).load("icon@2x.png")
        }
        #expect(big?.message.contains("limit") == true)
        #expect(throws: ImageError.self) { try AssetLoader(assetsDirectory: assets).load("sub") }
    }

    /// Names without links are resolved by one lstat per part, names through links by realpath:
    /// either way the path is the real one (it keys the decoded-image cache), also when the assets
    /// folder itself is reached through a symlink.
    @Test func resolvedPathsAreRealPaths() throws {
        let (root, assets) = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/linked-assets", withDestinationPath: assets)
        for folder in [assets, root + "/linked-assets", root + "/./assets"] {
            let loader = AssetLoader(assetsDirectory: folder)
            for name in ["icon@2x.png", "sub/deep.png", "sub//deep.png", "./icon@2x.png", "alias.png", "sub"] {
                let real = try #require(AssetLoader.realPath(assets + "/" + name))
                #expect(try loader.resolve(name) == real, "\(name) in \(folder)")
            }
        }
    }

    @Test func missingAssetsFolderIsAnError() {
        let e = #expect(throws: ImageError.self) {
            try AssetLoader(assetsDirectory: "/nonexistent/h7/assets").load("a.png")
        }
        #expect(e?.message.contains("does not exist") == true)
    }

    @Test(arguments: [
        ("photo@2x.png", 2.0), ("a/b@3x.png", 3), ("x@1x.PNG", 1), ("x.png", 3), ("x@2x", 2), ("x@4x.png", 3),
        ("@2x.dir/x.png", 3),
    ])
    func densityFromSuffix(_ c: (String, Double)) {
        #expect(AssetLoader(assetsDirectory: "/").density(of: c.0) == c.1)
    }

    @Test func themeCanSetTheDefaultDensity() {
        #expect(AssetLoader(assetsDirectory: "/", defaultDensity: 2).density(of: "x.png") == 2)
    }
}

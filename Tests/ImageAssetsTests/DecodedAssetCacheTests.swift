import Foundation
import PNG
import Primitives
import Testing

@testable import ImageAssets

/// Decoded assets are kept between loads (and sessions) only while the file holds the very bytes
/// they were decoded from: a changed file, even of the same size and time stamp, is decoded again.
struct DecodedAssetCacheTests {
    /// A PNG of `w` x `h` pixels of one colour.
    func png(_ w: Int, _ h: Int, blue: UInt8) throws -> Data {
        var px = [UInt8]()
        for _ in 0..<(w * h) { px += [blue, 0, 0, 255] }
        return Data(try PNGCodec.encode(Bitmap(width: w, height: h, pixels: px)))
    }

    @Test func reusesPixelsOnlyWhileTheFileIsUnchanged() throws {
        let root = try TestBuffers.tempFolder("decoded-assets")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/icon@3x.png"
        let cache = DecodedAssetCache()
        let loader = AssetLoader(assetsDirectory: root, defaultDensity: 3, maxFileSize: 1 << 20, decoded: cache)
        try png(4, 4, blue: 10).write(to: URL(fileURLWithPath: file))
        let first = try loader.load("icon@3x.png")
        #expect(first.bitmap.pixels[0] == 10 && first.density == 3)
        #expect(cache.count == 1)
        #expect(try loader.load("icon@3x.png") == first)

        // Same size, same modification time, other pixels: the bytes differ, so it is decoded again.
        let stamp = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        try png(4, 4, blue: 200).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: file)
        let second = try loader.load("icon@3x.png")
        #expect(second.bitmap.pixels[0] == 200)
        #expect(second.bitmap == (try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: file))))))
        #expect(cache.count == 1)

        // Another size is decoded too; a broken file is refused as before and leaves no entry behind.
        try png(2, 3, blue: 7).write(to: URL(fileURLWithPath: file))
        #expect(try loader.load("icon@3x.png").bitmap.height == 3)
        var broken = [UInt8](try png(2, 3, blue: 7))
        broken.removeSubrange(40..<broken.count)
        try Data(broken).write(to: URL(fileURLWithPath: file))
        #expect(throws: ImageError.self) { try loader.load("icon@3x.png") }
        #expect(cache.count == 0)
    }

    @Test func twoNamesOfOneFileKeepTheirOwnDensities() throws {
        let root = try TestBuffers.tempFolder("decoded-assets-names")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try png(6, 6, blue: 1).write(to: URL(fileURLWithPath: root + "/a@2x.png"))
        try FileManager.default.createSymbolicLink(atPath: root + "/b.png", withDestinationPath: "a@2x.png")
        let cache = DecodedAssetCache()
        let loader = AssetLoader(assetsDirectory: root, defaultDensity: 3, maxFileSize: 1 << 20, decoded: cache)
        #expect(try loader.load("a@2x.png").density == 2)
        #expect(try loader.load("b.png").density == 3)
        #expect(cache.count == 1)
    }

    @Test func startsAgainPastItsByteLimit() throws {
        let cache = DecodedAssetCache(byteLimit: 1000)
        let small = Bitmap(width: 8, height: 8)  // 256 bytes of pixels
        for i in 0..<5 {
            _ = try cache.bitmap(path: "/p\(i)", file: [UInt8(i)], decode: { _ in small })
        }
        #expect(cache.count <= 3)
        // An image larger than the whole limit is decoded but not kept.
        _ = try cache.bitmap(path: "/big", file: [9], decode: { _ in Bitmap(width: 20, height: 20) })
        #expect(try cache.bitmap(path: "/big", file: [9], decode: { _ in Bitmap(width: 1, height: 1) }).width == 1)
    }
}

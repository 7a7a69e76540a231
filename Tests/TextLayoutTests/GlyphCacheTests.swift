import Foundation
import Testing

@testable import CairoFonts

/// The per-face cache of rendered glyph images (`GlyphCache`): every key finds what was filed
/// under it, through growth and the restart at the limit, and a face hands out one image per key.
@Suite struct GlyphCacheTests {
    static func image(_ tag: Int) -> GlyphImage { GlyphImage(mask: nil, color: nil, left: tag, top: 0) }

    @Test func keysOfDifferentGlyphsSizesAndPhasesDiffer() throws {
        var seen = Set<UInt64>()
        for id: UInt32 in [0, 1, 2, (1 << 22) - 1] {
            for size64 in [0, 1, 64 * 15, (1 << 37) - 1] {
                for quarter in -8...8 {
                    let key = try #require(GlyphCache.pack(id: id, size64: size64, quarter: quarter))
                    #expect(seen.insert(key).inserted, "key \(key) twice")
                    #expect(key != UInt64.max)
                }
            }
        }
    }

    @Test func keysThatDoNotFitAreRefused() {
        #expect(GlyphCache.pack(id: 1 << 22, size64: 64, quarter: 0) == nil)
        #expect(GlyphCache.pack(id: 5, size64: 1 << 37, quarter: 0) == nil)
        #expect(GlyphCache.pack(id: 5, size64: -1, quarter: 0) == nil)
        #expect(GlyphCache.pack(id: 5, size64: 64, quarter: 9) == nil)
        #expect(GlyphCache.pack(id: 5, size64: 64, quarter: -9) == nil)
    }

    /// Thousands of keys (the table grows from 64 slots several times) each find their own image,
    /// and keys never filed find nothing.
    @Test func everyFiledKeyFindsItsImageThroughGrowth() throws {
        let cache = GlyphCache()
        var filed: [(UInt64, GlyphImage)] = []
        for n in 0..<3000 {
            let key = try #require(GlyphCache.pack(id: UInt32(n % 700), size64: 640 + n / 700 * 64, quarter: n % 3 - 1))
            #expect(cache[key] == nil)
            let image = Self.image(n)
            cache.insert(image, for: key)
            filed.append((key, image))
        }
        #expect(cache.count == 3000)
        for (key, image) in filed { #expect(cache[key] === image) }
        #expect(cache[try #require(GlyphCache.pack(id: 701, size64: 640, quarter: 0))] == nil)
    }

    /// At the limit the cache starts again from empty, then fills as before.
    @Test func theCacheStartsAgainAtItsLimit() throws {
        let cache = GlyphCache()
        for n in 0..<GlyphCache.limit {
            cache.insert(Self.image(n), for: try #require(GlyphCache.pack(id: UInt32(n), size64: 64, quarter: 0)))
        }
        #expect(cache.count == GlyphCache.limit)
        let late = try #require(GlyphCache.pack(id: 9999, size64: 64, quarter: 0))
        cache.insert(Self.image(-1), for: late)
        #expect(cache.count == 1)
        #expect(cache[late]?.left == -1)
        #expect(cache[try #require(GlyphCache.pack(id: 0, size64: 64, quarter: 0))] == nil)
    }

    @Test func theSizeOfTheLastRunIsRemembered() {
        let cache = GlyphCache()
        var computed = 0
        let body: (Double) -> Int = {
            computed += 1
            return Int($0 * 64)
        }
        #expect(cache.size64(15, body) == 960)
        #expect(cache.size64(15, body) == 960)
        #expect(cache.size64(16, body) == 1024)
        #expect(cache.size64(.nan, { _ in 7 }) == 7)
        #expect(cache.size64(.nan, { _ in 8 }) == 8)  // NaN is never "the same size"
        #expect(computed == 2)
    }

    /// A face renders a glyph once per (size, phase) and hands out that image again; another phase
    /// or size is another image.
    @Test func aFaceRendersEachGlyphOncePerSizeAndPhase() throws {
        let face = try FontFace(path: TestFonts.directory + "/Roboto-Regular.ttf")
        let a = face.glyphIndex(0x61)
        let first = try #require(face.glyphImage(a, pixelSize: 45, quarter: 1))
        #expect(face.glyphImage(a, pixelSize: 45, quarter: 1) === first)
        #expect(face.glyphImage(a, pixelSize: 45, quarter: 2) !== first)
        #expect(face.glyphImage(a, pixelSize: 46, quarter: 1) !== first)
        #expect(face.glyphImage(a, pixelSize: 45, quarter: 1) === first)
        #expect(face.glyphCache.count == 3)
    }
}

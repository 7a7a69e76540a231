import Foundation
import Testing

@testable import CairoFonts

/// The auto-hinter's map from glyphs to scripts, completed from GSUB as Chromium's FreeType (built
/// with HarfBuzz) does: glyphs only shaping reaches are hinted with their script's blue zones.
@Suite struct AutohintCoverageTests {
    static func face(_ file: String) throws -> FontFace {
        try FontFace(path: TestFonts.directory + "/" + file)
    }

    /// The glyph GSUB picks for the short i before क (the arch spans one consonant) is not in the
    /// character map, and is hinted as Devanagari like क itself.
    @Test func devanagariVowelSignVariantsGetDevanagariStyle() throws {
        let face = try Self.face("NotoSansDevanagari-Regular.ttf")
        let shaped = Shaper.shape("कि की", face: face, size: 1000)
        let shortI = shaped.ids[0]
        let longI = shaped.ids[4]  // visual order: i, ka, space, ka, ii
        #expect(
            shortI != face.glyphIndex(0x93F) && longI != face.glyphIndex(0x940),
            "expected GSUB variants, got \(shaped.ids)")
        let ka = try #require(face.autohintStyle(of: face.glyphIndex(0x915)))
        #expect(face.autohintStyle(of: shortI) == ka)
        #expect(face.autohintStyle(of: longI) == ka)
        // The nukta is in the character map but outside FreeType's Devanagari ranges; GSUB reaches it.
        #expect(face.autohintStyle(of: face.glyphIndex(0x93C)) == ka)
    }

    /// Hinted with the headline's blue zone, the variant's arch ends on the same pixel rows as the
    /// character map's short i at 54 px (18 dp at 3x); with the fallback style it ended 1 px lower.
    @Test func variantArchIsHintedLikeTheMappedVowelSign() throws {
        let face = try Self.face("NotoSansDevanagari-Regular.ttf")
        let variant = Shaper.shape("कि", face: face, size: 1000).ids[0]
        let a = try #require(face.glyphImage(variant, pixelSize: 54, quarter: 0)?.mask)
        let b = try #require(face.glyphImage(face.glyphIndex(0x93F), pixelSize: 54, quarter: 0)?.mask)
        #expect(
            face.glyphImage(variant, pixelSize: 54, quarter: 0)?.top
                == face.glyphImage(face.glyphIndex(0x93F), pixelSize: 54, quarter: 0)?.top)
        func inkRows(_ m: CairoMask) -> [Int] {
            m.withPixels { p, stride in
                (0..<m.height).map { y in (0..<m.width).reduce(0) { $0 + Int(p[y * stride + $1]) } }
            }
        }
        #expect(Array(inkRows(a).prefix(6)) == Array(inkRows(b).prefix(6)))
    }

    /// The map is completed only when a glyph FreeType left on its fallback style is drawn: Latin
    /// text and mapped Devanagari letters leave it alone (no cost), the vowel-sign variant does not.
    @Test func completionWaitsForAnUnassignedGlyph() throws {
        func completed(_ face: FontFace) -> Bool {
            face.lock.lock()
            defer { face.lock.unlock() }
            if case .done = face.autohintCoverage { return true }
            return false
        }
        let roboto = try Self.face("Roboto-Regular.ttf")
        for c in "Waffle, AV, fi 0123".unicodeScalars {
            _ = roboto.glyphImage(roboto.glyphIndex(c.value), pixelSize: 30, quarter: 0)
        }
        #expect(!completed(roboto))
        let deva = try Self.face("NotoSansDevanagari-Regular.ttf")
        _ = deva.glyphImage(deva.glyphIndex(0x915), pixelSize: 54, quarter: 0)
        #expect(!completed(deva))
        let variant = Shaper.shape("कि", face: deva, size: 1000).ids[0]
        _ = deva.glyphImage(variant, pixelSize: 54, quarter: 0)
        #expect(completed(deva))
    }

    /// Glyphs the character map already places keep FreeType's style; a CFF face (hinted by
    /// FreeType's CFF engine, not the auto-hinter) is left alone.
    @Test func mappedGlyphsAndCFFFacesAreUntouched() throws {
        let roboto = try Self.face("Roboto-Regular.ttf")
        let a = try #require(roboto.autohintStyle(of: roboto.glyphIndex(0x61)))
        #expect(roboto.autohintStyle(of: roboto.glyphIndex(0x7A)) == a)
        let cjk = try Self.face("NotoSansCJK-Regular.ttc")
        #expect(cjk.autohintStyle(of: cjk.glyphIndex(0x4E2D)) == nil)
    }
}

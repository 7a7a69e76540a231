import CFreeType
import CHarfBuzz
import Foundation
import Primitives

/// One font face (a file and face index) opened through FreeType, with a HarfBuzz face for shaping.
///
/// FreeType reads the file through its memory-mapped stream and HarfBuzz maps it too, so opening is
/// cheap. Each face owns its FreeType library: FreeType objects are not thread-safe, and a lock per
/// face lets different faces render on different threads.
package final class FontFace: @unchecked Sendable {
    package let path: String
    package let faceIndex: Int
    /// Synthetic emboldening (CSS bold requested, but the family has no bold face).
    package let syntheticBold: Bool
    /// Synthetic slant (italic requested, but the family has no italic or oblique face).
    package let syntheticOblique: Bool

    /// Design units per em (from `head`, which bitmap-only faces also have).
    package let unitsPerEm: Int
    /// hhea ascender in design units (positive, above the baseline).
    package let ascender: Int
    /// hhea descender in design units (negative, below the baseline).
    package let descender: Int
    /// hhea line gap in design units.
    package let lineGap: Int
    /// `post` underline position in design units (negative = below the baseline).
    package let underlinePosition: Int
    /// `post` underline thickness in design units.
    package let underlineThickness: Int
    /// OS/2 weight class (400 when the table is missing).
    package let weightClass: Int
    /// True when the face is italic or oblique by its own flags.
    package let isItalic: Bool
    /// The family name stored in the face.
    package let familyName: String
    /// How many faces the file holds (collections such as .ttc hold several).
    package let faceCount: Int
    /// Whether the face draws colour bitmaps (CBDT emoji) instead of outlines.
    package let isColor: Bool
    /// Pixels per em of the colour strike (0 for outline faces).
    package let strikePixelSize: Double

    let library: OpaquePointer
    let ft: FT_Face
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    /// Guards the FreeType face and the glyph cache (FreeType is not thread-safe).
    let lock = NSLock()
    let glyphCache = GlyphCache()
    var charCache: [UInt32: Bool] = [:]
    /// Where completing the auto-hinter's glyph-to-style map stands (AutohintCoverage.swift).
    var autohintCoverage = AutohintCoverageState.unknown

    /// Opens face `faceIndex` of the font file at `path`.
    package init(path: String, faceIndex: Int = 0, syntheticBold: Bool = false, syntheticOblique: Bool = false) throws {
        self.path = path
        self.faceIndex = faceIndex
        self.syntheticBold = syntheticBold
        self.syntheticOblique = syntheticOblique
        var lib: OpaquePointer?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw NativeError.freetype("cannot initialise FreeType") }
        var face: FT_Face?
        let err = FT_New_Face(lib, path, FT_Long(faceIndex), &face)
        guard err == 0, let face else {
            FT_Done_FreeType(lib)
            throw NativeError.freetype("cannot open font \(path) (face \(faceIndex)): error \(err)")
        }
        library = lib
        ft = face

        let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self).pointee
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let upem = Int(face.pointee.units_per_EM)
        unitsPerEm = upem > 0 ? upem : Int(head?.Units_Per_EM ?? 2048)
        if let h = hhea, h.Ascender != 0 || h.Descender != 0 {
            ascender = Int(h.Ascender)
            descender = Int(h.Descender)
            lineGap = Int(h.Line_Gap)
        } else if let o = os2, o.sTypoAscender != 0 || o.sTypoDescender != 0 {
            // Some app fonts leave hhea empty; FreeType (and so Chromium) then use OS/2.
            ascender = Int(o.sTypoAscender)
            descender = Int(o.sTypoDescender)
            lineGap = Int(o.sTypoLineGap)
        } else {
            ascender = Int(face.pointee.ascender)
            descender = Int(face.pointee.descender)
            lineGap = 0
        }
        faceCount = max(1, Int(face.pointee.num_faces))
        underlinePosition = Int(post?.underlinePosition ?? FT_Short(-unitsPerEm / 10))
        underlineThickness = max(1, Int(post?.underlineThickness ?? FT_Short(unitsPerEm / 20)))
        weightClass = os2.map { Int($0.usWeightClass) } ?? 400
        isItalic = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC)) != 0
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        isColor = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 && face.pointee.num_fixed_sizes > 0
        if isColor, let sizes = face.pointee.available_sizes {
            strikePixelSize = Double(sizes[0].y_ppem) / 64
        } else {
            strikePixelSize = 0
        }

        // HarfBuzz maps the file itself; positions come from its own OpenType functions (linear
        // design-unit metrics, like Chromium's subpixel-positioned text).
        let blob = hb_blob_create_from_file(path)
        hbFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        hbFont = hb_font_create(hbFace)
        hb_ot_font_set_funcs(hbFont)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ft)
        FT_Done_FreeType(library)
    }

    /// Whether the face maps `codepoint` to a real glyph (not .notdef).
    package func hasGlyph(_ codepoint: UInt32) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = charCache[codepoint] { return known }
        let has = FT_Get_Char_Index(ft, FT_ULong(codepoint)) != 0
        if charCache.count > 8192 { charCache.removeAll(keepingCapacity: true) }
        charCache[codepoint] = has
        return has
    }

    /// The glyph id of `codepoint` (0 when missing).
    package func glyphIndex(_ codepoint: UInt32) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        return UInt32(FT_Get_Char_Index(ft, FT_ULong(codepoint)))
    }

    /// Ascender, descender (negative) and line gap scaled to `size` (px or dp per em).
    package func metrics(size: Double) -> (ascent: Double, descent: Double, lineGap: Double) {
        let k = size / Double(unitsPerEm)
        return (Double(ascender) * k, Double(descender) * k, Double(lineGap) * k)
    }

    /// The CSS "normal" line height at `size`: hhea ascender - descender + lineGap.
    package func normalLineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * size / Double(unitsPerEm)
    }
}

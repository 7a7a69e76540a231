import CHarfBuzz
import Primitives

/// An ISO 15924 script as a HarfBuzz tag (`Latn`, `Arab`, ...).
package struct ScriptTag: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    /// From a four-letter tag such as "Latn".
    package init(_ tag: String) {
        var v: UInt32 = 0
        for b in tag.utf8.prefix(4) { v = (v << 8) | UInt32(b) }
        rawValue = v
    }
    package static let common = ScriptTag("Zyyy")
    package static let inherited = ScriptTag("Zinh")
    package static let unknown = ScriptTag("Zzzz")
    /// True for Common and Inherited, which take the script of their neighbours.
    package var isWeak: Bool { self == .common || self == .inherited || self == .unknown }
    package var description: String {
        String(decoding: [24, 16, 8, 0].map { UInt8((rawValue >> UInt32($0)) & 0xff) }, as: UTF8.self)
    }
}

/// Glyphs from shaping one run, in visual order (left to right even for RTL runs).
package struct ShapedGlyphs: Hashable, Sendable {
    /// Glyph ids in the face.
    package var ids: [UInt32]
    /// For each glyph, the index of the first character of its cluster in the text passed to `shape`.
    package var clusters: [Int]
    /// Advances along x, in the units of the size passed to `shape` (px or dp).
    package var advances: [Double]
    /// Offsets from the pen position: x right, y DOWN.
    package var xOffsets: [Double]
    package var yOffsets: [Double]
    /// Whether breaking the text before this glyph's cluster needs reshaping (HarfBuzz UNSAFE_TO_BREAK).
    package var unsafeToBreak: [Bool]
    package init(
        ids: [UInt32] = [], clusters: [Int] = [], advances: [Double] = [], xOffsets: [Double] = [],
        yOffsets: [Double] = [], unsafeToBreak: [Bool] = []
    ) {
        self.ids = ids
        self.clusters = clusters
        self.advances = advances
        self.xOffsets = xOffsets
        self.yOffsets = yOffsets
        self.unsafeToBreak = unsafeToBreak
    }
    /// Total advance.
    package var width: Double { advances.reduce(0, +) }
    /// The same glyphs at `factor` times the size.
    package func scaled(by factor: Double) -> ShapedGlyphs {
        var s = self
        s.advances = advances.map { $0 * factor }
        s.xOffsets = xOffsets.map { $0 * factor }
        s.yOffsets = yOffsets.map { $0 * factor }
        return s
    }
}

/// HarfBuzz shaping (kerning and ligatures on, as OpenType's defaults) and Unicode script lookup.
package enum Shaper {
    /// Shapes `text[range]` (UTF-32 code points) with the rest of `text` as context (so Arabic joins
    /// across a cut), in `face` at `size` units per em. Clusters index into `text`.
    package static func shape(
        _ text: [UInt32], range: Range<Int>, face: FontFace, size: Double,
        rightToLeft: Bool, script: ScriptTag, language: String? = nil
    ) -> ShapedGlyphs {
        guard !range.isEmpty else { return ShapedGlyphs() }
        let buf = hb_buffer_create()
        defer { hb_buffer_destroy(buf) }
        text.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buf, p.baseAddress, Int32(p.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buf, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buf, hb_script_t(rawValue: script.rawValue))
        if let language { hb_buffer_set_language(buf, hb_language_from_string(language, -1)) }
        hb_buffer_set_cluster_level(buf, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_shape(face.hbFont, buf, nil, 0)

        var n: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buf, &n)
        let positions = hb_buffer_get_glyph_positions(buf, &n)
        let count = Int(n)
        // The font's scale is its units per em: positions are exact design units.
        let k = size / Double(face.unitsPerEm)
        // A colour bitmap face advances by whole pixels of its strike, scaled (as Skia measures
        // bitmap glyphs, from the strike's metrics): 2550 units at 109 ppem is 136 px, not 135.7.
        let strike = face.isColor && face.strikePixelSize > 0 ? face.strikePixelSize : 0
        func advance(_ units: Int32) -> Double {
            guard strike > 0 else { return Double(units) * k }
            return (Double(units) * strike / Double(face.unitsPerEm)).rounded() * size / strike
        }
        var out = ShapedGlyphs()
        out.ids.reserveCapacity(count)
        out.clusters.reserveCapacity(count)
        out.advances.reserveCapacity(count)
        out.xOffsets.reserveCapacity(count)
        out.yOffsets.reserveCapacity(count)
        out.unsafeToBreak.reserveCapacity(count)
        for i in 0..<count {
            let info = infos![i]
            let pos = positions![i]
            out.ids.append(info.codepoint)
            out.clusters.append(Int(info.cluster))
            out.advances.append(advance(pos.x_advance))
            out.xOffsets.append(Double(pos.x_offset) * k)
            out.yOffsets.append(-Double(pos.y_offset) * k)
            var inf = info
            out.unsafeToBreak.append(
                (hb_glyph_info_get_glyph_flags(&inf).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0)
        }
        return out
    }

    /// Shapes a whole string (convenience for canvas text and tests).
    package static func shape(
        _ string: String, face: FontFace, size: Double, rightToLeft: Bool = false,
        script: ScriptTag? = nil, language: String? = nil
    ) -> ShapedGlyphs {
        let text = string.unicodeScalars.map(\.value)
        let s = script ?? text.lazy.map(Self.script(of:)).first { !$0.isWeak } ?? ScriptTag("Latn")
        return shape(
            text, range: 0..<text.count, face: face, size: size, rightToLeft: rightToLeft, script: s,
            language: language)
    }

    /// The Unicode script of one code point (Common / Inherited for shared characters).
    package static func script(of codepoint: UInt32) -> ScriptTag {
        ScriptTag(rawValue: hb_unicode_script(hb_unicode_funcs_get_default(), codepoint).rawValue)
    }
}

import NativeGraphics
import Primitives
import Styles

/// One run of text: same span, face, bidi level and script; shaped once, in em units.
struct PreparedRun {
    var range: Range<Int>
    var span: Int
    var face: FaceID
    var level: UInt8
    var script: ScriptTag
    /// Glyphs at size 1; clusters are relative to `range.lowerBound`.
    var shaped: ShapedGlyphs
    var rightToLeft: Bool { level % 2 == 1 }
}

/// Text itemized and shaped, independent of size and width: the part of layout that min-scale
/// steps and repeated measurements share.
struct PreparedText {
    /// Code points of the whole text (`\n` for every hard break; tabs as spaces; controls removed).
    var scalars: [UInt32] = []
    /// Span index of each code point.
    var span: [Int] = []
    /// Whether each code point starts a grapheme cluster (lines never break inside one).
    var graphemeStart: [Bool] = []
    /// UAX #14 break opportunity after each code point.
    var breakAfter: [LineBreaker.Break] = []
    /// The text between hard breaks (without the `\n`).
    var hardLines: [Range<Int>] = []
    /// Paragraph direction, from the first strong character of the whole text.
    var rightToLeft = false
    var runs: [PreparedRun] = []
    /// Advance of each code point in em units (a cluster's advance sits on its first code point).
    var advance: [Double] = []
    /// Run index of each code point (-1 for `\n`).
    var runOf: [Int] = []

    /// Whether `c` hangs at the end of a line (kept as typed, but not counted in its width).
    static func isHangingSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x1680 || (0x2000...0x2006).contains(c) || (0x2008...0x200A).contains(c)
            || c == 0x205F || c == 0x3000
    }

    /// Whether justification may widen `c` (word separators).
    static func isJustifiable(_ c: UInt32) -> Bool { c == 0x20 || c == 0xA0 || c == 0x3000 }
}

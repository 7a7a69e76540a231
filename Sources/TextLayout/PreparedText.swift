import CairoFonts
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

    /// Scripts whose letters join (their shape depends on the neighbours, even across a run).
    static let joiningScripts: Set<ScriptTag> = Set(
        ["Arab", "Syrc", "Nkoo", "Mong", "Mand", "Adlm", "Rohg", "Phag"].map(ScriptTag.init))
    /// How many characters of context HarfBuzz looks at on each side (HB_BUFFER_CONTEXT_LENGTH).
    static let contextLength = 5

    /// The text to shape `r` with: for joining scripts `r` with up to five characters either side
    /// in the same hard line, else `r` alone (so that runs of other scripts share cache entries);
    /// `offset` is the index of the first of them.
    func shapingContext(_ r: Range<Int>, script: ScriptTag) -> (text: [UInt32], offset: Int) {
        guard Self.joiningScripts.contains(script) else { return (Array(scalars[r]), r.lowerBound) }
        var lo = r.lowerBound
        var hi = r.upperBound
        while lo > 0, r.lowerBound - lo < Self.contextLength, scalars[lo - 1] != 0x0A { lo -= 1 }
        while hi < scalars.count, hi - r.upperBound < Self.contextLength, scalars[hi] != 0x0A { hi += 1 }
        return (Array(scalars[lo..<hi]), lo)
    }

    /// The shaping context of `cut`, a part of the run `r`: what `shapingContext(r, script:)` gives,
    /// narrowed to `cut` and the `contextLength` characters either side of it (all HarfBuzz reads).
    func shapingContext(_ r: Range<Int>, script: ScriptTag, around cut: Range<Int>) -> (text: [UInt32], offset: Int) {
        var lo = r.lowerBound
        var hi = r.upperBound
        if Self.joiningScripts.contains(script) {
            while lo > 0, r.lowerBound - lo < Self.contextLength, scalars[lo - 1] != 0x0A { lo -= 1 }
            while hi < scalars.count, hi - r.upperBound < Self.contextLength, scalars[hi] != 0x0A { hi += 1 }
        }
        lo = max(lo, cut.lowerBound - Self.contextLength)
        hi = min(hi, cut.upperBound + Self.contextLength)
        return (Array(scalars[lo..<hi]), lo)
    }

    /// U+00AD: invisible, but a line may end after it, and then a hyphen is drawn.
    static let softHyphen: UInt32 = 0xAD

    /// Whether justification may widen `c` (word separators).
    static func isJustifiable(_ c: UInt32) -> Bool { c == 0x20 || c == 0xA0 || c == 0x3000 }
}

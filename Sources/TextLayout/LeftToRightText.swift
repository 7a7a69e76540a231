/// Text the bidi algorithm cannot make right-to-left, recognised without calling fribidi.
///
/// Below U+0590 and in the punctuation blocks U+2010-U+2027 and U+2030-U+205E every character's
/// bidi class is L, EN, ES, ET, CS, NSM, BN, B, S, WS or ON: none is R, AL or AN, and the explicit
/// embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the marks U+200E/U+200F
/// lie outside. In such a text (UAX #9) the first strong character, if any, is L, so the paragraph
/// is left-to-right; with no R or AL every EN follows an L or the paragraph start and becomes L
/// (W7), and nothing raises a level (I1), so every level is 0. That is what fribidi answers
/// (checked against it character by character in the tests); these texts skip it.
enum LeftToRightText {
    static func hasNoRightToLeftClass(_ scalars: [UInt32]) -> Bool {
        scalars.withUnsafeBufferPointer { b in
            for c in b where c >= 0x0590 {
                if c >= 0x2010 && c <= 0x2027 { continue }
                if c >= 0x2030 && c <= 0x205E { continue }
                return false
            }
            return true
        }
    }
}

/// Which grapheme clusters show as colour emoji (UTS #51 presentation), from the Unicode
/// properties built into the Swift standard library.
enum EmojiPresentation {
    /// True for a cluster with emoji presentation: by default (U+2615 ☕), with U+FE0F, a regional
    /// indicator pair, a skin-tone modifier, a keycap, or a ZWJ sequence of emoji.
    static func isEmojiCluster(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first, let s = Unicode.Scalar(first) else { return false }
        if scalars.contains(0xFE0E) { return false }
        if scalars.contains(0xFE0F) || scalars.contains(0x20E3) { return true }
        if (0x1F1E6...0x1F1FF).contains(first) { return true }
        if scalars.dropFirst().contains(where: { (0x1F3FB...0x1F3FF).contains($0) }) { return true }
        if s.properties.isEmojiPresentation { return true }
        if scalars.contains(0x200D) && first > 0x7F && s.properties.isEmoji { return true }
        return false
    }

    /// Characters a face need not map for a cluster to count as covered (joiners, variation selectors).
    static func isIgnorableForCoverage(_ c: UInt32) -> Bool {
        c == 0x200C || c == 0x200D || (0xFE00...0xFE0F).contains(c) || (0xE0100...0xE01EF).contains(c)
            || c == 0x200B || c == 0x2060 || c == 0xFEFF || c == 0x200E || c == 0x200F
    }
}

import NativeGraphics

/// A line's part of a shaped run, taken from the run's glyphs instead of shaping the part again
/// when HarfBuzz says that is the same thing.
///
/// HarfBuzz marks a glyph UNSAFE_TO_BREAK when breaking the text at the start of its cluster could
/// change the shaping of either side (a kerning pair, a ligature or a contextual form across it).
/// A cluster start none of whose glyphs carries the mark is safe: the glyphs on each side are
/// exactly those of shaping that side alone (HarfBuzz's documented contract, made for reusing a
/// paragraph's glyphs after line breaking). So when both ends of a cut are run ends or safe
/// starts, the run's glyphs with clusters in the cut are the glyphs reshaping would give; else
/// the cut is reshaped as before. The tests compare both for every cut of many texts and fonts.
extension ShapedGlyphs {
    /// The glyphs of characters `cut` (indices into the text the run was shaped from, whose
    /// characters are `0..<count`), or nil when an end of `cut` is not a safe break.
    func safeSlice(_ cut: Range<Int>, count: Int) -> ShapedGlyphs? {
        guard cut.lowerBound >= 0, cut.upperBound <= count, !cut.isEmpty else { return nil }
        if cut.lowerBound > 0 && !isSafeBreak(at: cut.lowerBound) { return nil }
        if cut.upperBound < count && !isSafeBreak(at: cut.upperBound) { return nil }
        // Clusters run monotonically (either way), so the cut's glyphs are one stretch of them.
        guard let first = clusters.firstIndex(where: { cut.contains($0) }) else { return nil }
        var end = first
        while end < clusters.count && cut.contains(clusters[end]) { end += 1 }
        if clusters[end...].contains(where: { cut.contains($0) }) { return nil }
        let r = first..<end
        return ShapedGlyphs(
            ids: Array(ids[r]), clusters: Array(clusters[r]), advances: Array(advances[r]),
            xOffsets: Array(xOffsets[r]), yOffsets: Array(yOffsets[r]), unsafeToBreak: Array(unsafeToBreak[r]))
    }

    /// Whether the text may be broken before character `c`: some glyph's cluster starts at `c`
    /// and none of that cluster's glyphs is marked unsafe to break.
    func isSafeBreak(at c: Int) -> Bool {
        var found = false
        for g in clusters.indices where clusters[g] == c {
            if unsafeToBreak[g] { return false }
            found = true
        }
        return found
    }
}

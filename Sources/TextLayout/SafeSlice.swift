import CairoFonts

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
///
/// Cost: the glyphs of a cut are found by binary search, so a line costs O(log run + its own
/// glyphs), not O(run). (Scanning the whole run's clusters from its start for every line made one
/// long label quadratic: 1 MiB took 128 s. `TextWork.sliceScans` counts the glyphs examined.)
extension ShapedGlyphs {
    /// The glyphs of characters `cut` (indices into the text the run was shaped from, whose
    /// characters are `0..<count`), or nil when an end of `cut` is not a safe break. `scans` counts
    /// the glyph indices examined.
    func safeSlice(_ cut: Range<Int>, count: Int, scans: inout Int) -> ShapedGlyphs? {
        guard cut.lowerBound >= 0, cut.upperBound <= count, !cut.isEmpty, let first = clusters.first,
            let last = clusters.last
        else { return nil }
        let r = glyphs(inClusters: cut, scans: &scans)
        guard !r.isEmpty else { return nil }
        // Shaped with a monotone cluster level, clusters run one way, so the cut's glyphs are one
        // stretch of them; the glyphs just outside it confirm that where it matters.
        if r.lowerBound > 0 && cut.contains(clusters[r.lowerBound - 1]) { return nil }
        if r.upperBound < clusters.count && cut.contains(clusters[r.upperBound]) { return nil }
        // The glyphs of the cut's first character are at the stretch's near end (in glyph order),
        // those of the character after it just past its far end.
        let rising = first <= last
        let step = rising ? 1 : -1
        let (near, past) = rising ? (r.lowerBound, r.upperBound) : (r.upperBound - 1, r.lowerBound - 1)
        if cut.lowerBound > 0 && !isSafeCluster(cut.lowerBound, from: near, step, &scans) { return nil }
        if cut.upperBound < count && !isSafeCluster(cut.upperBound, from: past, step, &scans) { return nil }
        scans += r.count
        return ShapedGlyphs(
            ids: Array(ids[r]), clusters: Array(clusters[r]), advances: Array(advances[r]),
            xOffsets: Array(xOffsets[r]), yOffsets: Array(yOffsets[r]), unsafeToBreak: Array(unsafeToBreak[r]))
    }

    /// The same, not counted.
    func safeSlice(_ cut: Range<Int>, count: Int) -> ShapedGlyphs? {
        var scans = 0
        return safeSlice(cut, count: count, scans: &scans)
    }

    /// Whether the text may be broken before character `c`, whose cluster's glyphs (if it starts
    /// one) begin at glyph `g` and go on in direction `step`: some glyph's cluster is `c` and none
    /// of that cluster's glyphs is marked unsafe to break.
    private func isSafeCluster(_ c: Int, from g: Int, _ step: Int, _ scans: inout Int) -> Bool {
        var i = g
        var found = false
        defer { scans += abs(i - g) + 1 }
        while i >= 0 && i < clusters.count && clusters[i] == c {
            if unsafeToBreak[i] { return false }
            found = true
            i += step
        }
        return found
    }

    /// The glyph indices whose clusters lie in `cut`, by binary search over the clusters (rising
    /// for left-to-right runs, falling for right-to-left ones); empty when there are none.
    func glyphs(inClusters cut: Range<Int>, scans: inout Int) -> Range<Int> {
        guard let first = clusters.first, let last = clusters.last else { return 0..<0 }
        let rising = first <= last
        // In glyph order, the glyphs before the cut are those on its near side.
        let start = partition { rising ? $0 >= cut.lowerBound : $0 < cut.upperBound }
        let end = partition { rising ? $0 >= cut.upperBound : $0 < cut.lowerBound }
        scans += 2 * (Int.bitWidth - clusters.count.leadingZeroBitCount)
        return start < end ? start..<end : start..<start
    }

    /// The first glyph index whose cluster satisfies `isPast` (a predicate false then true along the glyphs).
    private func partition(_ isPast: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = clusters.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isPast(clusters[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

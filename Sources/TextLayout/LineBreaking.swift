/// A line chosen by the line breaker: a range of code points of the prepared text.
struct LineRange: Equatable {
    var range: Range<Int>
    /// The line ends at a `\n` (or the end of the text): no justification.
    var endsParagraph: Bool
    /// The line was cut inside a word because the word alone is wider than the line.
    var brokeInsideWord: Bool
}

/// Greedy line breaking at UAX #14 opportunities (as browsers do): a word that does not fit moves
/// to the next line; a word wider than a whole line breaks between grapheme clusters. Spaces at a
/// wrap hang past the line end, so they never push a word to the next line.
struct LineBreaking {
    let text: PreparedText
    /// Width of each code point in dp.
    let widths: [Double]
    /// Available width (infinite = no wrapping).
    let maxWidth: Double
    /// Width of the hyphen drawn for the soft hyphen at an index, when a line ends after it.
    var hyphenWidths: (Int) -> Double = { _ in 0 }
    /// Where the code points examined are counted (complexity tests); nil = not counted.
    var tally: TextWorkTally?
    /// Widths are sums of floating-point advances; this keeps an exact fit a fit.
    static let epsilon = 0.001
    /// Whether no width is negative (or NaN): then a running sum never decreases, so measuring a
    /// segment may stop as soon as it cannot fit (a word longer than many lines is not measured
    /// again in full for each of them).
    private let widthsNeverDecrease: Bool

    init(text: PreparedText, widths: [Double], maxWidth: Double, tally: TextWorkTally? = nil) {
        self.text = text
        self.widths = widths
        self.maxWidth = maxWidth
        self.tally = tally
        widthsNeverDecrease = widths.allSatisfy { $0 >= 0 }
    }

    func lines() -> [LineRange] {
        var out: [LineRange] = []
        for hard in text.hardLines {
            breakHardLine(hard, into: &out)
        }
        return out
    }

    private func breakHardLine(_ hard: Range<Int>, into out: inout [LineRange]) {
        let limit = maxWidth + Self.epsilon
        var lineStart = hard.lowerBound
        var lineWidth = 0.0
        var pos = hard.lowerBound
        var brokeInside = false
        // The last position where the line could end with everything on it fitting, including the
        // hyphen a soft hyphen draws there: a line that overflows goes back to it.
        var lastFit = hard.lowerBound
        // The segment last found: `nextBreak` from anywhere inside it ends at the same place, so a
        // word cut over many lines is scanned for its end once.
        var segment = hard.lowerBound..<hard.lowerBound
        while pos < hard.upperBound {
            let end = segment.contains(pos) ? segment.upperBound : nextBreak(after: pos, in: hard)
            segment = pos..<end
            let hyphen = hyphenWidth(at: end)
            if pos == lineStart {
                let (content, full, whole) = segmentWidths(pos..<end, base: 0, limit: limit)
                if whole && content <= limit {
                    lineWidth = full
                    pos = end
                    lastFit = end
                } else {
                    // The word alone is wider than the line: break it between clusters. A
                    // single cluster wider than the line stays whole and overflows.
                    let cut = fittingPrefix(pos..<end, width: maxWidth)
                    if cut >= end {
                        lineWidth = segmentWidths(pos..<end).full
                        pos = end
                        lastFit = end
                    } else {
                        out.append(LineRange(range: lineStart..<cut, endsParagraph: false, brokeInsideWord: true))
                        brokeInside = true
                        lineStart = cut
                        pos = cut
                        lineWidth = 0
                    }
                }
            } else if case (let content, let full, let whole) = segmentWidths(pos..<end, base: lineWidth, limit: limit),
                whole && lineWidth + content <= limit
            {
                if lineWidth + content + hyphen <= limit { lastFit = end }
                lineWidth += full
                pos = end
            } else {
                // Break at the last fitting opportunity (before `pos` only after a soft hyphen
                // whose hyphen did not fit).
                let at = lastFit > lineStart ? min(lastFit, pos) : pos
                out.append(LineRange(range: lineStart..<at, endsParagraph: false, brokeInsideWord: brokeInside))
                brokeInside = false
                lineStart = at
                pos = at
                lineWidth = 0
                lastFit = at
            }
        }
        out.append(LineRange(range: lineStart..<hard.upperBound, endsParagraph: true, brokeInsideWord: brokeInside))
    }

    /// The width of the hyphen drawn when a line ends at `end` after a soft hyphen (0 otherwise).
    private func hyphenWidth(at end: Int) -> Double {
        guard end > 0, end <= text.scalars.count, text.scalars[end - 1] == PreparedText.softHyphen else { return 0 }
        return hyphenWidths(end - 1)
    }

    /// The end of the unbreakable segment starting at `pos`: after the next break opportunity
    /// that falls on a grapheme boundary.
    private func nextBreak(after pos: Int, in hard: Range<Int>) -> Int {
        var j = pos + 1
        defer { tally?.breakScans += j - pos }
        while j < hard.upperBound {
            if !text.breakAfter[j - 1].isNoBreak && text.graphemeStart[j] { return j }
            j += 1
        }
        return hard.upperBound
    }

    /// Width without trailing (hanging) spaces, and with them.
    func segmentWidths(_ r: Range<Int>) -> (content: Double, full: Double) {
        let (content, full, _) = segmentWidths(r, base: 0, limit: .infinity)
        return (content, full)
    }

    /// `segmentWidths(r)`, stopping early (`whole` false) once `base + content` is known to exceed
    /// `limit` whatever follows; the sums are the same, in the same order, as a full scan's.
    private func segmentWidths(_ r: Range<Int>, base: Double, limit: Double) -> (
        content: Double, full: Double, whole: Bool
    ) {
        var full = 0.0
        var content = 0.0
        let canStop = widthsNeverDecrease && limit < .infinity
        var i = r.lowerBound
        defer { tally?.breakScans += i - r.lowerBound }
        while i < r.upperBound {
            full += widths[i]
            if !PreparedText.isHangingSpace(text.scalars[i]) {
                content = full
                if canStop && base + content > limit {
                    i += 1
                    return (content, full, false)
                }
            }
            i += 1
        }
        return (content, full, true)
    }

    /// The end of the longest run of whole grapheme clusters from `r.lowerBound` that fits in
    /// `width` (at least one cluster, so every line makes progress).
    func fittingPrefix(_ r: Range<Int>, width: Double) -> Int {
        var x = 0.0
        var best = r.lowerBound
        var i = r.lowerBound
        defer { tally?.breakScans += best - r.lowerBound + 1 }
        while i < r.upperBound {
            var j = i + 1
            while j < r.upperBound && !text.graphemeStart[j] { j += 1 }
            let w = widths[i..<j].reduce(0, +)
            let hangs = PreparedText.isHangingSpace(text.scalars[i])
            if !hangs && x + w > width + Self.epsilon { break }
            x += w
            best = j
            i = j
        }
        if best == r.lowerBound { best = min(r.upperBound, nextGrapheme(r.lowerBound, r.upperBound)) }
        // Spaces right after the cut hang at the end of this line.
        while best < r.upperBound && PreparedText.isHangingSpace(text.scalars[best]) { best += 1 }
        return best
    }

    private func nextGrapheme(_ i: Int, _ end: Int) -> Int {
        var j = i + 1
        while j < end && !text.graphemeStart[j] { j += 1 }
        return j
    }
}

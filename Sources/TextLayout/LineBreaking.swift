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
    /// Widths are sums of floating-point advances; this keeps an exact fit a fit.
    static let epsilon = 0.001

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
        while pos < hard.upperBound {
            let end = nextBreak(after: pos, in: hard)
            let (content, full) = segmentWidths(pos..<end)
            let hyphen = hyphenWidth(at: end)
            if pos == lineStart {
                if content <= limit {
                    lineWidth = full; pos = end; lastFit = end
                } else {
                    // The word alone is wider than the line: break it between clusters. A
                    // single cluster wider than the line stays whole and overflows.
                    let cut = fittingPrefix(pos..<end, width: maxWidth)
                    if cut >= end {
                        lineWidth = full; pos = end; lastFit = end
                    } else {
                        out.append(LineRange(range: lineStart..<cut, endsParagraph: false, brokeInsideWord: true))
                        brokeInside = true
                        lineStart = cut; pos = cut; lineWidth = 0
                    }
                }
            } else if lineWidth + content <= limit {
                if lineWidth + content + hyphen <= limit { lastFit = end }
                lineWidth += full; pos = end
            } else {
                // Break at the last fitting opportunity (before `pos` only after a soft hyphen
                // whose hyphen did not fit).
                let at = lastFit > lineStart ? min(lastFit, pos) : pos
                out.append(LineRange(range: lineStart..<at, endsParagraph: false, brokeInsideWord: brokeInside))
                brokeInside = false
                lineStart = at; pos = at; lineWidth = 0; lastFit = at
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
        while j < hard.upperBound {
            if text.breakAfter[j - 1] != .noBreak && text.graphemeStart[j] { return j }
            j += 1
        }
        return hard.upperBound
    }

    /// Width without trailing (hanging) spaces, and with them.
    func segmentWidths(_ r: Range<Int>) -> (content: Double, full: Double) {
        var full = 0.0, content = 0.0
        for i in r {
            full += widths[i]
            if !PreparedText.isHangingSpace(text.scalars[i]) { content = full }
        }
        return (content, full)
    }

    /// The end of the longest run of whole grapheme clusters from `r.lowerBound` that fits in
    /// `width` (at least one cluster, so every line makes progress).
    func fittingPrefix(_ r: Range<Int>, width: Double) -> Int {
        var x = 0.0
        var best = r.lowerBound
        var i = r.lowerBound
        while i < r.upperBound {
            var j = i + 1
            while j < r.upperBound && !text.graphemeStart[j] { j += 1 }
            let w = widths[i..<j].reduce(0, +)
            let hangs = PreparedText.isHangingSpace(text.scalars[i])
            if !hangs && x + w > width + Self.epsilon { break }
            x += w; best = j; i = j
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

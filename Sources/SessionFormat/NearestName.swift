/// The one "did you mean" of every message: the known name nearest to a misspelt one, by edit
/// distance (Levenshtein, case-insensitive). Session keys, command names, step types, style keys,
/// themes, subcommands, command-line options and the locator's candidates all ask here, so every
/// misspelling is answered alike.
/// (In SessionFormat, the lowest module that names things a user types: Styles and the CLI import it.)
///
/// Bounded (docs/limits.md, "Names compared"): only the first `maxCompared` characters of each side
/// are compared, and a comparison stops once it cannot come within its cutoff (only the diagonal
/// band of width 2 x cutoff + 1 is computed, and a row whose every cell is past the cutoff ends it).
/// A name is a few dozen characters; a label's text may be 1 MiB, and comparing two whole ones
/// was n x m work per candidate (issue 44: ten unmatched taps on long texts took 35 s).
package enum NearestName {
    /// Characters (grapheme clusters) of each side compared; the rest cannot change a suggestion
    /// anyone reads, since a message quotes at most 40 characters of a text.
    package static let maxCompared = 128

    /// The candidate within `maxDistance` edits of `name` (case ignored), the nearest first and
    /// alphabetical among equals; nil when none is that close or `name` is one of them exactly.
    /// The default allows one edit in a name of up to 3 letters, else 2, and 3 from 9 letters on:
    /// `darkk` finds `dark`, `CREATE_TEXTFEILD` finds `CREATE_TEXTFIELD`, `x` finds nothing near.
    package static func nearest<S: Sequence>(to name: String, in candidates: S, maxDistance: Int? = nil) -> String?
    where S.Element == String {
        var cells = 0
        return nearest(to: name, in: candidates, maxDistance: maxDistance, cells: &cells)
    }

    /// `nearest(to:in:maxDistance:)`, adding the table cells it computed to `cells`.
    package static func nearest<S: Sequence>(
        to name: String, in candidates: S, maxDistance: Int? = nil, cells: inout Int
    ) -> String? where S.Element == String {
        let limit = maxDistance ?? (name.count <= 3 ? 1 : min(3, max(2, name.count / 3)))
        let key = folded(name)
        var best: (String, Int)?
        for c in candidates {
            if c == name { return nil }
            // A later candidate wins only by a smaller distance, or an equal one and an earlier name.
            guard let d = distance(key, folded(c), cutoff: min(limit, best?.1 ?? limit), cells: &cells) else {
                continue
            }
            if let b = best, b.1 < d || (b.1 == d && b.0 <= c) { continue }
            best = (c, d)
        }
        return best?.0
    }

    /// ` (did you mean "X"?)` for the nearest candidate, or "" when none is near.
    package static func hint<S: Sequence>(for name: String, in candidates: S, maxDistance: Int? = nil) -> String
    where S.Element == String {
        nearest(to: name, in: candidates, maxDistance: maxDistance).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The indices of `texts` in order of their distance to `wanted` (case counts), the first
    /// `keep` exactly ranked (ties keep the order given) and the others after them in the order
    /// given; `cells` counts the table cells computed (tests: the work is bounded, not the time).
    /// Once `keep` are held, a text is compared only up to the worst distance held, minus one.
    package static func ranked(_ wanted: String, _ texts: [String], keep: Int, cells: inout Int) -> [Int] {
        let key = Array(wanted.prefix(maxCompared))
        var held: [(d: Int, i: Int)] = []
        for (i, t) in texts.enumerated() {
            let cutoff = held.count < keep ? maxCompared : held[held.count - 1].d - 1
            guard cutoff >= 0, let d = distance(key, Array(t.prefix(maxCompared)), cutoff: cutoff, cells: &cells) else {
                continue
            }
            // Inserted after every held text at most as far: ties keep the order given.
            let at = held.firstIndex { $0.d > d } ?? held.count
            held.insert((d, i), at: at)
            if held.count > keep { held.removeLast() }
        }
        let first = held.map(\.i)
        let taken = Set(first)
        return first + texts.indices.filter { !taken.contains($0) }
    }

    /// Levenshtein distance between two strings as given (case counts), over their first
    /// `maxCompared` characters.
    package static func distance(_ a: String, _ b: String) -> Int {
        var cells = 0
        return distance(Array(a.prefix(maxCompared)), Array(b.prefix(maxCompared)), cutoff: maxCompared, cells: &cells)
            ?? maxCompared
    }

    /// The first `maxCompared` characters, lowercased (a few letters lowercase to two).
    static func folded(_ s: String) -> [Character] { Array(String(s.prefix(maxCompared)).lowercased()) }

    /// The edit distance of `a` and `b` when it is at most `cutoff`, else nil. Cells farther than
    /// `cutoff` from the diagonal can only hold more than `cutoff` and are not computed; a row whose
    /// cells all exceed `cutoff` ends the comparison (every later row is at least its minimum).
    static func distance(_ a: [Character], _ b: [Character], cutoff: Int, cells: inout Int) -> Int? {
        guard cutoff >= 0, abs(a.count - b.count) <= cutoff else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let past = cutoff + 1  // "more than the cutoff": what every cell outside the band holds
        var row = (0...b.count).map { min($0, past) }
        var next = row
        for i in 1...a.count {
            let lo = max(1, i - cutoff)
            let hi = min(b.count, i + cutoff)
            next[lo - 1] = lo == 1 ? min(i, past) : past
            var rowMin = next[lo - 1]
            for j in lo...hi {
                let substitute = row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let v = min(substitute, row[j] + 1, next[j - 1] + 1, past)
                next[j] = v
                rowMin = min(rowMin, v)
            }
            if hi < b.count { next[hi + 1] = past }
            cells += hi - lo + 1
            if rowMin > cutoff { return nil }
            swap(&row, &next)
        }
        return row[b.count] <= cutoff ? row[b.count] : nil
    }
}

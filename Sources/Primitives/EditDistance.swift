/// The Levenshtein distance between two strings (by Character), and the nearest of a list of
/// names: one helper for every "did you mean" in the code base (style keys, subcommands,
/// locator keys).
public enum EditDistance {
    /// Levenshtein distance.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// The name of `names` nearest to `word` within `maxDistance` edits (ties: the alphabetically
    /// first), or nil.
    public static func nearest(to word: String, in names: [String], maxDistance: Int = 2) -> String? {
        var best: (name: String, distance: Int)? = nil
        for name in names {
            let d = between(name, word)
            guard d <= maxDistance else { continue }
            if let b = best, b.distance < d || (b.distance == d && b.name <= name) { continue }
            best = (name, d)
        }
        return best?.name
    }
}

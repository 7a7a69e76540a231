/// The one "did you mean" of every message: the known name nearest to a misspelt one, by edit
/// distance (Levenshtein, case-insensitive). Session keys, command names, step types, style keys,
/// themes, subcommands and command-line options all ask here, so every misspelling is answered alike.
/// (In SessionFormat, the lowest module that names things a user types: Styles and the CLI import it.)
package enum NearestName {
    /// The candidate within `maxDistance` edits of `name` (case ignored), the nearest first and
    /// alphabetical among equals; nil when none is that close or `name` is one of them exactly.
    /// The default allows one edit in a name of up to 3 letters, else 2, and 3 from 9 letters on:
    /// `darkk` finds `dark`, `CREATE_TEXTFEILD` finds `CREATE_TEXTFIELD`, `x` finds nothing near.
    package static func nearest<S: Sequence>(to name: String, in candidates: S, maxDistance: Int? = nil) -> String?
    where S.Element == String {
        let limit = maxDistance ?? (name.count <= 3 ? 1 : min(3, max(2, name.count / 3)))
        let key = Array(name.lowercased())
        var best: (String, Int)?
        for c in candidates {
            if c == name { return nil }
            let d = distance(key, Array(c.lowercased()))
            guard d <= limit else { continue }
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

    /// Levenshtein distance between two strings as given (case counts).
    package static func distance(_ a: String, _ b: String) -> Int { distance(Array(a), Array(b)) }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}

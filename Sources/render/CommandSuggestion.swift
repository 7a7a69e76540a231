import Foundation

/// `render chek Examples`: the default subcommand would take `chek` for a session file and complain
/// about the second argument. A first argument that is no file, no option and no subcommand, but
/// within two edits of a subcommand's name, is a typo: say which command was meant.
enum CommandSuggestion {
    static let names = ["draw", "validate", "theme", "check", "gallery", "watch", "portability"]

    /// The message for `arguments` (without the program name), or nil when they look intended.
    static func message(
        for arguments: [String], fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first), !fileExists(first),
            !first.contains("/"), !first.contains(".")
        else { return nil }
        let scored = names.map { ($0, distance(first.lowercased(), $0)) }.filter { $0.1 <= 2 }.sorted { $0.1 < $1.1 }
        guard let best = scored.first else { return nil }
        return "render: error: unknown command '\(first)'; did you mean `render \(best.0)`? (see `render --help`)"
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
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
}

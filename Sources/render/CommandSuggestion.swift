import Foundation
import Primitives

/// `render chek Examples`: the default subcommand would take `chek` for a session file and complain
/// about the second argument. A first argument that is no file, no option and no subcommand, but
/// within two edits of a subcommand's name, is a typo: say which command was meant.
enum CommandSuggestion {
    static let names = ["draw", "validate", "theme", "check", "gallery", "watch", "portability", "inspect"]

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

    /// Levenshtein distance (the code base's one helper).
    static func distance(_ a: String, _ b: String) -> Int { EditDistance.between(a, b) }
}

import Foundation
import SessionFormat

/// `render chek Examples`: the default subcommand would take `chek` for a session file and complain
/// about the second argument. A first argument that is no file, no option and no subcommand, but
/// within two edits of a subcommand's name, is a typo: say which command was meant.
enum CommandSuggestion {
    static var names: [String] { RenderCLI.configuration.subcommands.map { $0._commandName } }

    /// The message for `arguments` (without the program name), or nil when they look intended.
    static func message(
        for arguments: [String], fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first), !fileExists(first),
            !first.contains("/"), !first.contains(".")
        else { return nil }
        guard let best = NearestName.nearest(to: first.lowercased(), in: names, maxDistance: 2) else { return nil }
        return "render: error: unknown command '\(first)'; did you mean `render \(best)`? (see `render --help`)"
            + "\nusage: render <command> [<options>] ... (commands: \(names.joined(separator: ", ")))"
    }
}

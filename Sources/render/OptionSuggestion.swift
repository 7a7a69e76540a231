import ArgumentParser
import Foundation
import SessionFormat

/// `render x.json --ouput x.png`: ArgumentParser's default subcommand reads the unknown option and
/// its value as two more session files and answers "give one session"; a subcommand guesses from
/// every option. When the command line does not parse, an option that the command does not have is
/// named first, with the nearest one it has (`NearestName`), and the run exits 64.
enum OptionSuggestion {
    /// The message for the first unknown long option of `arguments` (without the program name), or
    /// nil when every option is one the command has: `unknown option '--ouput'; did you mean '--output'?`
    /// (RenderCLI.errorLines puts it in the CLI's voice, with the command's usage line).
    static func message(for arguments: [String]) -> String? {
        let command = CommandLineCommand.named(by: arguments).0
        let known = longOptions(of: command)
        for a in arguments {
            if a == "--" { break }
            guard a.hasPrefix("--"), a.count > 2 else { continue }
            let name = String(a.split(separator: "=", maxSplits: 1)[0])
            if known.contains(name) { continue }
            let hint = NearestName.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
            return "unknown option '\(name)'\(hint)"
        }
        return nil
    }

    /// Every `--name` the command's help shows (its own options and those of its option groups;
    /// subcommands of a command group included).
    static func longOptions(of command: ParsableCommand.Type) -> Set<String> {
        var text = RenderCLI.helpMessage(for: command, columns: 1000)
        for sub in command.configuration.subcommands {
            text += RenderCLI.helpMessage(for: sub, columns: 1000)
        }
        var out: Set<String> = ["--help", "--version"]
        var rest = Substring(text)
        while let r = rest.range(of: "--") {
            let name = rest[r.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if let first = name.first, first.isLetter { out.insert("--" + name) }
            rest = rest[r.upperBound...]
        }
        return out
    }
}

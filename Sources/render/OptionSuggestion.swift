import ArgumentParser
import Foundation
import SessionFormat

/// `render x.json --ouput x.png`: ArgumentParser's default subcommand reads the unknown option and
/// its value as two more session files and answers "give one session"; a subcommand guesses from
/// every option. When the command line does not parse, an option that the command does not have is
/// named first, with the nearest one it has (`NearestName`), and the run exits 64.
enum OptionSuggestion {
    /// The subcommands by name; `draw` when the first argument names none.
    static let commands: [String: ParsableCommand.Type] = [
        "draw": DrawCommand.self, "validate": ValidateCommand.self, "theme": ThemeCommand.self,
        "check": CheckCommand.self, "gallery": GalleryCommand.self, "watch": WatchCommand.self,
        "portability": PortabilityCommand.self, "report": ReportCommand.self,
    ]

    /// The message for the first unknown long option of `arguments` (without the program name), or
    /// nil when every option is one the command has.
    static func message(for arguments: [String]) -> String? {
        let command = arguments.first.flatMap { commands[$0] } ?? DrawCommand.self
        let known = longOptions(of: command)
        for a in arguments {
            if a == "--" { break }
            guard a.hasPrefix("--"), a.count > 2 else { continue }
            let name = String(a.split(separator: "=", maxSplits: 1)[0])
            if known.contains(name) { continue }
            let hint = NearestName.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
            let usage = command == DrawCommand.self ? "render --help" : "render \(command._commandName) --help"
            return "render: error: unknown option '\(name)'\(hint) (see `\(usage)`)"
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

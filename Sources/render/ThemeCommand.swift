import ArgumentParser
import Foundation
import Primitives
import Styles

/// `render theme print [NAME]`: prints a theme as JSON, a starting point for a user's own.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme", abstract: "Print or list themes.",
        subcommands: [Print.self, List.self])
    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a theme as JSON (save it, edit it, pass it to --theme).")
        @Argument(help: "A built-in theme name or a theme file.") var name: String = "default"
        func run() throws {
            do { print(ThemeLoader.json(of: try ThemeLoader.load(name))) } catch {
                StdErr.write("render: error: \(error)")
                throw ExitCode(1)
            }
        }
    }
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in themes.")
        func run() throws { for name in ThemeLoader.builtInNames { print(name) } }
    }
}

import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import ServeWorker
import SessionFormat

/// `render`: the PreviewRenderer command line. Thin: options, files and exit codes; the work is in RenderPipeline.
@main
struct RenderCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a recorded framework session to PNG, headless.",
        discussion: """
            Exit codes: 0 rendered (warnings allowed), 1 the session was rejected (not a valid session file),
            2 an output could not be written, 3 rendering failed, 4 the requested snapshot does not exist,
            5 a session has an error diagnostic (every command that judges sessions, unless --allow-errors;
            with --strict a warning too; the draw command of one session: with --strict only), 6 `render check`
            found a difference or recorded a golden, 7 the session exceeds a documented limit (docs/limits.md),
            64 bad command-line usage.
            """,
        version: PreviewRendererVersion.string,
        subcommands: [
            DrawCommand.self, ValidateCommand.self, ThemeCommand.self, CheckCommand.self, GalleryCommand.self,
            WatchCommand.self, PortabilityCommand.self, ReportCommand.self, InspectCommand.self,
            ServeCommand.self, McpCommand.self, A11yCommand.self,
        ],
        defaultSubcommand: DrawCommand.self)

    static func main() {
        // Before any thread starts: temporary outputs are removed on SIGINT/SIGTERM/SIGHUP.
        TempFiles.removeOnSignals()
        // A batch command's worker process (Batch/BatchWorker.swift): one comparison at start-up.
        if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == BatchWorker.flag {
            BatchWorker.main(A11yArgument.normalized(Array(CommandLine.arguments.dropFirst(2))))
        }
        // `render serve`'s worker (the ServeWorker module), started by the server.
        if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == ServeWorker.flag {
            ServeWorker.main(Array(CommandLine.arguments.dropFirst(2)), makeOptions: CommonValues.options(for:))
        }
        let arguments = A11yArgument.normalized(Array(CommandLine.arguments.dropFirst()))
        if let quick = QuickStart.request(arguments) { QuickStart.run(quick) }
        if let typo = CommandSuggestion.message(for: arguments) {
            StdErr.write(lines: OutputText.lines(typo.split(separator: "\n").map(String.init)))
            Foundation.exit(ExitCodes.usage)
        }
        // ArgumentParser's `main`, except that a command line that does not parse first names an
        // option the command does not have (OptionSuggestion), which the default command would take
        // for more session files.
        let command: ParsableCommand
        do { command = try parseAsRoot(arguments) } catch {
            if let unknown = OptionSuggestion.message(for: arguments) {
                StdErr.write(lines: OutputText.lines(errorLines(unknown, usage: true, arguments)))
                Foundation.exit(ExitCodes.usage)
            }
            exitEscaped(withError: error, arguments: arguments)
        }
        do {
            var command = command
            try command.run()
        } catch {
            exitEscaped(withError: error, arguments: arguments)
        }
        exit()
    }

    /// ArgumentParser's `exit(withError:)` in the CLI's one voice: `render: error: MESSAGE` (escaped as
    /// every line on stderr is, `StdErr`: a usage error can quote an argument, a validation error a file
    /// name, and neither may start a line of its own), and for a usage error (exit 64) one usage line of
    /// the command the arguments name. `--help` and `--version` print as ArgumentParser prints them.
    static func exitEscaped(withError error: Error, arguments: [String]) -> Never {
        let code = exitCode(for: error)
        let brief = message(for: error)
        guard code != .success, !brief.isEmpty else { exit(withError: error) }
        StdErr.write(lines: OutputText.lines(errorLines(brief, usage: code.rawValue == ExitCodes.usage, arguments)))
        Foundation.exit(code.rawValue)
    }

    /// `render: error: MESSAGE` and, for a usage error, `usage: ...` and `see `render CMD --help``.
    static func errorLines(_ brief: String, usage: Bool, _ arguments: [String]) -> [String] {
        // One line: a message quotes arguments, and no argument may start a line of its own.
        var lines = ["render: error: " + brief]
        guard usage else { return lines }
        let (command, name) = CommandLineCommand.named(by: arguments)
        let line = usageString(for: command).split(separator: "\n").first.map(String.init) ?? name
        lines.append("usage: " + line.trimmingCharacters(in: .whitespaces))
        lines.append("see `\(name) --help`")
        return lines
    }
}

/// The command a command line names: `render check ...` check, `render report merge ...` report
/// merge, anything else the draw command (the default).
enum CommandLineCommand {
    static func named(by arguments: [String]) -> (ParsableCommand.Type, String) {
        guard let first = arguments.first,
            let command = RenderCLI.configuration.subcommands.first(where: { $0._commandName == first })
        else { return (DrawCommand.self, "render") }
        if arguments.count > 1,
            let sub = command.configuration.subcommands.first(where: { $0._commandName == arguments[1] })
        {
            return (sub, "render \(first) \(arguments[1])")
        }
        return (command, "render \(first)")
    }
}

/// Exit codes, documented in the README.
enum ExitCodes {
    static let rejected: Int32 = 1
    static let unwritable: Int32 = 2
    static let renderFailed: Int32 = 3
    static let noSuchSnapshot: Int32 = 4
    static let strictFailure: Int32 = 5
    static let checkFailed: Int32 = 6
    static let limitExceeded: Int32 = 7
    /// Bad command-line usage (ArgumentParser's own code), also `--element` naming no element on the screen.
    static let usage: Int32 = 64

    /// 7 when a session was refused for exceeding a documented limit (docs/limits.md), else 1.
    static func forRejection(_ error: Error) -> Int32 {
        let limits: Set<String> = ["file-too-large", "json-too-deep", "too-many-steps", "device-too-large"]
        if let e = error as? SessionError, limits.contains(e.code) { return limitExceeded }
        return rejected
    }
}

import ArgumentParser
import Foundation
import Primitives
import Styles

/// The plain `render FILE -o OUT` (optionally `-q`, optionally `--theme NAME` with NAME a built-in
/// theme's name as `render theme` lists it), the form CI and galleries run thousands of times,
/// without building ArgumentParser's command tree: that costs about 13 to 20 M instructions (Swift
/// protocol-conformance lookups) per process, a tenth to a half of a render. Anything else, and
/// every mistake (a theme file, a misspelt name), goes through the full parser, so messages and
/// behaviour stay the same.
enum QuickStart {
    /// The request when `arguments` (without the program name) are exactly that form.
    static func request(_ arguments: [String]) -> DrawRequest? {
        var session: String?
        var output: String?
        var quiet = false
        var theme: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "-o", "--output":
                guard output == nil, i + 1 < arguments.count, !arguments[i + 1].hasPrefix("-") else { return nil }
                output = arguments[i + 1]
                i += 1
            case "--theme":
                // Only the exact built-in names: anything else may need the parser's checks and messages.
                guard theme == nil, i + 1 < arguments.count, ThemeLoader.builtInNames.contains(arguments[i + 1])
                else { return nil }
                theme = arguments[i + 1]
                i += 1
            case "-q", "--quiet":
                guard !quiet else { return nil }
                quiet = true
            default:
                guard session == nil, !a.hasPrefix("-"), !subcommands.contains(a) else { return nil }
                session = a
            }
            i += 1
        }
        guard let session, let output else { return nil }
        var r = DrawRequest(session: session, output: output)
        r.common.quiet = quiet
        if let theme {
            r.common.theme = theme
            r.common.themeGiven = true
        }
        return r
    }

    private static let subcommands: Set<String> = [
        "draw", "validate", "theme", "check", "gallery", "watch", "portability", "report", "help",
    ]

    /// Runs the request and exits with the same codes as the parsed command would.
    static func run(_ request: DrawRequest) -> Never {
        do {
            try DrawJob(request).run()
            exit(0)
        } catch let e as ExitCode {
            exit(e.rawValue)
        } catch let e as ValidationError {
            StdErr.write("Error: \(e.message)")
            exit(ExitCodes.usage)
        } catch {
            StdErr.write("render: error: \(error)")
            exit(ExitCodes.renderFailed)
        }
    }
}

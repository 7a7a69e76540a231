import Foundation

/// `render-mcp --render PATH [--root DIR] [--fonts-dir DIR] [--fonts DIR] [--step-timeout S] [--http PORT]
/// [--app BIN [APP-ARGS...]]` (`render mcp` passes its own path as --render).
public struct MCPOptions: Sendable {
    public var render = "render"
    public var root = "."
    public var fontsDir: String?
    public var fonts: String?
    public var stepTimeout = 10.0
    public var app: String?
    public var appArguments: [String] = []
    public var help = false
    /// `--http PORT`: streamable HTTP on 127.0.0.1 instead of stdio (0: a free port).
    public var httpPort: Int?

    public static let usage = """
        USAGE: render mcp [--root DIR] [--http PORT] [--step-timeout S] [--fonts-dir DIR] [--fonts DIR] [--app BIN ...]

        Speaks the Model Context Protocol on stdin and stdout (one JSON-RPC message a line), for a coding agent:
        tools render, tree, inspect, check, accept, a11y, portability, app_start, app_step, app_snapshot,
        app_record, app_stop, explore; the sessions under --root are its resources. Paths stay inside --root
        (default: the current folder); what the tools write goes to ROOT/.render-mcp/. --app BIN (and every
        argument after it) is the app app_start and explore run by default (its preview binary, README
        "Preview your app"). docs/mcp.md has the tools, their arguments and an example.

        OPTIONS:
          --root DIR          The folder the tools may read and write (default: the current folder).
          --fonts-dir DIR     The bundled Fonts/ folder (default: found as render finds it).
          --fonts DIR         The app's own fonts folder.
          --step-timeout S    Seconds the live app has for its boot and each step (default: 10).
          --http PORT         Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: a free port; the
                              first line printed names it). Loopback only; other Hosts and Origins are refused.
          --app BIN ARGS...   The app's preview binary and its arguments (the rest of the line).
        """

    public static func parse(_ args: [String]) throws -> MCPOptions {
        var o = MCPOptions()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count else { throw ToolError("\(name) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--render": o.render = try value("--render")
            case "--root": o.root = try value("--root")
            case "--fonts-dir": o.fontsDir = try value("--fonts-dir")
            case "--fonts": o.fonts = try value("--fonts")
            case "--http":
                guard let p = Int(try value("--http")), (0...65535).contains(p) else {
                    throw ToolError("--http: a port number (0 picks a free one)")
                }
                o.httpPort = p
            case "--step-timeout":
                guard let s = Double(try value("--step-timeout")), s > 0, s <= 600 else {
                    throw ToolError("--step-timeout: seconds between 0 and 600")
                }
                o.stepTimeout = s
            case "--app":
                o.app = try value("--app")
                o.appArguments = Array(args[(i + 1)...])
                i = args.count
                continue
            case "-h", "--help": o.help = true
            default: throw ToolError("unknown option \(args[i])\n\n\(usage)")
            }
            i += 1
        }
        return o
    }
}

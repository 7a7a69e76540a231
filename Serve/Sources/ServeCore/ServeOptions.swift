import Foundation

/// The command line of `render serve` (docs/serve.md).
public struct ServeOptions: Sendable {
    public var target = "."
    public var theme: String?
    public var host = "127.0.0.1"
    public var port = 8080
    public var open = false
    public var device: String?
    public var fontScale = 1.0
    public var fontsDir: String?
    public var fonts: String?
    public var render = "render"
    public var quiet = false
    /// `--app PATH [APP-ARGS...]`: the app's preview binary, played live (docs/serve.md "Live app").
    public var app: String?
    public var appArguments: [String] = []
    public var recordDir: String?
    /// `--step-timeout S`: the app's time for its boot and for each step (AppProcess).
    public var stepTimeout = AppProcess.defaultStepTimeout
    /// `--rebuild CMD`, `--watch DIR`, `--rebuild-timeout S`: the app rebuilt and restarted on a source's save
    /// (LiveHub+Rebuild.swift, docs/serve.md "Restart on code edit").
    public var rebuild = RebuildOptions()
    // Connection limits (ConnectionGuard.swift; docs/serve.md "Connections", docs/limits.md).
    /// `--header-timeout S`, `--idle-timeout S`, `--max-connections N`.
    public var connections = ConnectionLimits()
    /// `--page-dir DIR`: the page's files read from DIR (Serve/Page) at each request instead of from the binary.
    public var pageDir: String?
    /// `--snapshots DIR`: the goldens' root (as `render check`'s, default `Snapshots`); when it is a folder the
    /// page offers the Groups pane: the folder checked against it, changes grouped by cause (Hub+Check.swift).
    public var snapshots = "Snapshots"

    public static let usage = """
        usage: render serve [SESSION.json | FOLDER] [--theme NAME|FILE] [--port N] [--host ADDR] [--open]
                            [--device D] [--font-scale F] [--fonts-dir DIR] [--fonts DIR] [--quiet]
                            [--header-timeout S] [--idle-timeout S] [--max-connections N] [--page-dir DIR]
                            [--snapshots DIR]
               render serve [OPTIONS] [--record-dir DIR] [--step-timeout S] --app PATH
                            [--rebuild CMD [--watch DIR]... [--rebuild-timeout S]] [--] [APP-ARGS...]

        Serves a live page of the folder's sessions (default: the current folder) at http://HOST:PORT/
        (default 127.0.0.1:8080; --port 0 picks a free port): each redraws as its file, its assets or the
        theme file change, with device, look and font-scale controls, a timeline and an inspector.
        With --app, the page plays the app's preview binary live (clicks tap, typing goes to the field)
        and records the walk as a script into --record-dir. An app that does not answer a step within
        --step-timeout seconds (default 10) is reported hung and ended with its helpers.
        --rebuild CMD: saving a source (C/C++/Objective-C files, CMakeLists.txt, Makefile) under a --watch
        folder (default: the current folder) runs CMD with sh (within --rebuild-timeout, default 600 s); its
        errors show on the page, and a build that succeeds restarts the app and replays the walk to the
        same screen. The options right after --app PATH are the server's up to `--`; the rest is the app's.
        Connections: a request's headers must arrive within --header-timeout (default 10 s; else 408),
        an HTTP connection idle for --idle-timeout (default 60 s) is closed and a page's WebSocket is
        pinged that often (closed when a ping goes unanswered as long); at most --max-connections
        (default 256, lowered to fit `ulimit -n`) are served, others get 503.
        --page-dir DIR serves the page's files from DIR (Serve/Page in a checkout) instead of the copy in the
        binary: an edit to the page shows on reload, without a build (Serve/Page/README.md).
        With goldens in --snapshots DIR (default Snapshots, as render check's), the page's Groups pane shows the
        folder checked against them as `render check FOLDER` checks it (nothing written), changes grouped by cause.
        Ctrl-C stops it. Exit codes: 0 stopped, 2 the port is in use or cannot be bound, 64 bad usage.
        See docs/serve.md.
        """

    public init() {}

    public static func parse(_ args: [String]) throws -> ServeOptions {
        var o = ServeOptions()
        var positional: [String] = []
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count else { throw ServeError("\(name) needs a value\n\n\(usage)") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--theme": o.theme = try value(a)
            case "--host": o.host = try value(a)
            case "--port":
                let v = try value(a)
                guard let p = Int(v), (0...65535).contains(p) else {
                    throw ServeError("--port must be 0...65535, not \(v)")
                }
                o.port = p
            case "--open": o.open = true
            case "--quiet", "-q": o.quiet = true
            case "--device": o.device = try value(a)
            case "--font-scale":
                let v = try value(a)
                guard let f = Double(v), (0.5...3).contains(f) else { throw ServeError("--font-scale must be 0.5...3") }
                o.fontScale = f
            case "--fonts-dir": o.fontsDir = try value(a)
            case "--fonts": o.fonts = try value(a)
            case "--render": o.render = try value(a)
            case "--record-dir": o.recordDir = try value(a)
            case "--page-dir": o.pageDir = try value(a)
            case "--snapshots": o.snapshots = try value(a)
            case "--step-timeout":
                let v = try value(a)
                guard let t = Double(v), t.isFinite, (0.1...3600).contains(t) else {
                    throw ServeError("--step-timeout must be 0.1...3600 seconds, not \(v)")
                }
                o.stepTimeout = t
            case "--rebuild", "--watch", "--rebuild-timeout": try o.rebuild.parse(a, try value(a))
            case "--app":  // the rest of the line is the app's, after the rebuild options that follow the path
                o.app = try value(a)
                var rest = Array(args[(i + 1)...])
                while let first = rest.first, RebuildOptions.names.contains(first) {
                    guard rest.count >= 2 else { throw ServeError("\(first) needs a value\n\n\(usage)") }
                    try o.rebuild.parse(first, rest[1])
                    rest.removeFirst(2)
                }
                if rest.first == "--" { rest.removeFirst() }
                o.appArguments = rest
                i = args.count
            // Connection limits.
            case "--header-timeout", "--idle-timeout":
                let v = try value(a)
                guard let s = Double(v), s >= 0.1, s <= 86400 else {
                    throw ServeError("\(a) must be 0.1...86400 seconds, not \(v)")
                }
                if a == "--header-timeout" { o.connections.headerTimeout = s } else { o.connections.idleTimeout = s }
            case "--max-connections":
                let v = try value(a)
                guard let n = Int(v), (1...1_000_000).contains(n) else {
                    throw ServeError("--max-connections must be 1...1000000, not \(v)")
                }
                o.connections.maxConnections = n
            case "-h", "--help": throw ServeError(usage, exitCode: 0)
            default:
                if a.hasPrefix("-") { throw ServeError("unknown option \(a)\n\n\(usage)") }
                positional.append(a)
            }
            i += 1
        }
        if !o.rebuild.watch.isEmpty && o.rebuild.command == nil {
            throw ServeError("--watch needs --rebuild CMD (the command a save runs)")
        }
        if o.rebuild.command != nil && o.app == nil {
            throw ServeError("--rebuild needs --app PATH (the app it rebuilds)")
        }
        guard positional.count <= 1 else { throw ServeError("give one session file or folder\n\n\(usage)") }
        if let t = positional.first { o.target = t }
        return o
    }

    /// Whether the theme is a file (else a built-in name).
    public var themeFile: String? {
        guard let t = theme, t.hasSuffix(".json") || t.contains("/") else { return nil }
        return t
    }
}

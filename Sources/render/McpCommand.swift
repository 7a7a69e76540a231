import ArgumentParser

/// `render mcp [--root DIR] [--app BIN [APP-ARGS...]]`: the engine and the live app as Model Context
/// Protocol tools for coding agents over stdio (docs/mcp.md). Like `render serve`, only finds the Serve
/// package's program, `render-serve` (which holds the protocol's SDK, so the engine's package resolves nothing
/// new: docs/decisions/2026-12-08-mcp-a-separate-executable.md), and replaces this process with
/// `render-serve mcp`.
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve render, tree, inspect, check and the live app as MCP tools for coding agents (stdio).",
        discussion: """
            render mcp [--root DIR] [--fonts-dir DIR] [--fonts DIR] [--step-timeout S] [--http PORT] \
            [--app BIN [APP-ARGS...]]. Speaks the Model Context Protocol on stdin and stdout (or streamable \
            HTTP on 127.0.0.1 with --http); paths stay inside --root (default: the \
            current folder) and files are written to ROOT/.render-mcp/. `render mcp --help` for more; docs/mcp.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: "The MCP server's arguments (see `render mcp --help`).")
    var arguments: [String] = []

    func run() throws { try ServeCommand.exec("render-serve", command: "mcp", mode: "mcp", arguments) }
}

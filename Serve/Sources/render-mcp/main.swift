import Foundation
import ServeMCP

// `render-mcp`: started by `render mcp` (docs/mcp.md). Stdout carries only the protocol; messages go to stderr.
signal(SIGPIPE, SIG_IGN)  // a worker or app that died: its pipe's write fails with EPIPE instead
do {
    let options = try MCPOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(MCPOptions.usage)
        exit(0)
    }
    try await MCPServer.run(options)
    exit(0)
} catch {
    fputs("render mcp: error: \(error)\n", stderr)
    exit(64)
}

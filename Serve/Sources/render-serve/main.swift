import Foundation
import ServeCore
import ServeMCP

// `render-serve`: started by `render serve` (docs/serve.md), and as `render-serve mcp` by `render mcp`
// (docs/mcp.md): one program for both, so the package carries the Swift runtime and the server's stack once.
// `render serve` always passes `--render` first, so a first argument `mcp` is never one of its own.
signal(SIGPIPE, SIG_IGN)  // a worker or app that died: its pipe's write fails with EPIPE instead
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "mcp" {
    // Stdout carries only the protocol; messages go to stderr.
    do {
        let options = try MCPOptions.parse(Array(arguments.dropFirst()))
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
}
setvbuf(stdout, nil, _IOLBF, 0)
do {
    let options = try ServeOptions.parse(arguments)
    try await Server.run(options)
    exit(0)
} catch let e as ServeError {
    let stream = e.exitCode == 0 ? stdout : stderr
    fputs(e.exitCode == 0 ? "\(e.description)\n" : "render serve: error: \(e.description)\n", stream)
    exit(e.exitCode)
} catch {
    fputs("render serve: error: \(error)\n", stderr)
    exit(2)
}

import Foundation
import ServeCore

// `render-serve`: started by `render serve` (docs/serve.md).
signal(SIGPIPE, SIG_IGN)  // a worker that died: its pipe's write fails with EPIPE instead
setvbuf(stdout, nil, _IOLBF, 0)
do {
    let options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst()))
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

import ArgumentParser
import Foundation
import Primitives

/// `render serve [SESSION.json | FOLDER] [OPTIONS]`: runs the live preview server, `render-serve`
/// (its own package, Serve/, built by `make serve` and `make setup`; docs/serve.md). This command
/// only finds that binary and replaces this process with it, passing every argument on and this
/// `render`'s path, which the server runs as its worker (`render --serve-worker`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live page that redraws as sessions, the theme or assets change, with an inspector.",
        discussion: """
            render serve [SESSION.json | FOLDER] [--theme NAME|FILE] [--port N] [--host ADDR] [--open] \
            [--device D] [--font-scale F] [--fonts-dir DIR] [--fonts DIR]. Listens on 127.0.0.1:8080 \
            unless told; exit 2 when the port is in use, 64 on bad usage. `render serve --help` for more; \
            docs/serve.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: "The server's arguments (see `render serve --help`).")
    var arguments: [String] = []

    /// Where the server binary may be: off the PATH in `../libexec/preview-renderer/` from this `render`'s
    /// folder (`make install`, the Debian package), beside this `render` (an older install), else in the Serve
    /// build of the checkout this `render` was built in (the nearest folder above it with Serve/Package.swift).
    /// `binary`: the Serve package's program, `render-serve` (which is also `render mcp`'s, as `render-serve mcp`).
    static func candidates(render: String, binary: String = "render-serve") -> [String] {
        let dir = (render as NSString).deletingLastPathComponent
        let prefix = (dir as NSString).deletingLastPathComponent
        var out = [
            (prefix as NSString).appendingPathComponent("libexec/preview-renderer/" + binary),
            (dir as NSString).appendingPathComponent(binary),
        ]
        var up = dir
        while up.count > 1 {
            if FileManager.default.fileExists(atPath: (up as NSString).appendingPathComponent("Serve/Package.swift")) {
                out.append((up as NSString).appendingPathComponent("Serve/.build/release/" + binary))
                break
            }
            up = (up as NSString).deletingLastPathComponent
        }
        return out
    }

    func run() throws { try Self.exec("render-serve", command: "serve", arguments) }

    /// Finds `binary` (the Serve package's `render-serve`) and replaces this process with it, `mode` (`mcp`)
    /// first when given.
    static func exec(_ binary: String, command: String, mode: String? = nil, _ arguments: [String]) throws {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let found = Self.candidates(render: me, binary: binary).first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let server = found else {
            StdErr.write(
                """
                render: error: `render \(command)` needs the binary \(binary), which is not built: run \
                `make serve` (or `make setup`) in the checkout; looked in \
                \(Self.candidates(render: me, binary: binary).joined(separator: ", "))
                """)
            throw ExitCode(ExitCodes.usage)
        }
        let argv = [server] + (mode.map { [$0] } ?? []) + ["--render", me] + arguments
        var cargs = argv.map { strdup($0) } + [nil]
        execv(server, &cargs)
        StdErr.write("render: error: cannot start \(server): \(String(cString: strerror(errno)))")
        throw ExitCode(ExitCodes.renderFailed)
    }
}

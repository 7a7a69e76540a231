// swift-tools-version:5.9
// `render serve`'s server (README "Live preview", docs/serve.md): its own package, so that a package
// using only the library products PreviewRenderer and PreviewRendererTesting resolves nothing new
// (SwiftPM fetches the dependencies of every product of a package). It runs `render --serve-worker` as a
// subprocess (docs/decisions/2026-11-28-serve-package.md), and takes only the protocol from the engine's
// package (its product ServeProtocol, a target with no dependencies: the one definition of the messages
// between page, server and worker; docs/decisions/2026-12-07-serve-protocol-target.md).
import PackageDescription

let package = Package(
    name: "PreviewRendererServe",
    platforms: [.macOS(.v14)],
    products: [
        // One program for `render serve` and `render mcp` (`render-serve mcp ...`): two statically linked programs
        // carried the Swift runtime, Foundation and SwiftNIO twice, 46 MB more in the package
        // (docs/decisions/2026-12-08-mcp-a-separate-executable.md).
        .executable(name: "render-serve", targets: ["render-serve"])
    ],
    dependencies: [
        // The engine's package, by path (named: a path dependency's identity is its folder's name, which
        // differs between checkouts). Building the server compiles only its ServeProtocol target.
        .package(name: "PreviewRenderer", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Already in Hummingbird's graph; named because the server's code imports them.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // `render mcp`'s protocol (docs/mcp.md): the Model Context Protocol's Swift SDK, pinned.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        // The page's HTML, CSS and JavaScript modules (Page/README.md), embedded in the binary at build time.
        .target(
            name: "ServePage",
            path: "Page",
            exclude: ["README.md", "tsconfig.json", ".eslintrc.json", "types.d.ts", "messages.schema.json"],
            sources: ["PageFiles.swift"],
            resources: [
                "index.html", "page.css", "a11y.css", "groups.css", "live.css", "main.js", "dom.js", "state.js",
                "socket.js", "sessions.js", "frames.js", "hover.js", "outlines.js", "tree.js", "inspector.js",
                "timeline.js", "a11y.js", "groups.js", "live.js", "live-controls.js", "live-gestures.js",
                "live-action-bar.js", "live-rebuild.js",
            ].map { .embedInCode($0) }),
        .target(
            name: "ServeCore",
            dependencies: [
                "ServePage",
                .product(name: "ServeProtocol", package: "PreviewRenderer"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .executableTarget(name: "render-serve", dependencies: ["ServeCore", "ServeMCP"]),
        // `render mcp` (docs/mcp.md): the tools over MCP, on the server's worker and app runners.
        .target(
            name: "ServeMCP",
            dependencies: [
                "ServeCore",
                .product(name: "ServeProtocol", package: "PreviewRenderer"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // The unit tests are a program (Tests/ServeUnitTests/TestKit.swift): built with the server's own flags,
        // `-static-stdlib` included, which XCTest cannot link with, so the stack is compiled once per run.
        .executableTarget(
            name: "serve-unit-tests",
            dependencies: ["ServeCore", "ServePage", .product(name: "ServeProtocol", package: "PreviewRenderer")],
            path: "Tests/ServeUnitTests"),
    ]
)

// swift-tools-version:5.9
// `render serve`'s server (README "Live preview", docs/serve.md): its own package, so that a package
// using only the library products PreviewRenderer and PreviewRendererTesting resolves nothing new
// (SwiftPM fetches the dependencies of every product of a package). It does not depend on the engine
// package: it runs `render --serve-worker` as a subprocess (docs/decisions/2026-11-28-serve-package.md).
import PackageDescription

let package = Package(
    name: "PreviewRendererServe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "render-serve", targets: ["render-serve"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Already in Hummingbird's graph; named because the server's code imports them.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        .target(
            name: "ServeCore",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .executableTarget(name: "render-serve", dependencies: ["ServeCore"]),
        // The unit tests are a program (Tests/ServeUnitTests/TestKit.swift): built with the server's own flags,
        // `-static-stdlib` included, which XCTest cannot link with, so the stack is compiled once per run.
        .executableTarget(name: "serve-unit-tests", dependencies: ["ServeCore"], path: "Tests/ServeUnitTests"),
    ]
)

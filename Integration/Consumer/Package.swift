// swift-tools-version:5.9
// A package that uses PreviewRenderer as any user's package would: a versioned dependency and the two
// library products. `make consumer-test` (scripts/consumer-test.sh) builds and tests it against a
// clone of this repository with a temporary version tag, reached through PREVIEW_RENDERER_URL.
import Foundation
import PackageDescription

let previewRenderer = ProcessInfo.processInfo.environment["PREVIEW_RENDERER_URL"]
    ?? "https://github.com/sometrik-preview/PreviewRenderer.git"

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: previewRenderer, from: "0.3.0"),
    ],
    targets: [
        .testTarget(name: "ConsumerTests", dependencies: [
            .product(name: "PreviewRenderer", package: "PreviewRenderer"),
            .product(name: "PreviewRendererTesting", package: "PreviewRenderer"),
        ], exclude: ["__Snapshots__"]),
    ]
)

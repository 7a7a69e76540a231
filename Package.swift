// swift-tools-version:5.9
// Targets are listed in dependency order: each depends only on targets above it, and declares every
// module it imports (CI builds with --explicit-target-dependency-import-check error). The numbered
// ones are the pipeline's stages: 1 decode (SessionFormat) -> 2 style values (Styles) -> 3 replay
// (WidgetTree) -> 4 text (TextLayout) -> 5 layout (Layout) -> 6 paint (Painting) -> 7 rasterize
// (Raster) -> 8 the whole pipeline (RenderPipeline). CairoFonts is the only library module importing
// Cairo, FreeType, HarfBuzz, fribidi and libunibreak; PNG the only one importing zlib and libpng (tests
// and the C API excepted); Compositing imports no C at all.
import PackageDescription

let package = Package(
    name: "PreviewRenderer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render", targets: ["render"]),
        // `import PreviewRenderer`: the whole public API; `import PreviewRendererTesting`: assertSnapshot.
        .library(name: "PreviewRenderer", targets: ["PreviewRenderer"]),
        .library(name: "PreviewRendererTesting", targets: ["PreviewRendererTesting"]),
        // `render serve`'s protocol, for the server's package (Serve/Package.swift depends on this one by path
        // and builds only this target; docs/decisions/2026-12-07-serve-protocol-target.md). Not part of the API.
        .library(name: "ServeProtocol", targets: ["ServeProtocol"]),
        // The C API (`make c-library`: CLibrary/include/preview_renderer.h, libpreview_renderer.so).
        .library(name: "preview_renderer", type: .dynamic, targets: ["PreviewRendererC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C libraries (system packages; see Makefile `deps`). `providers:` names each one's Debian package,
        // which SwiftPM suggests when pkg-config cannot find it (README, "Use it from your package").
        // No target has unsafe flags, so a package can depend on this one `from:` a version. The
        // Makefile's release build of `render` links Cairo and pixman statically instead, through
        // scripts/pkgconfig-static/cairo.pc (docs/decisions/2026-11-24-static-cairo-in-the-makefile-only.md).
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CUnibreak", path: "Sources/CUnibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(
            name: "CFribidi", path: "Sources/CFribidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),

        // Shared value types: geometry, colours, diagnostics, bitmaps, laid-out text, the image store.
        .target(name: "Primitives"),
        // The project's one JSON library: parser (line and column in errors, exact integers), value,
        // writer, and a `Decoder` over parsed values (themes stay `Codable`).
        .target(name: "JSON", dependencies: ["Primitives"]),
        // 1. The session file -> typed steps.
        .target(name: "SessionFormat", dependencies: ["Primitives", "JSON"]),
        // 2. Style values, themes and per-state resolution.
        .target(
            name: "Styles", dependencies: ["Primitives", "JSON", "SessionFormat"],
            resources: [.copy("Themes")]),
        // 3. Replay of steps into a widget tree, with the virtual clock and events.
        .target(name: "WidgetTree", dependencies: ["Primitives", "JSON", "SessionFormat", "Styles"]),
        // Pixel compositors in plain Swift, with Cairo's bytes: solid colour through A8 masks and opaque
        // fills straight into a frame's pixels, the box-blur approximation of a Gaussian, gradient stops.
        .target(name: "Compositing", dependencies: ["Primitives"]),
        // The Cairo and font boundary: Cairo surfaces, contexts and masks, FreeType faces and glyph images,
        // HarfBuzz shaping, fribidi (bidi), libunibreak (line breaks) wrapped in Swift types.
        .target(
            name: "CairoFonts",
            dependencies: ["Primitives", "Compositing", "CCairo", "CFreeType", "CHarfBuzz", "CUnibreak", "CFribidi"]),
        // The PNG codec: the PNG and APNG encoders (deflate through zlib, or the fast encoder's own),
        // the decoder of asset images (libpng's simplified API).
        .target(name: "PNG", dependencies: ["Primitives", "CZlib", "CPNG"]),
        // 4. Fonts from Fonts/, shaping, paragraph layout.
        .target(name: "TextLayout", dependencies: ["Primitives", "Styles", "CairoFonts"]),
        // Images: assets (confined to the assets folder) and packed pixel formats.
        .target(name: "ImageAssets", dependencies: ["Primitives", "SessionFormat", "PNG"]),
        // 5. One LaidOutElement record per element: frame in dp, resolved style, looks, placed texts.
        .target(name: "Layout", dependencies: ["Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout"]),
        // 6. A backend-neutral display list.
        .target(name: "Painting", dependencies: ["Primitives", "SessionFormat", "Styles", "Layout"]),
        // 7. Display list -> pixels (through CairoFonts' Cairo wrappers and the Compositing fast paths).
        .target(
            name: "Raster",
            dependencies: ["Primitives", "Styles", "Painting", "TextLayout", "CairoFonts", "Compositing"]),
        // The canvas library's ContextFactory / Context / Surface over Cairo.
        .target(
            name: "Canvas",
            dependencies: [
                "Primitives", "SessionFormat", "Styles", "TextLayout", "CairoFonts", "Compositing", "ImageAssets",
            ]),
        // 8. The whole pipeline as one call, with per-stage timings; PNG and APNG files (encoded by PNG).
        .target(
            name: "RenderPipeline",
            dependencies: [
                "JSON",
                "Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout", "ImageAssets", "Layout",
                "Painting", "Raster", "Canvas", "CairoFonts", "PNG",
            ]),
        // Where the iOS and Android backends would disagree on a session (render --portability).
        .target(
            name: "Portability",
            dependencies: ["JSON", "Primitives", "SessionFormat", "Styles", "WidgetTree", "Layout", "RenderPipeline"]),
        // Accessibility checks from the pixels, the hit map and a second layout: contrast, targets, large text.
        .target(
            name: "Accessibility",
            dependencies: [
                "JSON", "Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout", "Layout", "Painting",
                "Raster", "RenderPipeline",
            ]),
        // Goldens with semantic sidecars, comparison, record modes and reports.
        .target(
            name: "Snapshots",
            dependencies: [
                "JSON", "Primitives", "SessionFormat", "Styles", "WidgetTree", "PNG", "TextLayout",
                "Layout", "Painting", "RenderPipeline", "Accessibility",
            ]),
        // The library product's one module: re-exports the public API of the stages above.
        .target(
            name: "PreviewRenderer",
            dependencies: [
                "Canvas", "Primitives", "RenderPipeline", "SessionFormat", "Styles", "TextLayout", "WidgetTree",
            ]),
        // assertSnapshot for a user's XCTest or Swift Testing target (product PreviewRendererTesting).
        .target(name: "PreviewRendererTesting", dependencies: ["PreviewRenderer", "Snapshots"]),
        // The static HTML review gallery.
        .target(
            name: "Gallery",
            dependencies: [
                "Primitives", "SessionFormat", "Styles", "WidgetTree", "PNG", "Layout",
                "RenderPipeline", "Snapshots", "Portability",
            ]),
        // `render serve`'s protocol, defined once: the workers' wire format (length-prefixed fields), the
        // frame answer's header, the messages between page, server and worker. Depends on nothing, so the
        // server's package (Serve/) uses it without the engine (docs/decisions/2026-12-07-serve-protocol-target.md).
        .target(name: "ServeProtocol"),
        // `render serve`'s worker (`render --serve-worker`): frames, hit tests, accessibility, portability and
        // golden-check answers over the engine, kept warm between requests.
        .target(
            name: "ServeWorker",
            dependencies: [
                "Accessibility", "JSON", "Portability", "Primitives", "RenderPipeline", "ServeProtocol",
                "SessionFormat", "Snapshots", "Styles", "WidgetTree",
            ]),
        // The pool of worker processes behind `render`'s batch commands (`--jobs`): each worker kept warm,
        // a crash or a timeout the session's result, answers over ServeProtocol's wire format.
        .target(name: "WorkerPool", dependencies: ["Primitives", "RenderPipeline", "ServeProtocol"]),
        // The C API: the header's types, and the `pr_*` functions over HeadlessBackend (CLibrary/).
        // The C API's own header (this repository's CLibrary/include): no system package provides it.
        .systemLibrary(name: "CPreviewRendererHeader", path: "CLibrary/include", providers: []),
        .target(
            name: "PreviewRendererC",
            dependencies: ["Primitives", "SessionFormat", "WidgetTree", "RenderPipeline", "CPreviewRendererHeader"],
            path: "CLibrary/Sources/PreviewRendererC"),
        // The CLI: options, files, exit codes.
        .executableTarget(
            name: "render",
            dependencies: [
                "JSON", "Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout", "Layout", "Painting",
                "RenderPipeline", "Snapshots", "Gallery", "Portability", "Accessibility", "ServeProtocol",
                "ServeWorker", "WorkerPool", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The benchmark driver behind `make bench`.
        .executableTarget(
            name: "bench",
            dependencies: [
                "SessionFormat", "Styles", "WidgetTree", "RenderPipeline", "PreviewRendererC",
                "CPreviewRendererHeader", "Accessibility",
            ]),
        // libFuzzer target over the whole pipeline and the canvas player (`make fuzz`; needs -sanitize=fuzzer).
        .executableTarget(
            name: "fuzz-session", dependencies: ["Primitives", "SessionFormat", "WidgetTree", "RenderPipeline"]),

        // What the test targets share: the repository's folders, temporary folders, the built `render`.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "CompositingTests", dependencies: ["TestSupport", "Primitives", "Compositing"]),
        .testTarget(name: "PNGTests", dependencies: ["TestSupport", "Primitives", "PNG", "CZlib"]),
        .testTarget(
            name: "CairoFontsTests", dependencies: ["TestSupport", "Primitives", "Compositing", "CairoFonts"]),
        .testTarget(name: "JSONTests", dependencies: ["TestSupport", "JSON"]),
        .testTarget(name: "SessionFormatTests", dependencies: ["JSON", "TestSupport", "Primitives", "SessionFormat"]),
        .testTarget(
            name: "StylesTests", dependencies: ["JSON", "TestSupport", "Primitives", "SessionFormat", "Styles"]),
        .testTarget(
            name: "WidgetTreeTests",
            dependencies: ["TestSupport", "Primitives", "SessionFormat", "Styles", "WidgetTree"]),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: ["TestSupport", "Primitives", "Styles", "CairoFonts", "TextLayout"]),
        .testTarget(
            name: "ImageAssetsTests",
            dependencies: ["TestSupport", "Primitives", "SessionFormat", "CairoFonts", "PNG", "ImageAssets"]),
        .testTarget(
            name: "LayoutTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout", "Layout",
            ]),
        .testTarget(
            name: "PaintingTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "Styles", "WidgetTree", "TextLayout", "Layout",
                "Painting",
            ]),
        // CZlib: the PNG encoder's output is checked with zlib's own inflate.
        .testTarget(
            name: "RasterTests",
            dependencies: [
                "TestSupport", "Primitives", "Styles", "TextLayout", "Painting", "CairoFonts", "Compositing", "PNG",
                "Raster", "CZlib",
            ]),
        .testTarget(
            name: "CanvasTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "Styles", "CairoFonts", "Compositing", "TextLayout",
                "ImageAssets",
                "Canvas",
            ]),
        .testTarget(
            name: "SnapshotsTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "WidgetTree", "PNG", "Painting",
                "RenderPipeline", "Snapshots", "Gallery", "PreviewRenderer", "PreviewRendererTesting",
            ]),
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["JSON", "TestSupport", "Primitives", "SessionFormat", "PNG", "RenderPipeline"]),
        .testTarget(
            name: "RenderPipelineTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "Styles", "WidgetTree", "CairoFonts", "PNG",
                "TextLayout", "RenderPipeline", "Snapshots",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AccessibilityTests",
            dependencies: [
                "TestSupport", "Primitives", "SessionFormat", "Styles", "RenderPipeline", "Accessibility",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ServeWorkerTests",
            dependencies: [
                "JSON", "TestSupport", "Primitives", "SessionFormat", "RenderPipeline", "ServeProtocol", "ServeWorker",
                "Snapshots",
            ]),
        .testTarget(
            name: "PortabilityTests", dependencies: ["TestSupport", "SessionFormat", "Portability", "Gallery"],
            exclude: ["Fixtures"]),
    ]
)

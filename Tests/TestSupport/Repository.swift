import Foundation

/// The repository's folders, found from this file's place (Tests/TestSupport/), for every test
/// target: the bundled fonts, the sample sessions and their goldens.
public enum Repository {
    /// The repository root (three levels above this file; symlinks resolved).
    public static let root: String = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// Fonts/, filled by `make fonts`.
    public static var fonts: String { root + "/Fonts" }
    /// Examples/: the sample sessions, their `.expect.json` files and `assets/`.
    public static var examples: String { root + "/Examples" }
    public static var examplesAssets: String { examples + "/assets" }
    /// Snapshots/: the goldens of the sample sessions.
    public static var snapshots: String { root + "/Snapshots" }
    /// Where failing tests leave their images (`expected | diff | actual`).
    public static var failures: String { root + "/out/test-failures" }

    /// Session files in a folder (every `*.json` but the `.expect.json` files), sorted by name.
    public static func sessions(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.sorted()
    }

    /// The `render` the tests run as a process: `PREVIEW_RENDER_BINARY` when set (`make test` sets it to the
    /// release `render` it has just built from the same sources: the shipped binary, and the tests that
    /// render every example through it take seconds instead of minutes), else the debug `render` built
    /// beside the test bundle (`swift test` builds it; `make check` and a bare `swift test` use it).
    public static func renderBinary() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["PREVIEW_RENDER_BINARY"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, CommandLine.arguments[0],
        ]
        .map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("render").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Fresh folders for a test's files.
public enum TemporaryFolder {
    /// A new empty folder under the system temporary folder, named after `tag` and a UUID.
    public static func make(_ tag: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(tag)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

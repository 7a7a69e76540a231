import Foundation
import PreviewRenderer
import Snapshots

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Compares the backend's current frame with the golden `name`, in XCTest or Swift Testing alike.
///
/// Goldens live beside the test file, as swift-snapshot-testing keeps them:
/// `__Snapshots__/<TestFile>/<name>.png` and its sidecar `<name>.json` (docs/decisions.md, "Where
/// goldens live"). With no golden the frame is recorded and the assertion fails naming the file it
/// wrote; `PREVIEW_RECORD=failed` re-records a differing golden and `all` every one, failing the same
/// way, so nothing passes by being recorded. A difference fails with what changed in words ("button 4
/// background #ff0000 -> #00ff00"), the changed regions and an `expected | diff | actual` image under
/// the package's `.build/preview-snapshot-failures/` (never in the sources).
public func assertSnapshot(
    of backend: HeadlessBackend, named name: String, record: RecordMode? = nil,
    tolerance: Tolerance = Tolerance(), snapshotsDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let frame = try backend.screenshotFrame()
        var settings = SnapshotSettings(
            snapshotsDirectory: snapshotsDirectory ?? place.besideTestFile,
            failuresDirectory: place.failuresDirectory,
            record: record ?? RecordMode.forAssertions(), tolerance: tolerance)
        let renderer = backend.renderer
        settings.fontsDirectory = renderer.options.fontsDirectory
        let environment = SnapshotSidecar.Environment.current(
            options: renderer.options, device: backend.device,
            frame: frame, fonts: renderer.fonts)
        let outcome = try GoldenComparison(settings: settings).evaluate(
            name: name, session: place.testFile, snapshot: nil, actual: frame.bitmap,
            sidecar: SnapshotSidecar(frame: frame, environment: environment),
            reproduce: "swift test --filter \(place.testFileBase) (PREVIEW_RECORD=failed re-records)")
        if !outcome.passed { place.fail(outcome.message) }
    } catch {
        place.fail("snapshot \(name): \(error)")
    }
}

/// Checks one frame of a session file against its golden, as `render check` does: the final frame, or
/// the last `snapshot` step named `snapshot`; only that golden is rendered, compared and recorded.
/// A relative `session` path and the goldens folder are found from the package root (the nearest
/// folder above the test file with a `Package.swift`), which is where `render check` runs:
/// `Snapshots/NAME[@SNAP].png`, or `Snapshots/THEME/` for another theme.
public func assertSnapshot(
    session: String, snapshot: String? = nil, theme: String = "default",
    fontsDirectory: String? = nil, record: RecordMode? = nil, tolerance: Tolerance = Tolerance(),
    snapshotsDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    let root = place.packageRoot
    let path = session.hasPrefix("/") ? session : root + "/" + session
    let goldens =
        snapshotsDirectory ?? SnapshotSettings.goldensDirectory(root: root + "/Snapshots", theme: theme, device: nil)
    let settings = SnapshotSettings(
        snapshotsDirectory: goldens, failuresDirectory: place.failuresDirectory,
        record: record ?? RecordMode.forAssertions(), tolerance: tolerance)
    do {
        var options = RenderOptions(fontsDirectory: fontsDirectory)
        options.theme = theme
        let renderer = try Renderer(options: options)
        let outcomes = SnapshotChecker(settings: settings).check(
            session: path, renderer: renderer, only: [snapshot ?? ""])
        if outcomes.isEmpty { place.fail("\(session): no snapshot step named '\(snapshot ?? "")'") }
        for o in outcomes where !o.passed { place.fail(o.message) }
    } catch {
        place.fail("\(session): \(error)")
    }
}

extension RecordMode {
    /// `PREVIEW_RECORD` when set, else `missing`: an assertion with no golden records one and fails
    /// (as swift-snapshot-testing does), so a new test shows its picture on the first run and a CI run
    /// cannot pass on a golden nobody committed.
    static func forAssertions(_ env: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        env["PREVIEW_RECORD"].flatMap { RecordMode(rawValue: $0.lowercased()) } ?? .missing
    }
}

/// Where an assertion was written, and what follows from it: goldens, failure artefacts, reporting.
struct TestPlace {
    var fileID: StaticString, filePath: StaticString, line: UInt, column: UInt

    var testFile: String { "\(filePath)" }
    /// The test file's name without `.swift`.
    var testFileBase: String { ((testFile as NSString).lastPathComponent as NSString).deletingPathExtension }
    /// `__Snapshots__/<TestFile>` beside the test file.
    var besideTestFile: String {
        (testFile as NSString).deletingLastPathComponent + "/__Snapshots__/" + testFileBase
    }
    /// The nearest folder above the test file that holds a `Package.swift`; the working folder if none.
    var packageRoot: String {
        var dir = (testFile as NSString).deletingLastPathComponent
        while dir.count > 1 {
            if FileManager.default.fileExists(atPath: dir + "/Package.swift") { return dir }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return FileManager.default.currentDirectoryPath
    }
    /// Diff images and actual sidecars: in the build folder, which is never committed.
    var failuresDirectory: String { packageRoot + "/.build/preview-snapshot-failures/" + testFileBase }

    /// Records a failure with the running test library.
    func fail(_ message: String) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: line)
        #else
            print("\(filePath):\(line): error: \(message)")
        #endif
    }
}

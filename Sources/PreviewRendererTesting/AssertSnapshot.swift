import Foundation
import PreviewRenderer
import Snapshots

// The two types assertSnapshot's parameters use, so a test can name them with this import alone.
@_exported import enum Snapshots.RecordMode
@_exported import struct Snapshots.Tolerance

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Compares the backend's current frame with its golden, in XCTest or Swift Testing alike.
///
/// Goldens live beside the test file, as swift-snapshot-testing keeps them, named after the test:
/// `__Snapshots__/<TestFile>/<test>.<name>.png` with `named:`, `<test>.1.png`, `<test>.2.png`, ... without
/// (numbered by call site, in the order the test first reaches them), and a sidecar `.json` beside each
/// (docs/decisions.md, "Where goldens live"). `<test>` is the test function's name without `()`
/// (`testRedButton`, `redButton`). Two assertions of one run that would share a golden fail, naming
/// both. With no golden the frame is recorded and the assertion fails naming the file it wrote;
/// `PREVIEW_RECORD=failed` re-records a differing golden and `all` every one, failing the same way, so
/// nothing passes by being recorded. A difference fails with what changed in words ("button 4
/// background #ff0000 -> #00ff00"), the changed regions, an `expected | diff | actual` image under the
/// package's `.build/preview-snapshot-failures/` (never in the sources), and the `swift test --filter`
/// line that runs that test alone.
public func assertSnapshot(
    of backend: HeadlessBackend, named name: String? = nil, record: RecordMode? = nil,
    tolerance: Tolerance = Tolerance(), snapshotsDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    let folder = snapshotsDirectory ?? place.besideTestFile
    let golden = GoldenNames.shared.claim(folder: folder, named: name, by: place)
    guard case .success(let goldenName) = golden else {
        if case .failure(let clash) = golden { place.fail(clash.description) }
        return
    }
    do {
        let frame = try backend.screenshotFrame()
        var settings = SnapshotSettings(
            snapshotsDirectory: folder,
            failuresDirectory: place.failuresDirectory,
            record: record ?? RecordMode.forAssertions(), tolerance: tolerance)
        let renderer = backend.renderer
        settings.fontsDirectory = renderer.options.fontsDirectory
        let environment = SnapshotSidecar.Environment.current(
            options: renderer.options, device: backend.device,
            frame: frame, fonts: renderer.fonts)
        let outcome = try GoldenComparison(settings: settings).evaluate(
            name: goldenName, session: place.testFile, snapshot: nil, actual: frame.bitmap,
            sidecar: SnapshotSidecar(frame: frame, environment: environment),
            reproduce: place.reproduce)
        if !outcome.passed { place.fail(outcome.message) }
    } catch {
        place.fail("snapshot \(goldenName): \(error)")
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
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
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
        if outcomes.isEmpty {
            place.fail(SnapshotChecker.noSuchSnapshot(snapshot ?? "", session: path, renderer: renderer))
        }
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
    var function: StaticString

    /// The test function's name without its parameter list: `testRedButton`, `redButton`.
    var testName: String {
        let f = "\(function)"
        return f.firstIndex(of: "(").map { String(f[..<$0]) } ?? f
    }
    /// The test's suite: Swift Testing's own (`ScreenSwiftTests`), else the test file's name, which
    /// XCTest classes are named after (`ScreenTests.swift` holds `ScreenTests`).
    var suiteName: String {
        #if canImport(Testing)
            if let test = Test.current, test.id.nameComponents.count > 1 {
                return test.id.nameComponents.dropLast().joined(separator: ".")
            }
        #endif
        return testFileBase
    }
    /// Who claims a golden, for messages: `ScreenTests.testRedButton (ScreenTests.swift:12)`.
    var who: String { "\(suiteName).\(testName) (\((testFile as NSString).lastPathComponent):\(line))" }
    /// The line that runs this test alone (`.` matches the `/` of SwiftPM's test names as well).
    var reproduce: String {
        "swift test --filter \(suiteName).\(testName) (PREVIEW_RECORD=failed re-records)"
    }

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

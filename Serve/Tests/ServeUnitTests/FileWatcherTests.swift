import Foundation
import ServeCore

/// The inotify watcher: a folder created after the server started (the sessions' `assets/`) is
/// watched from the moment it appears, so a file written into it is reported.
final class FileWatcherTests: XCTestCase {
    /// Paths reported by the watcher, and the expectations waiting for the n-th report of a path.
    final class Reports: @unchecked Sendable {
        let lock = NSLock()
        var seen: [String: Int] = [:]
        var waiting: [(path: String, count: Int, done: XCTestExpectation)] = []
        func expect(_ path: String, time count: Int = 1, _ e: XCTestExpectation) {
            lock.withLock { waiting.append((path, count, e)) }
            report([])
        }
        func report(_ paths: [String]) {
            lock.withLock {
                for p in paths { seen[p, default: 0] += 1 }
                for w in waiting where seen[w.path, default: 0] >= w.count { w.done.fulfill() }
                waiting.removeAll { seen[$0.path, default: 0] >= $0.count }
            }
        }
    }

    func testAFolderCreatedLaterIsWatchedOnceItAppears() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-watch-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let assets = dir + "/assets"
        let reports = Reports()
        let watcher = try XCTUnwrap(FileWatcher { reports.report($0) })
        XCTAssertTrue(watcher.watch(dir))
        watcher.watch(assets, whenCreated: true)  // not there yet
        watcher.start()

        // The folder's creation is reported after its watch is in place: a file written after that
        // report is seen.
        let created = expectation(description: "assets created")
        reports.expect(assets, created)
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: false)
        wait(for: [created], timeout: 30)
        let written = expectation(description: "asset written")
        reports.expect(assets + "/logo.png", written)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: assets + "/logo.png"))
        wait(for: [written], timeout: 30)

        // Removed (its second report) and made again (its third): watched again.
        try FileManager.default.removeItem(atPath: assets)
        let again = expectation(description: "assets created again")
        reports.expect(assets, time: 3, again)
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: false)
        wait(for: [again], timeout: 30)
        let rewritten = expectation(description: "asset written again")
        reports.expect(assets + "/icon.png", rewritten)
        try Data([4]).write(to: URL(fileURLWithPath: assets + "/icon.png"))
        wait(for: [rewritten], timeout: 30)
    }
}

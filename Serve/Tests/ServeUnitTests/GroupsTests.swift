import Foundation
import ServeCore
import ServeProtocol

/// The Groups pane's answer (issue 50): a folder with goldens, two sessions whose background colour
/// changed; the server's `groups` message holds the groups `render check FOLDER --report` writes (the same
/// ids, words and snapshots: one grouping, in the engine), and after `render check --accept-group ID`
/// writes the goldens the server checks again by itself (inotify on the goldens) and sends no group.
final class GroupsTests: XCTestCase {
    private var dir = ""
    private var server: Task<Void, Error>?

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/screens", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server?.cancel()
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// `render ARGS` with a time limit; its exit status.
    @discardableResult
    private func render(_ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try XCTUnwrap(ServerTests.render))
        p.arguments = args + ["--fonts-dir", ServerTests.root + "/Fonts"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(120)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        return p.terminationStatus
    }

    private func groups(_ m: [String: Any]) throws -> CheckAnswer {
        try ServerTests.answer(m["data"], CheckAnswer.self)
    }

    func testTheGroupsAreRenderChecksAndFollowAnAcceptedGroup() async throws {
        let screens = dir + "/screens"
        let goldens = dir + "/goldens"
        let text = try String(contentsOfFile: ServerTests.session, encoding: .utf8)
        for n in ["a.json", "b.json"] { try text.write(toFile: screens + "/" + n, atomically: true, encoding: .utf8) }
        XCTAssertEqual(try render(["check", screens, "--snapshots", goldens, "--record", "missing"]), 6)
        let changed = text.replacingOccurrences(of: "\"#ffffff\"", with: "\"#e0e0e0\"")
        for n in ["a.json", "b.json"] {
            try changed.write(toFile: screens + "/" + n, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try render(["check", screens, "--snapshots", goldens, "--report", dir + "/check.json"]), 6)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/check.json")))
        let expected = try XCTUnwrap((report as? [String: Any])?["groups"] as? [[String: Any]])
        XCTAssertEqual(expected.count, 1)

        guard let renderPath = ServerTests.render else { throw SocketError("no render binary: run make build") }
        var options = ServeOptions()
        (options.target, options.port, options.render) = (screens, 0, renderPath)
        options.fontsDir = ServerTests.root + "/Fonts"
        options.snapshots = goldens
        let (task, port) = try await runServer(options)
        server = task
        let c = try SocketClient(port: port, timeout: 120)
        XCTAssertEqual(try c.upgrade(host: "127.0.0.1:\(port)"), 101)
        let sessions = try c.text { $0["type"] as? String == "sessions" }
        XCTAssertEqual(sessions["goldens"] as? String, SessionFolderPath.real(goldens))
        try c.send(json: ["type": "view", "session": "a.json"])
        try c.send(json: ["type": "groups", "open": true])
        let first = try groups(try c.text { $0["type"] as? String == "groups" })
        XCTAssertEqual(first.groups.map(\.id), expected.compactMap { $0["id"] as? String })
        XCTAssertEqual(first.groups.map(\.words), expected.compactMap { $0["words"] as? String })
        XCTAssertEqual(first.groups.map(\.snapshots), expected.compactMap { $0["snapshots"] as? [String] })
        let group = try XCTUnwrap(first.groups.first)
        XCTAssertEqual(group.sessions, ["a.json", "b.json"])
        XCTAssertTrue(group.words.hasSuffix("in 2 sessions"), group.words)
        XCTAssertTrue(first.summary.hasPrefix("\(group.snapshots.count) changed"), first.summary)
        XCTAssertTrue(group.accept?.contains("--accept-group \(group.id)") == true, group.accept ?? "")

        // Accepted from the command line: the goldens are written, and the pane follows.
        // (Exit 6: goldens were written, as any recording.)
        XCTAssertEqual(try render(["check", screens, "--snapshots", goldens, "--accept-group", group.id]), 6)
        let after = try groups(
            try c.text(limit: 20) { m in
                m["type"] as? String == "groups"
                    && ((m["data"] as? [String: Any])?["groups"] as? [Any])?.isEmpty == true
            })
        XCTAssertTrue(after.summary.hasSuffix("passed"), after.summary)
        XCTAssertTrue(after.snapshots.allSatisfy { $0.status == "passed" })
    }
}

/// A folder's real path, as the server names the goldens' root.
enum SessionFolderPath {
    static func real(_ p: String) -> String {
        guard let r = realpath(p, nil) else { return p }
        defer { free(r) }
        return String(cString: r)
    }
}

import Foundation
import ServeCore

/// How `render serve --app` reports an app's end (AppProcess.swift), with small shell scripts as the
/// app: one answer line per step read, then the end under test.
final class AppProcessTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        let tmp = FileManager.default.temporaryDirectory
        dir = tmp.appendingPathComponent("app-process-\(getpid())-\(name.hashValue)").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// An app that answers the boot and `answered` steps, then reads one more step and runs `end`.
    private func app(answering answered: Int, then end: String, stepTimeout: Double = 10) throws -> AppProcess {
        let path = dir + "/app.sh"
        let script = """
            #!/bin/sh
            echo '{"step":"boot","outcome":"ok"}'
            i=0
            while [ $i -lt \(answered) ]; do read line; echo "{\\"step\\":$i,\\"outcome\\":\\"ok\\"}"; i=$((i+1)); done
            read line
            \(end)
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return AppProcess(path: path, arguments: [], outDir: dir, stepTimeout: stepTimeout)
    }

    func testExitDuringAStepNamesTheStepAndTheAppsLastWords() async throws {
        let p = try app(answering: 2, then: "echo 'bye from the handler' >&2; exit 3")
        let boot = await p.start()
        XCTAssertEqual(boot["outcome"] as? String, "ok")
        for i in 0..<2 {
            let answer = await p.play(["type": "tick", "ms": 16])
            XCTAssertEqual(answer["step"] as? Int, i)
        }
        let end = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(end["outcome"] as? String, "exited")
        XCTAssertEqual(end["status"] as? Int, 3)
        XCTAssertEqual(end["step"] as? Int, 2)
        XCTAssertEqual(end["ended"] as? Bool, true)
        XCTAssertEqual(end["message"] as? String, "the app exited with status 3: bye from the handler")
        // The run is over: a step now is refused, and nothing is left to reap.
        let after = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(after["outcome"] as? String, "not-running")
        let reaped = await p.reapIfEnded()
        XCTAssertNil(reaped)
    }

    func testASignalIsACrashAtItsStep() async throws {
        // SIGKILL: the test runner may leave SIGABRT blocked in its children (the browser test aborts for real).
        let p = try app(answering: 0, then: "kill -KILL $$")
        _ = await p.start()
        let end = await p.play(["type": "tap", "x": 1.0, "y": 2.0])
        XCTAssertEqual(end["outcome"] as? String, "crashed")
        XCTAssertEqual(end["status"] as? Int, Int(SIGKILL))
        XCTAssertEqual(end["step"] as? Int, 0)
        XCTAssertEqual(end["message"] as? String, "the app crashed (signal 9)")
    }

    func testAnEndBetweenStepsIsReapedOnce() async throws {
        let p = try app(answering: 1, then: "")
        let ends = Counter()
        let ended = expectation(description: "the termination handler")
        p.onExit = {
            ends.add()
            ended.fulfill()
        }
        _ = await p.start()
        let answer = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(answer["outcome"] as? String, "ok")
        // Idle: the app is killed while no step waits for it.
        let pid = try XCTUnwrap(p.pid)
        kill(pid, SIGKILL)
        await fulfillment(of: [ended], timeout: 60)
        let maybe = await p.reapIfEnded()
        let reaped = try XCTUnwrap(maybe)
        XCTAssertEqual(reaped["outcome"] as? String, "crashed")
        XCTAssertNil(reaped["step"])
        XCTAssertEqual(reaped["message"] as? String, "the app crashed (signal 9) between steps (after step 0)")
        let again = await p.reapIfEnded()
        XCTAssertNil(again)
        XCTAssertEqual(ends.value, 1)
    }
}

/// A count shared with a termination handler.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}

import Foundation
import ServeCore

/// An app that misbehaves cannot hold `render serve --app` (AppProcess.swift, issue 44): a step never
/// answered, stdout closed while the app lives, a helper holding the pipes, a flood of stderr; the app
/// runs in its own process group with no signal blocked, and every process of a run is gone after it.
final class AppFaultTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir =
            FileManager.default.temporaryDirectory.appendingPathComponent("app-fault-\(getpid())-\(name.hashValue)")
            .path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// An app that answers its boot, then runs `onStep` when it reads its first step.
    private func app(_ onStep: String, stepTimeout: Double = 10) throws -> AppProcess {
        let path = dir + "/app.sh"
        let script = """
            #!/bin/sh
            echo '{"step":"boot","outcome":"ok"}'
            read line
            \(onStep)
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return AppProcess(path: path, arguments: [], outDir: dir, stepTimeout: stepTimeout)
    }

    /// The live processes whose process group is `pgid` (from /proc), after at most a second: a
    /// SIGKILL takes effect asynchronously. A helper the kill ended but whose new parent (PID 1 here)
    /// has not reaped it yet is no longer alive (state Z) and is not counted.
    private func group(_ pgid: Int32) -> [Int32] {
        var alive: [Int32] = []
        for _ in 0..<100 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            alive = names.compactMap { Int32($0) }.filter { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 3 && Int32(fields[2]) == pgid && fields[0] != "Z"  // state, ppid, pgrp
            }
            if alive.isEmpty { break }
            usleep(10_000)
        }
        return alive
    }

    func testAStepNeverAnsweredIsHungAtTheLimitAndTheGroupEnds() async throws {
        let p = try app("sleep 300 & sleep 300", stepTimeout: 0.5)
        _ = await p.start()
        let pid = try XCTUnwrap(p.pid)
        let answer = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(answer["outcome"] as? String, "hung")
        XCTAssertEqual(answer["limit"] as? String, "step-timeout")
        XCTAssertEqual(answer["ended"] as? Bool, true)
        let message = try XCTUnwrap(answer["message"] as? String)
        XCTAssertTrue(message.contains("within 0.5 s (render serve --step-timeout)"), message)
        XCTAssertEqual(group(pid), [], "the app and its helper are gone")
    }

    func testStdoutClosedWhileTheAppLivesEndsTheRun() async throws {
        let p = try app("exec 1>&-; sleep 300")
        _ = await p.start()
        let pid = try XCTUnwrap(p.pid)
        let answer = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(answer["outcome"] as? String, "stopped")
        XCTAssertEqual(
            answer["message"] as? String, "the app closed its output (stdout) but kept running: it was ended")
        XCTAssertEqual(group(pid), [])
    }

    func testACrashWithAHelperHoldingThePipesIsSeenAndTheHelperEnds() async throws {
        // The helper inherits stdout and stderr: the pipe never reaches its end while it lives.
        let p = try app("sleep 300 & kill -KILL $$")
        _ = await p.start()
        let pid = try XCTUnwrap(p.pid)
        let answer = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(answer["outcome"] as? String, "crashed")
        XCTAssertEqual(answer["status"] as? Int, Int(SIGKILL))
        XCTAssertEqual(group(pid), [])
    }

    func testRestartEndsAStepThatWaitsForeverAtOnce() async throws {
        let p = try app("sleep 300")
        _ = await p.start()
        let pid = try XCTUnwrap(p.pid)
        async let waiting = p.play(["type": "tick", "ms": 16])
        try await Task.sleep(for: .milliseconds(200))
        let asked = Date()
        p.interrupt()
        let answer = await waiting
        XCTAssertEqual(answer["outcome"] as? String, "restarted")
        let boot = await p.start()
        XCTAssertEqual(boot["outcome"] as? String, "ok")
        XCTAssertLessThan(Date().timeIntervalSince(asked), 2, "Restart's budget (issue 44)")
        XCTAssertEqual(group(pid), [])
        XCTAssertNotEqual(p.pid, pid)
    }

    func testAFloodOfStderrKeepsOnlyATail() async throws {
        // 20 MB of stderr, then the last words and an exit.
        let p = try app("yes xxxxxxxxxx | head -c 20000000 >&2; echo >&2; echo 'last words' >&2; exit 3")
        _ = await p.start()
        let answer = await p.play(["type": "tick", "ms": 16])
        XCTAssertEqual(answer["outcome"] as? String, "exited")
        let message = try XCTUnwrap(answer["message"] as? String)
        XCTAssertTrue(message.hasSuffix("last words"), String(message.suffix(80)))
        XCTAssertLessThan(message.utf8.count, 4200)
    }

    func testTheAppStartsWithNoSignalBlockedInAGroupOfItsOwn() async throws {
        // The app writes its blocked-signal mask and its process group into its answer.
        let path = dir + "/app.sh"
        let script = """
            #!/bin/sh
            mask=$(grep SigBlk /proc/$$/status | cut -f2)
            ign=$(grep SigIgn /proc/$$/status | cut -f2)
            pgrp=$(cut -d' ' -f5 /proc/$$/stat)
            printf '{"step":"boot","outcome":"ok","mask":"%s",' "$mask"
            echo "\\"ignored\\":\\"$ign\\",\\"pgrp\\":$pgrp}"
            read line
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        let p = AppProcess(path: path, arguments: [], outDir: dir)
        let boot = await p.start()
        // No signal blocked or ignored but glibc's own two (32 and 33, its thread cancellation and
        // set*id signals, which its posix_spawn sets itself and a glibc program installs anew).
        let mask = try XCTUnwrap(UInt64(boot["mask"] as? String ?? "", radix: 16))
        XCTAssertEqual(mask & ~UInt64(0x1_8000_0000), 0, String(mask, radix: 16))
        let ignored = try XCTUnwrap(UInt64(boot["ignored"] as? String ?? "", radix: 16))
        XCTAssertEqual(ignored & ~UInt64(0x1_8000_0000), 0, String(ignored, radix: 16))
        XCTAssertEqual((boot["pgrp"] as? Int).map(Int32.init), p.pid)
        _ = await p.play(["type": "tick", "ms": 16])
    }
}

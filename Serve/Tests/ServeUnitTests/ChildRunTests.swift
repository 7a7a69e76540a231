import Foundation
import ServeCore

/// `render mcp`'s one-shot children (ChildRun, ServeCore/MCPSupport.swift: `render check`, the app's
/// `--explore`): stdout and the exit code read back; past the time limit the whole group is ended, a helper
/// that holds the pipe too, and the call returns.
final class ChildRunTests: XCTestCase {
    func testOutputAndExitCodeAreRead() {
        let r = ChildRun.run("/bin/sh", ["-c", "echo hello; echo said >&2; exit 3"], seconds: 10)
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "hello\n")
        XCTAssertEqual(r.exitCode, 3)
        XCTAssertFalse(r.timedOut)
        XCTAssertEqual(r.stderrTail, "said")
    }

    func testTheTimeLimitEndsTheGroup() throws {
        let marker = "299.\(getpid())"  // a sleep's seconds, unique to this run, seen in /proc/PID/cmdline
        let started = Date()
        // A helper in the group holds stdout: the run ends at the limit, not when the shell does.
        let r = ChildRun.run("/bin/sh", ["-c", "sleep \(marker) & sleep \(marker)"], seconds: 0.3)
        XCTAssertTrue(r.timedOut)
        XCTAssertNil(r.exitCode)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        var left: [String] = []
        for _ in 0..<100 {
            left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
                guard Int32(pid) != nil,
                    let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
                else { return false }
                return cmd == "sleep\0\(marker)\0"
            }
            if left.isEmpty { break }
            usleep(10_000)
        }
        XCTAssertEqual(left, [], "the group was ended")
    }

    func testAProgramThatCannotStartSaysWhy() {
        let r = ChildRun.run("/nonexistent/program", [], seconds: 1)
        XCTAssertNil(r.exitCode)
        XCTAssertTrue(r.stderrTail.contains("cannot start"), r.stderrTail)
    }
}

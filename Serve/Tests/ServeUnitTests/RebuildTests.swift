import Foundation
import ServeCore
import ServeProtocol

/// `render serve --app BIN --rebuild CMD --watch DIR` (LiveHub+Rebuild.swift, BuildRun.swift): the build as a child
/// (time limit, its own group, no signal blocked, bounded output), the compiler's messages read from its output,
/// and the whole loop over the server's socket with a shell-script app and a fake build: a save rebuilds, a failed
/// build leaves the app running and says where, a build that succeeds replays the walk, a replay that cannot go on
/// says at which step, a burst of saves is one build.
final class RebuildTests: XCTestCase {
    private var dir = ""
    private var server: Task<Void, Error>?

    override func setUpWithError() throws {
        dir =
            FileManager.default.temporaryDirectory.appendingPathComponent("rebuild-\(getpid())-\(name.hashValue)").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server?.cancel()
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testCompilerMessagesAreReadFromTheOutput() {
        let out = """
            In file included from src/a.cpp:1:
            src/a.h:7:12: warning: unused variable 'x' [-Wunused-variable]
            src/a.cpp:42:5: error: expected ';' after expression
            src/b.cpp:3: error: 'Foo' was not declared in this scope
            \u{1b}[01m\u{1b}[Ksrc/c.cpp:9:1:\u{1b}[m\u{1b}[K \u{1b}[01;31m\u{1b}[Kfatal error: \
            \u{1b}[m\u{1b}[Kmissing.h: No such file
            src/a.cpp:42:5: error: expected ';' after expression
            make: *** [Makefile:3: app] Error 1
            ld: undefined reference to `main'
            """
        let d = BuildDiagnostics.parse(out)
        XCTAssertEqual(d.map(\.file), ["src/a.cpp", "src/b.cpp", "src/c.cpp", "src/a.h"])
        XCTAssertEqual(
            d[0],
            BuildDiagnostic(
                file: "src/a.cpp", line: 42, column: 5, severity: "error", message: "expected ';' after expression"))
        XCTAssertEqual(d[1].column, nil)
        XCTAssertEqual(d[1].message, "'Foo' was not declared in this scope")
        XCTAssertEqual(d[2].severity, "fatal error")
        XCTAssertEqual(d[2].message, "missing.h: No such file")
        XCTAssertEqual(d[3].severity, "warning")
    }

    func testRebuildOptionsFollowTheAppsPathUpToTheDoubleDash() throws {
        let o = try ServeOptions.parse([
            "--port", "0", "--app", "./app", "--rebuild", "make -C build", "--watch", "src", "--watch", "include",
            "--rebuild-timeout", "30", "--", "--rebuild", "x",
        ])
        XCTAssertEqual(o.app, "./app")
        XCTAssertEqual(o.rebuild.command, "make -C build")
        XCTAssertEqual(o.rebuild.watch, ["src", "include"])
        XCTAssertEqual(o.rebuild.timeout, 30)
        XCTAssertEqual(o.appArguments, ["--rebuild", "x"])
        let before = try ServeOptions.parse(["--rebuild", "make", "--app", "./app", "--assets", "a"])
        XCTAssertEqual(before.rebuild.command, "make")
        XCTAssertEqual(before.appArguments, ["--assets", "a"])
        XCTAssertThrowsError(try ServeOptions.parse(["--watch", "src", "--app", "./app"]))
        XCTAssertThrowsError(try ServeOptions.parse(["--rebuild", "make"]))
        XCTAssertThrowsError(try ServeOptions.parse(["--app", "./app", "--rebuild-timeout", "0"]))
    }

    /// The Look switch's restart: the app's own `--theme` gives way to the look asked for.
    func testALookRestartReplacesTheAppsTheme() {
        XCTAssertEqual(
            AppProcess.arguments(["--assets", "a", "--theme", "ios"], theme: nil), ["--assets", "a", "--theme", "ios"])
        XCTAssertEqual(
            AppProcess.arguments(["--assets", "a", "--theme", "ios"], theme: "android"),
            ["--assets", "a", "--theme", "android"])
        XCTAssertEqual(AppProcess.arguments([], theme: "ios"), ["--theme", "ios"])
    }

    /// A build past its time limit is ended with the helpers it left in its group, and says so.
    func testABuildPastItsLimitEndsWithItsGroup() async throws {
        let pidFile = dir + "/helper.pid"
        let run = BuildRun(command: "sleep 60 & echo $! > '\(pidFile)'; echo started; sleep 60", timeout: 1)
        let r = await run.run()
        XCTAssertTrue(r.timedOut)
        XCTAssertFalse(r.succeeded)
        XCTAssertLessThan(r.seconds, 5)
        XCTAssertTrue(r.output.contains("started"), r.output)
        let helper = try XCTUnwrap(
            Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie its new parent has not reaped yet (a container's first process may never reap).
        // SIGKILL is delivered asynchronously: a busy machine may still show the helper running for a moment
        // after `kill` returned, so wait (bounded) for it to end rather than read its state once.
        var stat = ""
        for _ in 0..<500 {
            stat = (try? String(contentsOfFile: "/proc/\(helper)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
            if ["gone", "Z", "X"].contains(state) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("the helper outlived its build by 10 s: \(stat)")
    }

    /// A chatty build's output is kept bounded; stdin is empty (a question does not wait); no signal is blocked;
    /// stderr is in the output; the exit code is the command's.
    func testTheBuildsOutputIsBoundedAndItsChildIsClean() async throws {
        let r = await BuildRun(
            command: "head -c 3000000 /dev/zero | tr '\\\\0' x; echo; read answer || echo no-stdin; "
                + "grep SigBlk /proc/self/status; echo to-stderr >&2; exit 3", timeout: 30
        ).run()
        XCTAssertEqual(r.exitCode, 3)
        XCTAssertTrue(r.dropped > 2_000_000, "\(r.dropped)")
        XCTAssertLessThan(r.output.utf8.count, 200 * 1024)
        XCTAssertTrue(r.output.contains("no-stdin"), r.output.suffix(200).description)
        XCTAssertTrue(r.output.contains("SigBlk:\t0000000000000000"), r.output.suffix(200).description)
        XCTAssertTrue(r.output.contains("to-stderr"))
    }

    /// The server's exit ends a build's whole group at once (Ctrl-C: no compiler outlives the server).
    func testTerminateNowEndsTheBuildsGroup() async throws {
        let pidFile = dir + "/helper.pid"
        let run = BuildRun(command: "sleep 60 & echo $! > '\(pidFile)'; sleep 60", timeout: 100)
        async let result = run.run()
        while !FileManager.default.fileExists(atPath: pidFile) { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(50))
        run.terminateNow()
        let r = await result
        XCTAssertTrue(r.cancelled)
        let helper = try XCTUnwrap(
            Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL is delivered asynchronously: a busy machine may still show the helper running for a moment
        // after `kill` returned, so wait (bounded) for it to end rather than read its state once.
        var stat = ""
        for _ in 0..<500 {
            stat = (try? String(contentsOfFile: "/proc/\(helper)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
            if ["gone", "Z", "X"].contains(state) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("the helper outlived its build by 10 s: \(stat)")
    }

    func testCancelEndsTheBuildAtOnce() async throws {
        let run = BuildRun(command: "sleep 60", timeout: 100)
        let started = Date()
        async let result = run.run()
        try await Task.sleep(for: .milliseconds(200))
        run.cancel()
        let r = await result
        XCTAssertTrue(r.cancelled)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    }

    // MARK: the loop over the socket

    /// The stand-in app: a shell script that writes the example session at its boot and at each step, appends each
    /// step line to steps.log, and answers `ok`, except a `tick` of 2 ms when the build wrote "v3" into version.
    private func writeApp() throws {
        let app = """
            #!/bin/sh
            out="$3"
            here=$(dirname "$0")
            version=$(cat "$here/version" 2>/dev/null)
            cp '\(ServerTests.session)' "$out/session.json"
            echo "boot $version" >> "$here/steps.log"
            echo '{"step":"boot","outcome":"ok"}'
            n=0
            while read line; do
              echo "$line" >> "$here/steps.log"
              case "$version:$line" in
                v3:*'"ms":2'*)
                  echo "{\\"step\\":$n,\\"outcome\\":\\"not-delivered\\",\\"message\\":\\"no such element\\"}"
                  n=$((n + 1)); continue ;;
              esac
              cp '\(ServerTests.session)' "$out/session.json.new" && mv "$out/session.json.new" "$out/session.json"
              echo "{\\"step\\":$n,\\"outcome\\":\\"ok\\"}"
              n=$((n + 1))
            done
            """
        try Data(app.utf8).write(to: URL(fileURLWithPath: dir + "/app.sh"))
        chmod(dir + "/app.sh", 0o755)
        // The fake build: src/main.cpp's first line is the version; a line "oops" is a compiler error.
        let build = """
            #!/bin/sh
            cd '\(dir)'
            n=$(grep -n oops src/main.cpp | head -1 | cut -d: -f1)
            if [ -n "$n" ]; then echo "src/main.cpp:$n:3: error: 'oops' was not declared in this scope"; exit 1; fi
            echo "build $(head -1 src/main.cpp)" >> builds.log
            head -1 src/main.cpp > version
            """
        try Data(build.utf8).write(to: URL(fileURLWithPath: dir + "/build.sh"))
        chmod(dir + "/build.sh", 0o755)
        try save("v1")
    }

    private func save(_ text: String, _ file: String = "main.cpp") throws {
        // As an editor saves: a new file renamed over the old.
        let path = dir + "/src/" + file
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        rename(path + ".tmp", path)
    }

    private func start() async throws -> SocketClient {
        guard let render = ServerTests.render else { throw SocketError("no render binary: run make build") }
        var options = ServeOptions()
        options.port = 0
        options.render = render
        options.fontsDir = ServerTests.root + "/Fonts"
        options.app = dir + "/app.sh"
        options.rebuild.command = dir + "/build.sh"
        options.rebuild.watch = [dir + "/src"]
        let (task, port) = try await runServer(options)
        server = task
        let c = try SocketClient(port: port)
        XCTAssertEqual(try c.upgrade(host: "127.0.0.1:\(port)"), 101)
        return c
    }

    private func rebuild(_ c: SocketClient, _ test: @escaping ([String: Any]) -> Bool) throws -> [String: Any] {
        try c.text(limit: 400) { $0["type"] as? String == "rebuild" && test($0) }
    }

    private func steps() -> [String] {
        ((try? String(contentsOfFile: dir + "/steps.log", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    func testASaveRebuildsAndReplaysTheWalkAndAFailedBuildLeavesTheAppRunning() async throws {
        try writeApp()
        let c = try await start()
        _ = try c.text(limit: 100) {
            $0["type"] as? String == "live" && $0["running"] as? Bool == true
        }
        for ms in [1, 2, 3] {
            try c.send(json: ["type": "live", "op": "step", "step": ["type": "tick", "ms": ms]])
            _ = try c.text(limit: 100) {
                ($0["log"] as? [[String: Any]])?.last.flatMap { ($0["input"] as? [String: Any])?["ms"] as? Int } == ms
            }
        }
        // A save: built, restarted, the three steps played again in order on the new build.
        try save("v2")
        let done = try rebuild(c) { $0["state"] as? String == "done" }
        XCTAssertEqual(done["build"] as? Int, 1)
        XCTAssertEqual((done["replay"] as? [String: Any])?["played"] as? Int, 3)
        XCTAssertEqual((done["changed"] as? [String])?.first.map { ($0 as NSString).lastPathComponent }, "main.cpp")
        XCTAssertNotNil(done["builtAt"] as? Double)
        let log = steps()
        XCTAssertEqual(log.suffix(4).first, "boot v2")
        XCTAssertEqual(
            log.suffix(3).map { $0.contains("\"ms\":1") || $0.contains("\"ms\":2") || $0.contains("\"ms\":3") },
            [true, true, true])
        // A compiler error: its file, line and message on the page; the app is not restarted.
        let before = log.count
        try save("v2\noops")
        let failed = try rebuild(c) { $0["state"] as? String == "failed" }
        let d = try XCTUnwrap((failed["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["file"] as? String, "src/main.cpp")
        XCTAssertEqual(d["line"] as? Int, 2)
        XCTAssertEqual(d["column"] as? Int, 3)
        XCTAssertEqual(d["message"] as? String, "'oops' was not declared in this scope")
        XCTAssertTrue((failed["message"] as? String ?? "").contains("the app runs the last good build"))
        XCTAssertEqual(steps().count, before)
        // A build whose app no longer takes the second step: the replay stops there and names it.
        try save("v3")
        let stopped = try rebuild(c) { $0["state"] as? String == "stopped" }
        let replay = try XCTUnwrap(stopped["replay"] as? [String: Any])
        XCTAssertEqual(replay["stoppedAt"] as? Int, 1)
        XCTAssertEqual(replay["played"] as? Int, 1)
        XCTAssertTrue(
            (replay["message"] as? String ?? "").hasPrefix(#"step 2 of 3 (tick {"ms":2}): not-delivered"#), "\(replay)")
        // A burst of saves in several files is one build, of the last content.
        let builds =
            (try? String(contentsOfFile: dir + "/builds.log", encoding: .utf8))?.split(separator: "\n").count ?? 0
        for i in 0..<5 { try save("v4-\(i)", "part\(i).h") }
        try save("v4")
        let burst = try rebuild(c) { ($0["state"] as? String).map { ["done", "stopped"].contains($0) } == true }
        XCTAssertEqual(burst["build"] as? Int, 4)
        // The fix brings the whole walk back: the steps the stopped replay could not play are played again.
        XCTAssertEqual(burst["state"] as? String, "done")
        XCTAssertEqual((burst["replay"] as? [String: Any])?["played"] as? Int, 3)
        let after = try String(contentsOfFile: dir + "/builds.log", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(after.count, builds + 1)
        XCTAssertEqual(after.last, "build v4")
        // A file that is no source (a build's output) starts nothing.
        try save("x", "main.o")
        try save("v5")
        let next = try rebuild(c) { $0["state"] as? String == "building" }
        XCTAssertEqual(next["build"] as? Int, 5)
        XCTAssertEqual((next["changed"] as? [String])?.map { ($0 as NSString).lastPathComponent }, ["main.cpp"])
    }
}

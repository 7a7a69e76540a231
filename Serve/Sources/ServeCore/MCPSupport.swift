import Foundation

// What `render mcp` (Serve/Sources/ServeMCP, docs/mcp.md) takes from the server's runners: a one-shot run of
// a `render` subcommand or the app's `--explore` under a time limit, and a live recording written as Stop
// writes it. A file of its own, so the server's files stay as they are; every piece here is the server's
// own code (ChildProcess, Hub.recorded, LiveRecordFiles), made public, not a copy.

/// A finished run of a child: its exit status, stdout (up to a limit) and the tail of its stderr.
public struct ChildRunResult: Sendable {
    /// The exit code, or nil when a signal or the time limit ended it.
    public var exitCode: Int32?
    public var timedOut: Bool
    public var stdout: [UInt8]
    public var stderrTail: String
}

public enum ChildRun {
    /// Runs `path` with `arguments` in a process group of its own (ChildProcess), its stdin closed, for at
    /// most `seconds`; then the group is ended and the process reaped. Stdout beyond `maxOutput` bytes is
    /// dropped (the run goes on); stderr keeps its last 4 KB. Blocks the calling thread.
    public static func run(
        _ path: String, _ arguments: [String], seconds: Double, maxOutput: Int = 8 << 20
    ) -> ChildRunResult {
        let tail = StderrTail()
        let c: ChildProcess
        do {
            c = try ChildProcess.spawn(path, arguments, stderr: { tail.add($0) })
        } catch {
            return ChildRunResult(exitCode: nil, timedOut: false, stdout: [], stderrTail: "\(error)")
        }
        close(c.stdin)
        let deadline = Date().addingTimeInterval(seconds)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var timedOut = false
        while true {
            var p = pollfd(fd: c.stdout, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let ready = poll(&p, 1, min(left, 200))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                if Date() >= deadline {
                    timedOut = true
                    break
                }
                continue
            }
            let n = chunk.withUnsafeMutableBytes { read(c.stdout, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            if out.count < maxOutput { out += chunk[0..<min(n, maxOutput - out.count)] }
        }
        if !timedOut { _ = c.waitForExit(seconds: max(0.1, deadline.timeIntervalSinceNow)) }
        timedOut = timedOut || !c.hasExited
        let status = c.reap()
        c.stderrFinished(seconds: 0.2)
        return ChildRunResult(
            exitCode: timedOut ? nil : ChildProcess.exitCode(of: status), timedOut: timedOut, stdout: out,
            stderrTail: tail.text())
    }
}

/// A live walk being recorded (what the server's Record and Stop do, for `app_record`).
public struct LiveWalk: Sendable {
    /// The script so far, each input on an element named by its locator (JSON text, as the app's folder holds it).
    public private(set) var stepsJSON: [String] = []
    public private(set) var snapshots: [String] = []
    var deviceJSON: String?

    public init(device: Any?) {
        deviceJSON = device.flatMap { try? JSONSerialization.data(withJSONObject: $0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Adds a played step as the server's recording keeps it (`Hub.recorded`: a point becomes the locator
    /// of the element the app's first command names, from the screen the step was played on).
    public mutating func add(_ step: [String: Any], answer: [String: Any], locators: [Int: String]) {
        let s = Hub.recorded(step, answer: answer, locators: locators)
        guard let d = try? JSONSerialization.data(withJSONObject: s, options: [.sortedKeys]) else { return }
        stepsJSON.append(String(decoding: d, as: UTF8.self))
        if s["type"] as? String == "snapshot", let n = s["name"] as? String { snapshots.append(n) }
    }

    public var count: Int { stepsJSON.count }

    public static func isName(_ name: String) -> Bool { LiveRecordFiles.isName(name) }

    /// Writes NAME.script.json, NAME.session.json, NAME.SNAPSHOT.png (and the session's assets) into `dir`
    /// from the app's folder, as Stop does; the files' paths. Refuses to replace files unless `overwrite`.
    public func write(dir: String, name: String, appFolder: String, overwrite: Bool) throws -> [String] {
        let files = LiveRecordFiles(dir: dir, name: name, snapshots: snapshots)
        let existing = files.existing()
        if !existing.isEmpty && !overwrite {
            throw ServeError("exists: \(existing.joined(separator: ", ")) (overwrite: true replaces them)")
        }
        var r = LiveRecording()
        r.steps = stepsJSON.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        r.snapshots = snapshots
        r.device = deviceJSON.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let session = (appFolder as NSString).appendingPathComponent("session.json")
        try files.write(script: r, from: appFolder, session: session)
        return [files.script, files.session] + snapshots.map(files.png)
    }
}

extension AppProcess {
    /// Where a live app's folder goes (LiveApp.workBase: in memory when there is room).
    public static func folderBase() -> String { LiveApp.workBase() }
}

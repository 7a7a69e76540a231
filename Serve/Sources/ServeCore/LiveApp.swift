import Foundation
import ServeProtocol

/// What `render serve --app` keeps beside the Hub: the app's child process, the log of steps played
/// (step -> its outcome, commands and events), the locators of the screen shown, and the recording.
/// Used only from the Hub (an actor), one step at a time.
final class LiveApp: @unchecked Sendable {
    let app: AppProcess
    /// The folder the app writes its session into (the folder the Hub serves).
    let folder: String
    let sessionName = "session.json"
    let recordDir: String?
    /// The last answers, newest last (a page gets them all again with each change: a slow page
    /// that misses a message loses nothing).
    private(set) var log: [[String: Any]] = []
    /// Each entry of `log` as JSON, made once when a message first needs it (after the step's frame
    /// went out): the whole log went through JSONSerialization with every message before (30 ms for
    /// 60 entries in the unoptimized server, beside every live frame).
    private var logJSON: [String?] = []
    var steps = 0
    /// "running", or "ended" with the answer that ended the run.
    var ended: [String: Any]?
    var running = false
    /// Locators (JSON text) of the elements of the screen shown, by id: the tree of the last frame.
    var locators: [Int: String] = [:]
    var kinds: [Int: String] = [:]
    var recording: LiveRecording?
    /// The last recording's result for the pages (written, or why not).
    var recordNote: String?
    /// Steps in flight: each waits for the one before.
    var chain: Task<Void, Never>?
    /// Operations queued in `chain` and not finished; a step beyond `maxPending` is dropped (and logged).
    var pending = 0
    static let maxPending = 32
    /// Bumped by Restart and Record: steps queued for the run they end are not played.
    var run = 0
    /// The session list's refresh, once the app has had no step for a moment (LiveFrames.swift).
    var listRefresh: Task<Void, Never>?
    static let keptLog = 60
    /// The steps played since the boot that reached the app (each input by its locator where the screen
    /// named one): what `--rebuild` replays on the rebuilt app (LiveHub+Rebuild.swift).
    var walk: [[String: Any]] = []
    /// The steps of the walk a replay could not play (from the one that stopped it), replayed after `walk` by the
    /// next rebuild unless a step is played or the app restarted before it.
    var walkRest: [[String: Any]] = []
    static let maxWalk = 1000
    /// `--rebuild`'s state, nil without it.
    var rebuild: RebuildState?
    /// The look the page last restarted the app in (LiveHub+Look.swift), and how that restart's replay went.
    var appLook: String?
    var restartNote: String?

    init(app: AppProcess, folder: String, recordDir: String?) {
        self.app = app
        self.folder = folder
        self.recordDir = recordDir
    }

    var sessionPath: String { (folder as NSString).appendingPathComponent(sessionName) }

    /// An answer as the page's log shows it: long command lists shortened, and `commandCount`, the commands the
    /// app sent for the step, counted before shortening (issue 49: the page counted the shortened list).
    func add(_ answer: [String: Any], input: [String: Any]?) {
        var entry = answer
        if let input { entry["input"] = input }
        entry["commandCount"] = Self.appCommands(answer["commands"] as? [Any] ?? [])
        if let c = answer["commands"] as? [Any], c.count > 40 {
            entry["commands"] = Array(c.prefix(40))
            entry["more"] = c.count - 40
        }
        entry["n"] = steps
        steps += 1
        log.append(entry)
        logJSON.append(nil)
        if log.count > Self.keptLog {
            log.removeFirst(log.count - Self.keptLog)
            logJSON.removeFirst(logJSON.count - Self.keptLog)
        }
        if answer["ended"] as? Bool == true {
            ended = answer
            running = false
        }
    }

    /// How many of a step's session steps are the app's commands: a batch's steps counted one by one, and the
    /// script's own steps the answer also lists (the tap, tick or snapshot itself, lower case) not at all.
    static func appCommands(_ steps: [Any]) -> Int {
        steps.reduce(0) { n, step in
            guard let s = step as? [String: Any], let type = s["type"] as? String else { return n }
            if type == "batch" { return n + appCommands(s["steps"] as? [Any] ?? []) }
            return n + (type.first?.isUppercase == true ? 1 : 0)
        }
    }

    /// Numbers the live messages (a page's test waits for one newer than it has seen).
    var seq = 0

    /// The newest entry changed (its timing stages): its JSON is made again.
    func replaceLast(_ entry: [String: Any]) {
        guard !log.isEmpty else { return }
        log[log.count - 1] = entry
        logJSON[logJSON.count - 1] = nil
    }

    func message() -> String {
        seq += 1
        let head = LiveMessage(
            seq: seq, running: running, sessionName: sessionName, canRecord: recordDir != nil,
            ended: ended.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data(Hub.json($0).utf8)) },
            recording: recording.map { .init(steps: $0.steps.count, snapshots: $0.snapshots) }, recordNote: recordNote,
            appLook: appLook, restartNote: restartNote)
        // The log's entries follow as they were made.
        for i in logJSON.indices where logJSON[i] == nil { logJSON[i] = Hub.json(log[i]) }
        let entries = "[" + logJSON.map { $0 ?? "{}" }.joined(separator: ",") + "]"
        return MessageJSON.splicedText(head, "log", Array(entries.utf8))
    }
}

/// A recording: the script so far (each input with a locator), the snapshots taken.
struct LiveRecording {
    var steps: [[String: Any]] = []
    var snapshots: [String] = []
    var device: Any?
}

extension LiveApp {
    /// The app's folder (a new temporary one) and the record folder, checked before anything starts:
    /// a record folder that cannot be written is an error now, not at Stop.
    static func make(_ options: ServeOptions) throws -> LiveApp? {
        guard let path = options.app else { return nil }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServeError("--app \(path): no such executable (build it as README \"Preview your app\" says)")
        }
        if let dir = options.recordDir {
            var isDir: ObjCBool = false
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue,
                access(dir, W_OK) == 0
            else { throw ServeError("--record-dir \(dir): not a folder this user can write") }
        }
        // --watch's folders checked before anything is made.
        let rebuild = options.rebuild.command != nil ? try RebuildState(options: options.rebuild) : nil
        var template = Array((workBase() + "render-serve-app.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ServeError("cannot create a temporary folder", exitCode: 2) }
        let folder = SessionFolder.realPath(String(cString: made)) ?? String(cString: made)
        let app = AppProcess(
            path: path, arguments: options.appArguments, outDir: folder, stepTimeout: options.stepTimeout)
        let live = LiveApp(app: app, folder: folder, recordDir: options.recordDir)
        live.rebuild = rebuild
        return live
    }

    /// Where the app's folder goes: the app rewrites its session there after every input (a new file
    /// and a rename, which cost 1.3 ms a step on the disk and 0.4 ms in memory), so in memory
    /// (/dev/shm) when TMPDIR does not name a place and /dev/shm has room for a few sessions of the
    /// largest size; else the temporary folder (docs/decisions/2026-11-28-live-app-folder-in-memory.md).
    static func workBase(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let shm = "/dev/shm/"
        var fs = statvfs()
        if environment["TMPDIR"] == nil, access(shm, W_OK) == 0, statvfs(shm, &fs) == 0,
            UInt64(fs.f_bavail) * UInt64(fs.f_frsize) >= 1 << 30
        {
            return shm
        }
        return NSTemporaryDirectory()
    }
}

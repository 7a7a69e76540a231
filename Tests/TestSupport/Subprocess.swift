import Foundation

/// A program run to its end, for tests that drive `render` or a script as a user would.
public struct Subprocess {
    /// The exit status, or the signal's number when `signalled`.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// stdout as bytes (a PNG written to `-o -` is not text).
    public var stdoutData: Data
    /// True when a signal ended the program rather than an exit.
    public var signalled: Bool

    /// Runs `executable` with `arguments` in `directory` (default: the current one), `environment`
    /// added to this process's; stdout and stderr are read while it runs, so neither pipe fills up.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Subprocess {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let d = directory { p.currentDirectoryURL = URL(fileURLWithPath: d) }
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errData = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Subprocess(
            status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self), stdoutData: outData,
            signalled: p.terminationReason == .uncaughtSignal)
    }

    /// Bytes read on another thread; `group.wait()` orders the write before the read.
    private final class Collected: @unchecked Sendable { var data = Data() }
}

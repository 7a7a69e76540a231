import Foundation
import TestSupport
import Testing

@testable import RenderPipeline

/// Odd output paths (README "Exit codes", issue 16 "Files"): devices and FIFOs are written straight,
/// symlinks lead to their targets, temporary names are unique and removed on SIGTERM.
@Suite struct OutputFileTests {
    static let session = Hostile.root + "/Examples/login-form.json"
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Run {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var signalled: Bool
    }

    /// Runs `render ARGS` (fonts from the repository); returns status, stdout and stderr.
    static func render(_ args: [String]) throws -> Run? {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return nil
        }
        let r = try Subprocess.run(binary, args + ["--fonts-dir", Hostile.root + "/Fonts"])
        return Run(status: r.status, stdout: [UInt8](r.stdoutData), stderr: r.stderr, signalled: r.signalled)
    }

    static func tempDir() throws -> String { try TemporaryFolder.make("out") }

    static func kind(_ path: String, follow: Bool = false) -> mode_t {
        var st = stat()
        guard (follow ? stat(path, &st) : lstat(path, &st)) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    static func hidden(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".") }
    }

    /// A character device stays one: as root a private copy of /dev/null (mknod 1,3) in a temp folder,
    /// else /dev/null itself. Every output option goes to it.
    @Test func characterDeviceIsWrittenNotReplaced() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var node = dir + "/null"
        if mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) != 0 { node = "/dev/null" }
        guard
            let r = try Self.render([
                Self.session, "-o", node, "--events", node, "--layout-dump", node,
                "--display-list", node, "-q",
            ])
        else { return }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.kind(node) == S_IFCHR)
        #expect(Self.hidden(dir).isEmpty)
    }

    @Test func fullDeviceIsExitTwoWithTheReason() throws {
        guard Self.kind("/dev/full", follow: true) == S_IFCHR else { return }
        guard let r = try Self.render([Self.session, "-o", "/dev/full", "-q"]) else { return }
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write /dev/full: No space left on device"), "\(r.stderr)")
        guard let e = try Self.render([Self.session, "-o", "/dev/null", "--events", "/dev/full", "-q"]) else { return }
        #expect(e.status == 2 && e.stderr.contains("/dev/full"), "\(e.stderr)")
        #expect(Self.kind("/dev/full", follow: true) == S_IFCHR)
    }

    @Test func dashIsStandardOutputWithTheSameBytes() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let a = try Self.render([Self.session, "-o", "-", "-q"]),
            let b = try Self.render([Self.session, "-o", dir + "/f.png", "-q"])
        else { return }
        #expect(a.status == 0 && b.status == 0)
        let file = [UInt8](FileManager.default.contents(atPath: dir + "/f.png") ?? Data())
        #expect(Array(a.stdout.prefix(8)) == Self.pngSignature)
        #expect(a.stdout == file)
    }

    /// `-o /dev/stdout` with stdout redirected to a file writes that file through its descriptor.
    @Test func devStdoutRedirectedToAFile() throws {
        guard let binary = Repository.renderBinary() else { return }
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Subprocess.run(
            "/bin/bash",
            [
                "-c", "exec \"$0\" \"$1\" -o /dev/stdout -q --fonts-dir \"$2\" > \"$3\"", binary, Self.session,
                Hostile.root + "/Fonts", dir + "/out.png",
            ])
        #expect(r.status == 0 && !r.signalled)
        let bytes = [UInt8](FileManager.default.contents(atPath: dir + "/out.png") ?? Data())
        #expect(Array(bytes.prefix(8)) == Self.pngSignature && bytes.count > 1000)
        #expect(Self.hidden(dir).isEmpty)
    }

    @Test func fifoGetsTheBytesAndStaysAFIFO() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let box = Box()
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            defer { finished.signal() }
            let fd = open(fifo, O_RDONLY)
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &buf, buf.count)
                if n <= 0 { break }
                box.bytes += buf[..<n]
            }
            close(fd)
        }
        reader.start()
        let run = try Self.render([Self.session, "-o", fifo, "-q"])
        // Had render never opened the FIFO, release the reader's open(2) (when the reader is done
        // already, this open finds no reader and fails, harmlessly).
        let fd = open(fifo, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
        finished.wait()
        guard let r = run else { return }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(box.bytes.prefix(8)) == Self.pngSignature && box.bytes.count > 1000)
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    /// Through a symlink the target is replaced (atomically, beside the target); the link stays.
    @Test func symlinkLeadsToItsTarget() throws {
        let dir = try Self.tempDir()
        let other = try Self.tempDir()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: other)
        }
        try Data("old".utf8).write(to: URL(fileURLWithPath: other + "/target.png"))
        chmod(other + "/target.png", 0o640)
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/link.png",
            withDestinationPath: "../" + (other as NSString).lastPathComponent + "/target.png")
        // A dangling link: its target is created.
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/events.txt", withDestinationPath: other + "/events.jsonl")
        guard let r = try Self.render([Self.session, "-o", dir + "/link.png", "--events", dir + "/events.txt", "-q"])
        else { return }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.kind(dir + "/link.png") == S_IFLNK && Self.kind(dir + "/events.txt") == S_IFLNK)
        let png = [UInt8](FileManager.default.contents(atPath: other + "/target.png") ?? Data())
        #expect(Array(png.prefix(8)) == Self.pngSignature)
        #expect(FileManager.default.fileExists(atPath: other + "/events.jsonl"))
        var st = stat()
        #expect(stat(other + "/target.png", &st) == 0 && st.st_mode & 0o777 == 0o640)
        #expect(Self.hidden(dir).isEmpty && Self.hidden(other).isEmpty)
    }

    /// A folder as the target, or a file where a folder belongs, is exit 2; missing folders are made
    /// (issue 29: every output option creates its folder).
    @Test func foldersAreExitTwoAndMissingFoldersAreMade() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/plain", contents: Data([1]))
        guard let a = try Self.render([Self.session, "-o", dir, "-q"]),
            let b = try Self.render([Self.session, "-o", dir + "/no/such.png", "-q"]),
            let c = try Self.render([Self.session, "-o", dir + "/plain/x.png", "-q"]),
            let d = try Self.render([
                Self.session, "-o", dir + "/d/x.png", "--layout-dump", dir + "/e/f/layout.txt",
                "--events", dir + "/g/events.jsonl", "-q",
            ])
        else { return }
        #expect(a.status == 2 && a.stderr.contains("it is a folder"), "\(a.stderr)")
        #expect(b.status == 0 && Self.kind(dir + "/no/such.png") == S_IFREG, "\(b.stderr)")
        #expect(c.status == 2 && c.stderr.contains("\(dir)/plain is not a folder"), "\(c.stderr)")
        #expect(d.status == 0, "\(d.stderr)")
        for f in ["/d/x.png", "/e/f/layout.txt", "/g/events.jsonl"] { #expect(Self.kind(dir + f) == S_IFREG, "\(f)") }
    }

    /// A block device is refused, never written over (as root, a node made in a temp folder).
    @Test func blockDeviceIsRefused() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let node = dir + "/disk"
        guard mknod(node, S_IFBLK | 0o600, dev_t((7 << 8) | 200)) == 0 else { return }  // not root: nothing to test
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1, 2, 3], to: node) }
        do { try AtomicFile.write([1], to: node) } catch let e as AtomicFile.WriteError {
            #expect(e.reason.contains("block device"))
        }
        #expect(Self.kind(node) == S_IFBLK)
        #expect(try OutputDestination.resolve("-") == .standardOutput)
        #expect(try OutputDestination.resolve("/dev/null") == .stream(path: "/dev/null"))
    }

    /// mkstemp names: two temporary files for the same target never share a name.
    @Test func temporaryNamesAreUniqueAndTracked() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try TempFiles.makeFile(beside: dir + "/x.png")
        let b = try TempFiles.makeFile(beside: dir + "/x.png")
        close(a.fd)
        close(b.fd)
        #expect(a.path != b.path)
        #expect(TempFiles.pending.contains(a.path) && TempFiles.pending.contains(b.path))
        TempFiles.remove(a.path)
        TempFiles.remove(b.path)
        #expect(Self.hidden(dir).isEmpty)
        // A stream dropped before commit leaves nothing; the target is untouched.
        do {
            let s = try AtomicFileStream(path: dir + "/y.png")
            try s.write([1, 2, 3])
        }
        #expect(Self.hidden(dir).isEmpty && !FileManager.default.fileExists(atPath: dir + "/y.png"))
    }

    /// SIGTERM while an animated PNG is being streamed: the temporary file goes with the process.
    @Test func sigtermRemovesTheTemporaryFile() throws {
        guard let binary = Repository.renderBinary() else { return }
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps =
            Hostile.base + [
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "tick"}"#,
                #"{"type": "tick", "ms": 600000}"#,
            ]
        let session = dir + "/long.json"
        try Data(Hostile.session(steps)).write(to: URL(fileURLWithPath: session))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [
            session, "-o", dir + "/last.png", "--apng", dir + "/anim.png", "--fps", "1000", "-q", "--fonts-dir",
            Hostile.root + "/Fonts",
        ]
        p.standardError = FileHandle.nullDevice
        let output = Pipe()
        p.standardOutput = output
        let watch = try CreationWatch(dir)
        try p.run()
        let sawTemp = watch.wait(prefix: ".anim.png.", orEndOf: output.fileHandleForReading)
        #expect(sawTemp)
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
        #expect(Self.hidden(dir).isEmpty, "\(Self.hidden(dir))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/anim.png"))
    }
}

extension OutputFileTests {
    /// SIGINT while a gallery is being built: its temporary folder goes with the process, and an
    /// existing gallery stays as it was.
    @Test func sigintRemovesTheGalleryTemporaryFolder() throws {
        guard let binary = Repository.renderBinary() else { return }
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/g", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/g/index.html"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [
            "gallery", Hostile.root + "/Examples", "-o", dir + "/g", "--fonts-dir", Hostile.root + "/Fonts", "--jobs",
            "1",
        ]
        p.standardError = FileHandle.nullDevice
        let output = Pipe()
        p.standardOutput = output
        let watch = try CreationWatch(dir)
        try p.run()
        let sawTemp = watch.wait(prefix: ".g.", orEndOf: output.fileHandleForReading)
        #expect(sawTemp)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(
            p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGINT,
            "ended by \(p.terminationReason == .exit ? "exit" : "signal") \(p.terminationStatus)")
        #expect(Self.hidden(dir).isEmpty, "\(Self.hidden(dir))")
        #expect((try? String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)) == "old")
    }
}

/// The umask read without changing it (new outputs get 0666 less it, as `open` would give).
@Suite struct UmaskTests {
    @Test func umaskIsReadFromTheProcess() {
        let current = umask(0o022)
        umask(current)
        #expect(AtomicFileStream.umaskBits == current)
    }

    @Test func newOutputGetsTheUsualMode() throws {
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write([1, 2, 3], to: dir + "/new.bin")
        var st = stat()
        #expect(stat(dir + "/new.bin", &st) == 0 && st.st_mode & 0o777 == 0o666 & ~AtomicFileStream.umaskBits)
    }
}

/// The gate a signal's cleanup closes before it removes temporary items: it waits for changes in
/// flight and refuses new ones (a file made inside a folder being removed kept the folder alive).
@Suite struct ChangeGateTests {
    @Test func stopWaitsForTheChangeInFlightThenRefusesNewOnes() throws {
        let stopping = DispatchSemaphore(value: 0)
        let gate = ChangeGate(closed: { stopping.signal() })
        let started = DispatchSemaphore(value: 0)
        let ended = NSLock()
        nonisolated(unsafe) var bodyEnded = false
        let thread = Thread {
            _ = try? gate.run {
                started.signal()
                stopping.wait()  // the body ends only once the stop has begun
                ended.lock()
                bodyEnded = true
                ended.unlock()
            }
        }
        thread.start()
        started.wait()
        #expect(gate.stop(limit: 30) == 0)
        ended.lock()
        #expect(bodyEnded, "stop returned while a change was still running")
        ended.unlock()
        var ran = false
        #expect(throws: AtomicFile.WriteError.self) { try gate.run { ran = true } }
        #expect(!ran)
    }

    @Test func aNestedChangeAfterTheStopThrowsSoTheStopIsNotStuck() throws {
        let stopping = DispatchSemaphore(value: 0)
        let gate = ChangeGate(closed: { stopping.signal() })
        let inside = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var innerError: Error?
        let thread = Thread {
            _ = try? gate.run {
                inside.signal()
                stopping.wait()  // the stop has closed the gate and waits for this body
                do { try gate.run {} } catch { innerError = error }
            }
        }
        thread.start()
        inside.wait()
        #expect(gate.stop(limit: 30) == 0)
        #expect(innerError != nil)
    }

    @Test func aStuckChangeDoesNotHoldTheStopPastItsLimit() {
        let gate = ChangeGate()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            _ = try? gate.run {
                inside.signal()
                release.wait()
            }
        }.start()
        inside.wait()
        #expect(gate.stop(limit: 0.1) == 1)
        release.signal()
    }
}

import Foundation
import Primitives
import SessionFormat
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Limits judged on what is read (docs/limits.md, "Limits judged on what is read"; issue 44): a
/// session that is a link to a 1.5 GB file is refused by the size of the file the link leads to,
/// before a byte is read. The old check looked at the link's own size (lstat), read all 1.5 GB
/// (3.1 GB at its peak) and refused it afterwards; the sparse file makes that cheap to set up, and
/// `render` is run under a data limit (384 MiB) that reading the file would exceed.
@Suite struct LinkedFileLimitTests {
    static let size = 1_610_612_736  // 1.5 GiB, sparse: no block is written

    /// A folder with `big` (a sparse file of `size` bytes) and `link.json` -> big.
    static func linkToHugeFile() throws -> (dir: String, link: String) {
        let dir = try TemporaryFolder.make("linked-limit")
        let big = dir + "/big"
        let fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(size)) == 0)
        close(fd)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: big)
        return (dir, dir + "/link.json")
    }

    @Test func theHelperJudgesTheFileTheLinkLeadsTo() throws {
        let (dir, link) = try Self.linkToHugeFile()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: LimitedFile.Failure.tooLarge(size: Self.size, limit: SessionLimits.maxFileBytes)) {
            try LimitedFile.bytes(at: link, maxBytes: SessionLimits.maxFileBytes)
        }
        // What fits is read whole, from the descriptor judged; a folder and a FIFO are refused unread.
        _ = FileManager.default.createFile(atPath: dir + "/small", contents: Data("{}".utf8))
        #expect(try LimitedFile.bytes(at: dir + "/small", maxBytes: 2) == Array("{}".utf8))
        #expect(throws: LimitedFile.Failure.tooLarge(size: 2, limit: 1)) {
            try LimitedFile.bytes(at: dir + "/small", maxBytes: 1)
        }
        #expect(throws: LimitedFile.Failure.notAFile("a folder")) { try LimitedFile.bytes(at: dir, maxBytes: 10) }
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        #expect(throws: LimitedFile.Failure.notAFile("a pipe or device")) {
            try LimitedFile.bytes(at: dir + "/fifo", maxBytes: 10, onlyRegular: true)
        }
        #expect(throws: LimitedFile.Failure.noSuchFile) { try LimitedFile.bytes(at: dir + "/none", maxBytes: 10) }
    }

    @Test func renderRefusesALinkToAHugeSessionWithoutReadingIt() throws {
        guard let render = Repository.renderBinary() else {
            Issue.record("no render binary beside the tests")
            return
        }
        let (dir, link) = try Self.linkToHugeFile()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Under a data limit of 384 MiB (util-linux's prlimit): reading the file would need 1.5 GB and
        // fail; a session refused at once needs a few dozen MB. (Not the child's peak RSS from wait4:
        // it counts the test process's own memory, shared with the child until it execs.)
        let limited = ["--data=\(384 << 20)", render, link, "-o", dir + "/out.png"]
        let (status, _, stderr) = try Self.run("/usr/bin/prlimit", limited, in: dir)
        #expect(status == 7, "exit \(status): \(stderr)")
        #expect(
            stderr.contains("the file is \(Self.size) bytes; at most \(SessionLimits.maxFileBytes) are read"),
            "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// Runs `path` with `args`, its stderr into a file; the exit status, its own peak resident
    /// memory in KiB (wait4's rusage: this child only, not the test process) and its stderr.
    static func run(_ path: String, _ args: [String], in dir: String) throws -> (Int32, Int, String) {
        let errPath = dir + "/stderr.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (exit, usage.ru_maxrss, err)
    }
}

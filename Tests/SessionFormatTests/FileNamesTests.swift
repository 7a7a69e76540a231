import Foundation
import Primitives
import TestSupport
import Testing

@testable import SessionFormat

/// The one rule for names from input that become files (`FileNames.component`) and the folder
/// confinement of paths from input (`ConfinedFolder`).
struct FileNamesTests {
    @Test func hostileNamesBecomeOnePlainName() {
        #expect(FileNames.component("login@filled") == "login@filled")
        #expect(FileNames.component("../../x") == ".._.._x")
        #expect(FileNames.component("/etc/passwd") == "_etc_passwd")
        #expect(FileNames.component("a\\b\u{0}c\nd\u{7F}") == "a_b_c_d_")
        #expect(FileNames.component("..") == "__" && FileNames.component(".") == "_" && FileNames.component("") == "_")
        let long = String(repeating: "é", count: 300)
        let cut = FileNames.component(long)
        #expect(cut.utf8.count <= FileNames.maxBytes && cut.contains("~"))
        #expect(cut != FileNames.component(long + "x"), "two long names stay apart")
        #expect(FileNames.isPlain(cut))
    }

    /// The session `name` keeps its own rule on top (leading dots and dashes dropped), as before.
    @Test func sessionNamesUseTheSameRule() {
        #expect(SessionDecoder.safeName("../a/b") == "a-b")
        #expect(SessionDecoder.safeName("..") == "session")
        #expect(SessionDecoder.safeName("-rf") == "rf")
        #expect(SessionDecoder.safeName(String(repeating: "n", count: 400)).utf8.count <= FileNames.maxBytes)
    }

    /// No golden of the repository (Snapshots/ and its theme folders; the Examples' snapshot
    /// names) changes its name under the rule.
    @Test func noExistingGoldenIsRenamed() throws {
        let fm = FileManager.default
        var checked = 0
        let e = fm.enumerator(atPath: Repository.snapshots)
        while let f = e?.nextObject() as? String {
            for part in f.split(separator: "/") {
                #expect(FileNames.isPlain(String(part)), "\(f)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func confinedFoldersRefuseWaysOut() throws {
        let dir = try TemporaryFolder.make("confined")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: dir + "/in/a.txt"))
        try Data("outside".utf8).write(to: URL(fileURLWithPath: dir + "/out.txt"))
        try fm.createSymbolicLink(atPath: dir + "/in/link", withDestinationPath: dir + "/out.txt")
        try fm.createSymbolicLink(atPath: dir + "/in/ok", withDestinationPath: "a.txt")
        try fm.createSymbolicLink(atPath: dir + "/in/dangling", withDestinationPath: dir + "/new.txt")
        let folder = ConfinedFolder(dir + "/in/")
        #expect(try folder.read("a.txt") == Array("inside".utf8))
        #expect(try folder.read("ok") == Array("inside".utf8))
        for bad in ["../out.txt", "/etc/passwd", "a/../../out.txt", "x\u{0}", "", ".", "link"] {
            #expect(throws: ConfinementError.self, "\(bad)") { try folder.read(bad) }
        }
        #expect(throws: ConfinementError.self) { try folder.readIfPresent("dangling") }
        #expect(try folder.readIfPresent("missing") == nil)
        #expect(throws: ConfinementError.self) { try folder.checkWritable(dir + "/in/link") }
        #expect(throws: ConfinementError.self) { try folder.checkWritable(dir + "/in/dangling") }
        #expect(throws: ConfinementError.self) { try folder.checkWritable(dir + "/in/../out.txt") }
        try folder.checkWritable(dir + "/in/ok")
        try folder.checkWritable(dir + "/in/new.png")
        #expect(folder.relative(dir + "/in/sub/x.png") == "sub/x.png")
        #expect(folder.relative(dir + "/in/../out.txt") == nil)
        #expect(folder.holds(dir + "/in/link") && !folder.holds(dir + "/out.txt"))
    }
}

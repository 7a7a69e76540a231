import Foundation
import Testing

@testable import RenderPipeline

/// `AtomicFile` writes through a temporary sibling and a rename: the target is replaced whole,
/// nothing is left behind, missing folders are made, and a file in a folder's place is named in the error.
@Suite struct AtomicFileTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "atomic-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    @Test func replacesTheTargetWholeAndLeavesNoTemporaryFile() throws {
        let path = dir + "/out.png"
        try AtomicFile.write([1, 2, 3], to: path)
        let big = [UInt8](repeating: 7, count: 3 << 20)
        try AtomicFile.write(big, to: path)
        #expect(FileManager.default.contents(atPath: path) == Data(big))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])
    }

    @Test func missingFoldersAreMade() throws {
        let path = dir + "/no/such/out.png"
        try AtomicFile.write([1, 2], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/no/such") == ["out.png"])
    }

    @Test func aFileWhereAFolderBelongsIsNamed() throws {
        _ = FileManager.default.createFile(atPath: dir + "/plain", contents: Data([1]))
        let path = dir + "/plain/sub/out.png"
        #expect { try AtomicFile.write([1], to: path) } throws: { error in
            "\(error)" == "cannot write \(path): \(dir)/plain is not a folder"
        }
        let direct = dir + "/plain/out.png"
        #expect { try AtomicFile.write([1], to: direct) } throws: { error in
            "\(error)" == "cannot write \(direct): \(dir)/plain is not a folder"
        }
    }

    @Test func aFolderAsTargetFailsAndCleansUp() throws {
        try FileManager.default.createDirectory(atPath: dir + "/taken", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/taken/x", contents: Data([1]))
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: dir + "/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["taken"])
    }

    @Test func splitsPaths() {
        #expect(AtomicFile.split("out.png") == (".", "out.png"))
        #expect(AtomicFile.split("/out.png") == ("/", "out.png"))
        #expect(AtomicFile.split("a/b/out.png") == ("a/b", "out.png"))
    }
}

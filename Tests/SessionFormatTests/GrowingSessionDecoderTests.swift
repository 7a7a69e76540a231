import Foundation
import Primitives
import Testing

@testable import SessionFormat

/// `GrowingSessionDecoder` (the live worker's reader of a session the app rewrites after every
/// input): each version decodes to exactly what `SessionDecoder` gives for the whole file, and a
/// version that only added clean steps costs only those steps.
@Suite struct GrowingSessionDecoderTests {
    /// A session's first `count` steps as `SessionWriter` writes them (the app's file after them).
    static func file(_ s: Session, _ count: Int) -> [UInt8] {
        var head = s
        head.steps = []
        var bytes = SessionWriter.header(head, folder: "/tmp")
        for (i, step) in s.steps.prefix(count).enumerated() {
            bytes += SessionWriter.stepSeparator(first: i == 0) + SessionWriter.step(step.kind, address: step.address)
        }
        return bytes + SessionWriter.footer
    }

    /// `bytes` with `text` put before its closing `\n]}\n`.
    static func appending(_ bytes: [UInt8], _ text: String) -> [UInt8] {
        Array(bytes.dropLast(SessionWriter.footer.count)) + Array(text.utf8) + SessionWriter.footer
    }

    /// A temporary file the versions are written to, one after another.
    final class Versions {
        let path: String
        let decoder = GrowingSessionDecoder()
        init() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("growing-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            path = dir.appendingPathComponent("session.json").path
        }
        deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

        /// Writes `bytes`, decodes it both ways and expects the same session and diagnostics.
        @discardableResult
        func check(_ bytes: [UInt8], _ what: String) throws -> Session? {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let whole = Result { try SessionDecoder().decode(fileAt: path) }
            let grown = Result { try decoder.decode(fileAt: path) }
            switch (whole, grown) {
            case (.success(let (w, wd)), .success(let (g, gd))):
                #expect(g.steps == w.steps, "\(what): steps")
                #expect(gd == wd, "\(what): diagnostics")
                #expect(
                    g.name == w.name && g.device == w.device && g.assetsDirectory == w.assetsDirectory
                        && g.theme == w.theme && g.notExact == w.notExact && g.sourcePath == w.sourcePath,
                    "\(what): header")
                return g
            case (.failure(let we), .failure(let ge)):
                #expect("\(we)" == "\(ge)", "\(what): the same refusal")
                return nil
            default:
                Issue.record("\(what): one decoder refused the file, the other did not: \(whole) \(grown)")
                return nil
            }
        }
    }

    @Test(arguments: ["Examples/dialog-and-toast.json", "Examples/login-form.json", "Examples/canvas-surface.json"])
    func everyVersionDecodesAsTheWholeFileDoes(file: String) throws {
        let (s, _) = try SessionDecoder().decode(fileAt: repoRoot.appendingPathComponent(file).path)
        let v = try Versions()
        for count in 0...s.steps.count { try v.check(Self.file(s, count), "\(file) with \(count) steps") }
        // The first version was decoded whole, every later one by the steps it added: each step once.
        #expect(v.decoder.grown == s.steps.count)
        #expect(v.decoder.stepsDecoded == s.steps.count)
    }

    /// Anything but clean steps added at the end is decoded whole (and gives what the whole file gives).
    @Test func anythingElseIsDecodedWhole() throws {
        let (s, _) = try SessionDecoder().decode(
            fileAt: repoRoot.appendingPathComponent("Examples/dialog-and-toast.json").path)
        let v = try Versions()
        let base = Self.file(s, 4)
        var renamed = s
        renamed.name = "renamed"
        try v.check(base, "4 steps")
        var grown = v.decoder.grown
        let cases: [(String, [UInt8])] = [
            ("a step with an unknown key", Self.appending(base, #",{"type":"tick","ms":16,"bogus":1}"#)),
            ("the array ended and another key", Self.appending(base, #",{"type":"tick","ms":16}],"extra":[1"#)),
            ("a second steps array", Self.appending(base, #"],"steps":[{"type":"tick","ms":1}"#)),
            ("a step that does not decode", Self.appending(base, #",{"type":"nonsense"}"#)),
            ("not JSON", Self.appending(base, #",{"type":"tick","ms":16"#)),
            ("an edit before the end", Self.file(renamed, 5)),
            ("no separator", Self.appending(base, #"{"type":"tick","ms":16}"#)),
        ]
        for (what, bytes) in cases {
            try v.check(base, "back to 4 steps")
            grown = v.decoder.grown
            try v.check(bytes, what)
            #expect(v.decoder.grown == grown, "\(what): decoded by its new steps only")
        }
        // A snapshot's name taken again in the new steps: the whole file's error, not a second PNG.
        try v.check(base, "back to 4 steps")
        grown = v.decoder.grown
        let snap = Self.appending(base, #",{"type":"snapshot","name":"a"}"#)
        try v.check(snap, "a snapshot")
        #expect(v.decoder.grown == grown + 1)
        try v.check(Self.appending(snap, #",{"type":"snapshot","name":"a"}"#), "the same name again")
        #expect(v.decoder.grown == grown + 1)
        // After a whole decode, clean steps added grow again.
        try v.check(Self.file(s, 6), "6 steps")
        try v.check(Self.file(s, 8), "8 steps")
        #expect(v.decoder.grown == grown + 2)
    }

    /// New steps are numbered after the earlier ones (their index and path in messages).
    @Test func newStepsAreNumberedAfterTheEarlierOnes() throws {
        let ticks = (0..<3).map { _ in #"{"type":"tick","ms":1}"# }
        let head = #"{"format":"framework-session","version":1,"name":"t","steps":["#
        let v = try Versions()
        let three = Array((head + "\n" + ticks.joined(separator: ",\n") + "\n]}\n").utf8)
        try v.check(three, "three ticks")
        let five = Array(repeating: #"{"type":"tick","ms":1}"#, count: 5).joined(separator: ",\n")
        let more = Self.appending(three, ",\n" + five)
        let s = try v.check(more, "eight ticks")
        #expect(s?.steps.count == 8 && s?.steps.last?.index == 7 && s?.steps.last?.path == "steps[7]")
        #expect(v.decoder.grown == 1)
    }
}

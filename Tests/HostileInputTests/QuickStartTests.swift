import Foundation
import TestSupport
import Testing

/// `render FILE -o OUT [-q]` skips the argument parser (Sources/render/QuickStart.swift). It must
/// give the same bytes and the same exit codes as the parsed command line.
@Suite struct QuickStartTests {
    /// Runs the binary in the repository root; returns the exit code and the output's bytes.
    static func run(_ binary: String, _ args: [String], out: String) throws -> (Int32, [UInt8]) {
        let r = try Subprocess.run(binary, args, in: Hostile.root)
        return (r.status, [UInt8](FileManager.default.contents(atPath: out) ?? Data()))
    }

    @Test func quickFormEqualsParsedForm() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let dir = try TemporaryFolder.make("quick")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = "Examples/login-form.json"
        let (q, quick) = try Self.run(binary, [session, "-o", dir + "/q.png", "-q"], out: dir + "/q.png")
        // `--theme default` changes nothing but forces the full parser.
        let (p, parsed) = try Self.run(
            binary, ["-q", "--theme", "default", session, "--output", dir + "/p.png"], out: dir + "/p.png")
        #expect(q == 0 && p == 0)
        #expect(quick.count > 1000)
        #expect(quick == parsed)
        // Mistakes keep their codes: a missing session is 1 either way; a missing output falls to the parser.
        #expect(try Self.run(binary, ["nope.json", "-o", dir + "/n.png"], out: dir + "/n.png").0 == 1)
        #expect(
            try Self.run(binary, ["nope.json", "-o", dir + "/n.png", "--theme", "default"], out: dir + "/n.png").0 == 1)
        #expect(try Self.run(binary, ["-o", dir + "/n.png"], out: dir + "/n.png").0 == 64)
    }
}

import Foundation
import TestSupport
import Testing

/// `render FILE -o OUT [-q] [--theme NAME]` skips the argument parser (Sources/render/QuickStart.swift). It must
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
        // `--diagnostics text` changes nothing but forces the full parser.
        let (p, parsed) = try Self.run(
            binary, ["-q", "--diagnostics", "text", session, "--output", dir + "/p.png"], out: dir + "/p.png")
        #expect(q == 0 && p == 0)
        #expect(quick.count > 1000)
        #expect(quick == parsed)
        // A built-in theme by name stays on the quick path, with the parsed form's bytes.
        let (qi, quickIOS) = try Self.run(
            binary, [session, "--theme", "ios", "-o", dir + "/qi.png", "-q"], out: dir + "/qi.png")
        let (pi, parsedIOS) = try Self.run(
            binary, ["--diagnostics", "text", "--theme", "ios", session, "-q", "-o", dir + "/pi.png"],
            out: dir + "/pi.png")
        #expect(qi == 0 && pi == 0)
        #expect(quickIOS == parsedIOS)
        #expect(quickIOS != quick)
        // A name that is not built in goes to the parser and keeps its usage error.
        #expect(try Self.run(binary, [session, "--theme", "nope", "-o", dir + "/t.png"], out: dir + "/t.png").0 == 64)
        // Mistakes keep their codes: a missing session is 1 either way; a missing output falls to the parser.
        #expect(try Self.run(binary, ["nope.json", "-o", dir + "/n.png"], out: dir + "/n.png").0 == 1)
        #expect(
            try Self.run(binary, ["nope.json", "-o", dir + "/n.png", "--diagnostics", "text"], out: dir + "/n.png").0
                == 1)
        #expect(try Self.run(binary, ["-o", dir + "/n.png"], out: dir + "/n.png").0 == 64)
    }
}

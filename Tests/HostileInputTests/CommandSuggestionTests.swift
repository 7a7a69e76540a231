import Foundation
import TestSupport
import Testing

/// A mistyped subcommand gets "did you mean", not the default command's complaint about arguments.
@Suite struct CommandSuggestionTests {
    static func stderr(_ binary: String, _ args: [String]) throws -> (Int32, String) {
        let r = try Subprocess.run(binary, args, in: Hostile.root)
        return (r.status, r.stderr)
    }

    @Test func mistypedCommandsAreNamed() throws {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return
        }
        let (code, text) = try Self.stderr(binary, ["chek", "Examples"])
        #expect(code == 64)
        #expect(text.contains("unknown command 'chek'; did you mean `render check`?"))
        #expect(try Self.stderr(binary, ["galery", "Examples"]).1.contains("did you mean `render gallery`?"))
        // A real (missing) session file is not taken for a typo.
        let (missing, message) = try Self.stderr(binary, ["chek.json"])
        #expect(missing == 1 && !message.contains("did you mean"))
    }
}

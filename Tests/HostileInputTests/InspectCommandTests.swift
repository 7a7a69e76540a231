import Foundation
import TestSupport
import Testing

/// `render inspect` as a user runs it: a point on Examples/login-form.json, the reachable tree,
/// a snapshot that does not exist, and bad usage.
@Suite struct InspectCommandTests {
    static func run(_ args: [String]) throws -> Subprocess? {
        guard let binary = Repository.renderBinary() else {
            Issue.record("no render binary next to the tests; build the package first")
            return nil
        }
        return try Subprocess.run(binary, ["inspect"] + args + ["--fonts-dir", "Fonts"], in: Hostile.root)
    }

    @Test func aPointNamesTheButtonAndItsAncestors() throws {
        guard let r = try Self.run(["Examples/login-form.json", "--point", "100,490"]) else { return }
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "point 100,490 reaches button 12")
        #expect(lines.dropFirst().first == #"button 12 "Sign in" at 24,467.67 342x48"#)
        #expect(lines.contains { $0.hasPrefix("  height: 48 (NORMAL, step ") })
        #expect(lines.contains { $0.hasPrefix("  linearLayout 4 at ") })
    }

    @Test func theTreeGivesALocatorForEachReachableElement() throws {
        guard let r = try Self.run(["Examples/login-form.json", "--tree"]) else { return }
        #expect(r.status == 0)
        #expect(r.stdout.contains(#"    button 12 "Sign in" at 24,467.67 342x48  {"text":"Sign in","type":"button"}"#))
        #expect(r.stdout.contains(#"    imageView 5 at 159,127 72x72  {"type":"imageView","index":0}"#))
    }

    @Test func badUsageAndMissingSnapshots() throws {
        guard let both = try Self.run(["Examples/login-form.json"]) else { return }
        #expect(both.status == 64 && both.stderr.contains("give either --point X,Y or --tree"))
        guard let bad = try Self.run(["Examples/login-form.json", "--point", "x"]) else { return }
        #expect(bad.status == 64)
        guard let none = try Self.run(["Examples/login-form.json", "--tree", "--snapshot", "nope"]) else { return }
        #expect(none.status == 4 && none.stderr.contains(#"no snapshot named "nope""#))
    }
}

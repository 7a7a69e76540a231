import Foundation
import TestSupport
import Testing

/// `render check` as issue 29 ran it: a changed golden is "changed" whatever the environment did,
/// a new environment alone passes and is counted in words, the per-session progress line says what
/// happened (never `ok` for a session that failed), `--restamp` records a new environment in one
/// command, and `--accept` says what it did.
@Suite struct CheckReviewCLITests {
    static func check(_ args: [String]) throws -> Subprocess {
        guard let binary = Repository.renderBinary() else { throw UsageMessageTests.Missing() }
        return try Subprocess.run(binary, ["check"] + args + ["--jobs", "1"], in: Hostile.root)
    }

    static func writeSession(_ dir: String, color: String) throws -> String {
        let path = dir + "/card.json"
        try Data(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Card"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "textValue": "background", "textValue2": "\#(color)"}"#,
            ])
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The sidecar's renderer version set to `v` (as a golden recorded by another release).
    static func setVersion(_ json: String, _ v: String) throws {
        var text = try String(contentsOfFile: json, encoding: .utf8)
        let r = try #require(text.range(of: #""rendererVersion" : "[^"]*""#, options: .regularExpression))
        text.replaceSubrange(r, with: "\"rendererVersion\" : \"\(v)\"")
        try text.write(toFile: json, atomically: true, encoding: .utf8)
    }

    @Test func statusesProgressAndRestamp() throws {
        let dir = try TemporaryFolder.make("check-review")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try Self.writeSession(dir, color: "#3366cc")
        let snaps = ["--snapshots", dir + "/snaps", "--failures", dir + "/fail"]
        #expect(try Self.check([session, "--record", "missing"] + snaps).status == 6)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png"))

        // Same pixels, another renderer version: passes, counted in words, with the note.
        try Self.setVersion(dir + "/snaps/card.json", "0.0.1")
        let env = try Self.check([session, "-v"] + snaps)
        #expect(env.status == 0, "\(env.stderr)")
        #expect(env.stdout.contains("1 checked: 1 passed with a new environment"), "\(env.stdout)")
        #expect(
            env.stdout.contains("note  card: environment changed since the golden was recorded: renderer version 0.0.1")
        )
        #expect(env.stderr.contains("card.json: 1 passed with a new environment"), "\(env.stderr)")

        // Other pixels as well: changed, the environment a note; the progress line is no `ok`.
        _ = try Self.writeSession(dir, color: "#00aa00")
        let changed = try Self.check([session, "-v"] + snaps)
        #expect(changed.status == 6)
        #expect(changed.stdout.contains("1 checked: 1 changed"), "\(changed.stdout)")
        #expect(!changed.stdout.contains("environmentChanged") && !changed.stderr.contains("environmentChanged"))
        #expect(changed.stderr.contains("CHANGED card: "))
        #expect(changed.stderr.contains("note: the environment changed too since the golden was recorded"))
        #expect(changed.stderr.contains("[1/1] \(session): 1 changed"), "\(changed.stderr)")
        #expect(!changed.stderr.contains(": ok ("))

        // --restamp leaves a changed golden alone ...
        let left = try Self.check([session, "--restamp"] + snaps)
        #expect(left.status == 6 && left.stdout.contains("1 checked: 1 changed"))
        #expect(try String(contentsOfFile: dir + "/snaps/card.json", encoding: .utf8).contains("0.0.1"))
        // ... and re-stamps an identical one; the PNG keeps its bytes, the next run is clean.
        _ = try Self.writeSession(dir, color: "#3366cc")
        let restamped = try Self.check([session, "--restamp"] + snaps)
        #expect(restamped.status == 0 && restamped.stdout.contains("1 checked: 1 re-stamped"), "\(restamped.stdout)")
        #expect(!(try String(contentsOfFile: dir + "/snaps/card.json", encoding: .utf8).contains("0.0.1")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/snaps/card.png")) == png)
        let clean = try Self.check([session] + snaps)
        #expect(clean.status == 0 && clean.stdout.contains("1 checked: 1 passed") && !clean.stdout.contains("note"))

        // --accept says what it did.
        _ = try Self.writeSession(dir, color: "#00aa00")
        let accepted = try Self.check([session, "--accept"] + snaps)
        #expect(accepted.status == 6)
        #expect(
            accepted.stderr.contains("card: accepted the new picture: wrote \(dir)/snaps/card.png"),
            "\(accepted.stderr)")
        #expect(!accepted.stderr.contains("(--record failed)"))
        #expect(try Self.check([session] + snaps).status == 0)
    }
}

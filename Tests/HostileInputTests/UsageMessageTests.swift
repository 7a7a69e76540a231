import Foundation
import TestSupport
import Testing

/// Issue 29's messages, through the binary as a user meets them: a misspelling gets the nearest
/// name (one helper, `NearestName`), usage errors exit 64, a fonts folder the user named must exist,
/// and a session from a newer format says what to do.
@Suite struct UsageMessageTests {
    static let sample = Hostile.root + "/Examples/login-form.json"

    static func render(_ args: [String], environment: [String: String] = [:]) throws -> Subprocess {
        guard let binary = Repository.renderBinary() else { throw Missing() }
        return try Subprocess.run(binary, args, in: Hostile.root, environment: environment)
    }
    struct Missing: Error, CustomStringConvertible {
        var description: String { "no render binary next to the tests; build the package first" }
    }

    /// A session file in a fresh folder; returns its path.
    static func session(_ bytes: [UInt8]) throws -> String {
        let dir = try TemporaryFolder.make("usage")
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/s.json"))
        return dir + "/s.json"
    }

    @Test func unknownOptionIsNamedWithTheNearestOne() throws {
        let out = try TemporaryFolder.make("usage-out")
        let r = try Self.render([Self.sample, "--ouput", out + "/x.png"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown option '--ouput'; did you mean '--output'?"), "\(r.stderr)")
        #expect(!r.stderr.contains("give one session"))
        // In a subcommand too, instead of ArgumentParser's guess from every option.
        let c = try Self.render(["check", Self.sample, "--recrod", "missing"])
        #expect(c.status == 64)
        #expect(c.stderr.contains("unknown option '--recrod'; did you mean '--record'?"), "\(c.stderr)")
    }

    @Test func unknownThemeIsAUsageErrorWithTheBuiltInNames() throws {
        let out = try TemporaryFolder.make("usage-theme")
        let r = try Self.render([Self.sample, "--theme", "darkk", "-o", out + "/x.png"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--theme darkk: no built-in theme of that name"), "\(r.stderr)")
        #expect(r.stderr.contains("built-in: android, default, ios"))
        let near = try Self.render([Self.sample, "--theme", "defualt", "-o", out + "/x.png"])
        #expect(near.status == 64 && near.stderr.contains("did you mean \"default\"?"), "\(near.stderr)")
    }

    @Test func fontsFoldersTheUserNamedMustExist() throws {
        let out = try TemporaryFolder.make("usage-fonts")
        let png = out + "/x.png"
        let fonts = try Self.render([Self.sample, "--fonts", "/nonexistent-fonts", "-o", png])
        #expect(fonts.status == 64 && fonts.stderr.contains("--fonts /nonexistent-fonts: no such folder"))
        let dir = try Self.render([Self.sample, "--fonts-dir", "/nonexistent-fonts", "-o", png])
        #expect(dir.status == 64 && dir.stderr.contains("--fonts-dir /nonexistent-fonts: no such folder"))
        let empty = try Self.render([Self.sample, "--fonts-dir", "", "-o", png])
        #expect(empty.status == 64 && empty.stderr.contains("--fonts-dir needs a folder, and the value is empty"))
        let env = try Self.render(
            [Self.sample, "-o", png], environment: ["PREVIEW_RENDERER_FONTS": "/nonexistent-fonts"])
        #expect(env.status == 64)
        #expect(env.stderr.contains("PREVIEW_RENDERER_FONTS=/nonexistent-fonts: no such folder"), "\(env.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func misspeltSessionKeyAndCommandGetTheNearestName() throws {
        let path = try Self.session(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalID": 4, "textValue": "a"}"#,
                #"{"type": "CREATE_TEXTFEILD", "internalId": 3, "childInternalId": 5}"#,
            ]))
        let r = try Self.render(["validate", path])
        #expect(
            r.stderr.contains("unknown key \"childInternalID\" ignored (did you mean \"childInternalId\"?)"),
            "\(r.stderr)")
        #expect(r.stderr.contains("unknown step type \"CREATE_TEXTFEILD\" (did you mean \"CREATE_TEXTFIELD\"?)"))
    }

    @Test func newerFormatVersionAsksForANewerRenderer() throws {
        let path = try Self.session(
            Array(#"{"format": "framework-session", "version": 2, "steps": []}"#.utf8))
        let out = try TemporaryFolder.make("usage-version")
        let r = try Self.render([path, "-o", out + "/x.png"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("this renderer reads version 1; the file needs a newer PreviewRenderer"), "\(r.stderr)")
    }

    @Test func restampGoesAlone() throws {
        let r = try Self.render(["check", Self.sample, "--restamp", "--record", "missing"])
        #expect(r.status == 64 && r.stderr.contains("--restamp rewrites sidecars only"))
    }
}
